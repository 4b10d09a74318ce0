/// The four tables of a NIBArchive, in the order of the header's count/offset pairs.
public enum NIBTableKind: Int, CaseIterable, Sendable {
    case objects, keys, values, classNames

    /// Plural noun for messages: "objects", "keys", "values", "class names".
    var noun: String {
        switch self {
        case .objects: "objects"
        case .keys: "keys"
        case .values: "values"
        case .classNames: "class names"
        }
    }

    /// Singular noun: "object", "key", "value", "class name".
    var singular: String { String(noun.dropLast()) }

    /// The smallest entry: 3 one-byte varints for an object, a length for a key, a key index and a type
    /// byte for a value, a length and an extra-word count for a class name.
    var minimumEntrySize: Int {
        switch self {
        case .objects: 3
        case .keys: 1
        case .values, .classNames: 2
        }
    }
}

/// Where one table's entries are, found by reading them once when the file is opened.
///
/// Entries have variable sizes, so entry *i* can only be found by reading the entries before it. The
/// offset of every 4th entry is kept: finding any entry reads at most 3 others, and the index costs
/// 2 bytes per entry (each entry takes at least 1 byte of the file).
struct NIBArchiveTable: Sendable {
    let kind: NIBTableKind
    /// The count the header declares.
    let declaredCount: UInt32
    /// The offset the header declares.
    let offset: Int
    /// How many entries could be read (at most `declaredCount`).
    private(set) var found = 0
    /// The offset after the last entry read (`offset` when none was).
    private(set) var end: Int
    /// Why reading stopped before `declaredCount` entries, if it did.
    private(set) var failure: NIBReadFailure?
    /// Offset of entry `stride * i`.
    private var checkpoints: [Int] = []

    static let stride = 4

    /// For the object table: the gaps between the objects' runs of values when the runs come in
    /// ibtool's order (nil when they do not, or for another table; see `NIBValueRuns`).
    private(set) var gapsInOrder: [NIBValueRuns.Stretch]?

    /// Reads the table's entries from `offset` until `declaredCount` have been read or one cannot be
    /// (for the object table, tracking the runs of the `valueCount` values that exist).
    init(kind: NIBTableKind, declaredCount: UInt32, offset: Int, reader: NIBArchiveReader, valueCount: Int = 0) {
        self.kind = kind
        self.declaredCount = declaredCount
        self.offset = offset
        end = offset
        if kind == .objects { gapsInOrder = valueCount > 0 ? [NIBValueRuns.Stretch(first: 0, end: valueCount)] : [] }
        guard declaredCount > 0 else { return }
        guard offset < reader.input.count else {
            failure = .truncated(start: offset, end: reader.input.count)
            return
        }
        // Each entry takes at least one byte, so the scan ends by the end of the input.
        let scan = NIBTableScan(kind, reader.input.buffer, offset: offset, count: Int(declaredCount), stride: Self.stride, valueCount: valueCount)
        checkpoints = scan.checkpoints
        found = scan.found
        end = scan.end
        if kind == .objects { gapsInOrder = scan.runsInOrder ? scan.gaps : nil }
        guard let stopped = scan.stoppedAt else { return }
        do {
            _ = try Self.entryEnd(kind, at: stopped, reader)
            failure = .truncated(start: stopped, end: reader.input.count) // not reached: both readers agree
        } catch {
            failure = error
        }
    }

    /// The offset after the entry of `kind` at `offset`.
    @inline(__always)
    static func entryEnd(_ kind: NIBTableKind, at offset: Int, _ reader: NIBArchiveReader) throws(NIBReadFailure) -> Int {
        switch kind {
        case .objects: try reader.object(at: offset).end
        case .keys: try reader.key(at: offset).end
        case .values: try reader.value(at: offset).end
        case .classNames: try reader.className(at: offset).end
        }
    }

    /// The bytes the readable entries occupy.
    var range: ByteRange { ByteRange(offset, end) }

    /// The offset of entry `index` (which must be below `found`): the nearest checkpoint, then the
    /// entries between it and `index`.
    func entryOffset(_ index: Int, _ reader: NIBArchiveReader) -> Int? {
        guard index >= 0, index < found else { return nil }
        var position = checkpoints[index / Self.stride]
        for _ in 0..<(index % Self.stride) {
            // Entries below `found` were read once already, so this cannot fail.
            guard let next = try? Self.entryEnd(kind, at: position, reader) else { return nil }
            position = next
        }
        return position
    }
}

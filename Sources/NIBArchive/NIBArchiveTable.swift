/// The four tables of a NIBArchive, in the order of the header's count/offset pairs.
package enum NIBTableKind: Int, CaseIterable, Sendable {
    case objects, keys, values, classNames

    /// Plural noun for messages: "objects", "keys", "values", "class names".
    package var noun: String {
        switch self {
        case .objects: "objects"
        case .keys: "keys"
        case .values: "values"
        case .classNames: "class names"
        }
    }

    /// Singular noun: "object", "key", "value", "class name".
    package var singular: String { String(noun.dropLast()) }

    /// The smallest entry: 3 one-byte varints for an object, a length for a key, a key index and a type
    /// byte for a value, a length and an extra-word count for a class name.
    package var minimumEntrySize: Int {
        switch self {
        case .objects: 3
        case .keys: 1
        case .values, .classNames: 2
        }
    }
}

import Synchronization
import ArchiveCore

/// Where one table's entries are, found by reading them (`NIBTableScan`).
///
/// Entries have variable sizes, so entry *i* can only be found by reading the entries before it. The
/// offset of every 4th entry is kept: finding any entry reads at most 3 others, and the index costs
/// 2 bytes per entry (each entry takes at least 1 byte of the file). An eager table is read in full
/// when the file is opened; the value table, most of a nib's bytes, is read as far as the objects asked
/// for need, and in full when its count, end or failure is asked for (the full check).
package final class NIBArchiveTable: Sendable {
    package let kind: NIBTableKind
    /// The count the header declares.
    package let declaredCount: UInt32
    /// The offset the header declares.
    package let offset: Int
    private let reader: NIBArchiveReader
    private let scan: Mutex<NIBTableScan>

    static let stride = 4

    /// A table of `declaredCount` entries from `offset`; read now when `eager` (for the object table,
    /// noting the runs of values below `valueBound`).
    init(kind: NIBTableKind, declaredCount: UInt32, offset: Int, reader: NIBArchiveReader, valueBound: Int = 0, eager: Bool = true) {
        self.kind = kind
        self.declaredCount = declaredCount
        self.offset = offset
        self.reader = reader
        scan = Mutex(NIBTableScan(kind, offset: offset, count: Int(declaredCount), valueBound: valueBound))
        if eager { complete() }
    }

    /// Reads every entry that can be read.
    private func complete() {
        scan.withLock { if !$0.isDone { $0.advance(reader.input.buffer, upTo: .max, stride: Self.stride) } }
    }

    /// How many entries could be read (at most `declaredCount`); reads them all.
    package var found: Int {
        complete()
        return scan.withLock { $0.found }
    }

    /// The offset after the last entry read (`offset` when none was); reads them all.
    var end: Int {
        complete()
        return scan.withLock { $0.position }
    }

    /// How many entries have been read so far (without reading more).
    var scanned: Int { scan.withLock { $0.found } }

    /// The bytes the readable entries occupy.
    var range: ByteRange { ByteRange(offset, end) }

    /// Why reading stopped before `declaredCount` entries, if it did: the entry that could not be read,
    /// read again by `NIBArchiveReader` to say why.
    package var failure: NIBReadFailure? {
        complete()
        guard let stopped = scan.withLock({ $0.stoppedAt }) else { return nil }
        do {
            _ = try Self.entryEnd(kind, at: stopped, reader)
            return .truncated(start: stopped, end: reader.input.count) // not reached: both readers agree
        } catch {
            return error
        }
    }

    /// For the object table: the values below the bound no object's run lists, when the runs come in
    /// ibtool's order (nil when they do not; see `NIBValueRuns`).
    var gapsInOrder: [NIBValueRuns.Stretch]? {
        complete()
        return scan.withLock { $0.gapsInOrder }
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

    /// The offset of entry `index`, reading the table that far when needed; nil when it cannot be read.
    func entryOffset(_ index: Int) -> Int? {
        guard index >= 0, index < Int(declaredCount) else { return nil }
        let checkpoint: Int? = scan.withLock { s in
            if s.found <= index { s.advance(reader.input.buffer, upTo: index + 1, stride: Self.stride) }
            return index < s.found ? s.checkpoints[index / Self.stride] : nil
        }
        guard var position = checkpoint else { return nil }
        for _ in 0..<(index % Self.stride) {
            // Entries below `found` were read once already, so this cannot fail.
            guard let next = try? Self.entryEnd(kind, at: position, reader) else { return nil }
            position = next
        }
        return position
    }
}

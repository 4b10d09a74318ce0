

@_spi(ArchiveInternals) import ArchiveCore

/// The typedstream object table (FORMATS.md D.4) in flat columns: per entry its kind, where it starts,
/// and one number whose meaning depends on the kind (an object's end, a class record's place in
/// `classRecords`, a C string's shared string). A million-object stream costs about 9 bytes per entry
/// here; fields are read again from the bytes when an object is shown (`TypedstreamGraph.object`).
package struct TypedstreamTable: Sendable {
    private(set) var kinds: [TypedstreamEntry.Kind] = []
    private var starts = OffsetColumn()
    /// Objects: the end of the object (after its `86`, or where decoding stopped); class records: the
    /// index in `classRecords`; C strings: the shared-string index + 1 (0: none).
    private var payloads = OffsetColumn()
    /// Class records, in table order (they are few next to objects).
    private(set) var classRecords: [TypedstreamClassRecord] = []

    var count: Int { kinds.count }

    /// Makes room for `entries` entries at once: pages not written to cost no memory, and the
    /// columns are not copied while they grow (a copy briefly needs the old and the new column).
    mutating func reserve(_ entries: Int) {
        kinds.reserveCapacity(entries)
        starts.reserve(entries)
        payloads.reserve(entries)
    }

    func kind(_ id: ObjectID) -> TypedstreamEntry.Kind { kinds[id] }

    func start(_ id: ObjectID) -> Int { starts[id] }

    /// Appends an entry whose bytes so far are `range`; returns its id.
    @discardableResult
    mutating func append(_ kind: TypedstreamEntry.Kind, range: ByteRange) -> ObjectID {
        let id = kinds.count
        kinds.append(kind)
        starts.append(range.start)
        switch kind {
        case .object:
            payloads.append(range.end)
        case .cString:
            payloads.append(0)
        case .classRecord:
            payloads.append(classRecords.count)
            classRecords.append(TypedstreamClassRecord(range: range))
        }
        return id
    }

    /// Objects: where the object ends (its start while it is being read).
    func objectEnd(_ id: ObjectID) -> Int { payloads[id] }

    mutating func setObjectEnd(_ id: ObjectID, _ end: Int) { payloads[id] = end }

    /// The byte range of object `id`.
    func objectRange(_ id: ObjectID) -> ByteRange { ByteRange(starts[id], Swift.max(starts[id], payloads[id])) }

    /// C strings: the shared string holding the value, if it could be read.
    func cStringIndex(_ id: ObjectID) -> Int? {
        let stored = payloads[id]
        return stored > 0 ? stored - 1 : nil
    }

    mutating func setCStringIndex(_ id: ObjectID, _ index: Int) { payloads[id] = index + 1 }

    /// Class records: the record of entry `id` (which must be a class record).
    package func classRecord(_ id: ObjectID) -> TypedstreamClassRecord { classRecords[payloads[id]] }

    /// Changes the class record of entry `id` (which must be a class record).
    mutating func updateClassRecord(_ id: ObjectID, _ change: (inout TypedstreamClassRecord) -> Void) {
        change(&classRecords[payloads[id]])
    }

    /// The class record of object `id`, read again from the byte after its `84` as the decoder resolved
    /// it: `85` none, `84` the record numbered next, or a reference to an earlier class record (the
    /// table then held the entries before the object and the object itself).
    func classID(ofObject id: ObjectID, in input: InputBytes, bigEndian: Bool) -> ObjectID? {
        let at = starts[id] + 1
        guard let head = input.byte(at: at) else { return nil }
        switch head {
        case TypedstreamTag.null:
            return nil
        case TypedstreamTag.new:
            return id + 1 < count && kinds[id + 1] == .classRecord ? id + 1 : nil
        default:
            guard let number = TypedstreamReader.integer(head: head, at: at + 1, in: input, bigEndian: bigEndian) else { return nil }
            let index = number - TypedstreamTag.firstReferenceNumber
            guard index >= 0, index < Int128(id), kinds[Int(index)] == .classRecord else { return nil }
            return Int(index)
        }
    }

    /// The first entry at or after `from` that starts at or after `offset` (entries are numbered in
    /// stream order). Searched from `from` in growing steps: after a nested object, the next entry
    /// is usually a few numbers on.
    func firstEntry(startingAtOrAfter offset: Int, from: ObjectID = 0) -> ObjectID {
        var low = Swift.max(0, from), high = low, step = 1
        while high < count, starts[high] < offset {
            low = high + 1
            high = Swift.min(count, high + step)
            step = step &* 2
        }
        high = Swift.min(high, count)
        while low < high {
            let mid = low + (high - low) / 2
            if starts[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// What a class record holds (FORMATS.md D.6).
package struct TypedstreamClassRecord: Sendable {
    /// From the `84` through the version.
    var range: ByteRange
    /// The class name (nil when it could not be read).
    package var name: String?
    var version: Int?
    /// The superclass (`.null` for a root class); nil until read.
    var superclass: Reference?
    /// Bytes of the superclass (its record, or the `85` / reference ending the chain).
    var superclassRange: ByteRange?
    /// Number of classes from this one to the root.
    var chainDepth = 1
}

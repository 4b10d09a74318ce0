import ArchiveCore

/// A pass over a table's entries as a tight loop over the input's bytes, which can stop and resume.
///
/// A 100 MB nib has some 10 million values and 4 million objects; reading each entry through
/// `NIBArchiveReader` (optional bytes, thrown failures, entry structs) made the pass most of the time
/// to the first screen. This loop only finds where entries start, keeping every `stride`th offset; it
/// stops at the first entry it cannot read, and `NIBArchiveReader` then reads that entry again to say
/// exactly why.
struct NIBTableScan: Sendable {
    let kind: NIBTableKind
    /// Entries the header declares.
    let count: Int
    /// Offset of entry `stride * i`.
    private(set) var checkpoints: [Int] = []
    /// Entries read.
    private(set) var found = 0
    /// Offset of the next entry: after the last one read.
    private(set) var position: Int
    /// Offset of the entry that could not be read, if one could not.
    private(set) var stoppedAt: Int?
    /// For the object table: whether the objects' runs of values, clipped to `valueBound`, come in
    /// ibtool's order (each starting where the one before ended), and the gaps between them so far.
    private(set) var runsInOrder = true
    private var gaps: [NIBValueRuns.Stretch] = []
    private var covered = 0
    private let valueBound: Int

    /// Whether every entry that can be read has been.
    var isDone: Bool { stoppedAt != nil || found >= count }

    init(_ kind: NIBTableKind, offset: Int, count: Int, valueBound: Int = 0) {
        self.kind = kind
        self.count = count
        position = offset
        self.valueBound = valueBound
    }

    /// For a finished object scan in ibtool's order: the values below `valueBound` no run lists.
    var gapsInOrder: [NIBValueRuns.Stretch]? {
        guard runsInOrder else { return nil }
        return valueBound > covered ? gaps + [NIBValueRuns.Stretch(first: covered, end: valueBound)] : gaps
    }

    /// Reads entries until `target` have been read (or every one that can be).
    mutating func advance(_ bytes: UnsafeRawBufferPointer, upTo target: Int, stride: Int) {
        let goal = Swift.min(target, count)
        guard found < goal, stoppedAt == nil else { return }
        if checkpoints.isEmpty {
            checkpoints.reserveCapacity(Swift.min(count, Swift.max(0, bytes.count - position) / kind.minimumEntrySize) / stride + 1)
        }
        // One loop per kind, so that the entry's layout is not chosen again for each of millions.
        switch kind {
        case .objects: scanObjects(bytes, goal: goal, stride: stride)
        case .keys: scan(bytes, goal: goal, stride: stride) { i in
            guard let length = Self.varint(bytes, &i) else { return false }
            return Self.skip(length, bytes, &i)
        }
        case .values: scan(bytes, goal: goal, stride: stride) { Self.value(bytes, &$0) }
        case .classNames: scan(bytes, goal: goal, stride: stride) { i in
            guard let length = Self.varint(bytes, &i), let extras = Self.varint(bytes, &i), extras <= UInt64(Int.max / 8) else { return false }
            return Self.skip(extras * 4, bytes, &i) && Self.skip(length, bytes, &i)
        }
        }
    }

    /// Entries read by `entry`, which advances the offset past one and says whether it could.
    @inline(__always)
    private mutating func scan(_ bytes: UnsafeRawBufferPointer, goal: Int, stride: Int, _ entry: (inout Int) -> Bool) {
        var i = position
        var n = found
        defer { found = n; position = i }
        while n < goal {
            if n % stride == 0 { checkpoints.append(i) }
            let start = i
            guard entry(&i) else {
                stoppedAt = start
                i = start
                return
            }
            n += 1
        }
    }

    /// The object table, noting the runs of values while they come in ibtool's order. Written out
    /// rather than through `scan`: variables a closure captures and changes live in boxes on the heap.
    private mutating func scanObjects(_ bytes: UnsafeRawBufferPointer, goal: Int, stride: Int) {
        var i = position
        var n = found
        var covered = self.covered, inOrder = runsInOrder
        let bound = UInt64(valueBound)
        defer { found = n; position = i; self.covered = covered; runsInOrder = inOrder }
        while n < goal {
            if n % stride == 0 { checkpoints.append(i) }
            let start = i
            guard Self.varint(bytes, &i) != nil, let first = Self.varint(bytes, &i), let count = Self.varint(bytes, &i) else {
                stoppedAt = start
                i = start
                return
            }
            n += 1
            guard inOrder else { continue }
            let low = Int(Swift.min(first, bound))
            let (sum, overflow) = first.addingReportingOverflow(count)
            let high = overflow ? Int(bound) : Int(Swift.min(sum, bound))
            guard high > low else { continue }
            if low < covered {
                inOrder = false
                gaps = []
                continue
            }
            if low > covered { gaps.append(NIBValueRuns.Stretch(first: covered, end: low)) }
            covered = high
        }
    }

    /// The variable-length integer at `i` (FORMATS.md E), advancing `i`; nil when it runs off the end,
    /// does not end within 10 bytes or exceeds 64 bits.
    @inline(__always)
    static func varint(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> UInt64? {
        // Most are one byte.
        if i < bytes.count, bytes[i] & 0x80 != 0 {
            i += 1
            return UInt64(bytes[i - 1] & 0x7F)
        }
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while i < bytes.count, shift < 70 {
            let byte = bytes[i]
            i += 1
            let bits = UInt64(byte & 0x7F)
            if shift > 57, bits >> (64 - shift) != 0 { return nil }
            value |= bits << shift
            if byte & 0x80 != 0 { return value }
            shift += 7
        }
        return nil
    }

    /// Advances `i` by `count` bytes when that many are left.
    @inline(__always)
    static func skip(_ count: UInt64, _ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> Bool {
        guard count <= UInt64(bytes.count - i) else { return false }
        i += Int(count)
        return true
    }

    /// Advances `i` past the value there: key index, type byte, payload.
    @inline(__always)
    static func value(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> Bool {
        guard varint(bytes, &i) != nil, i < bytes.count else { return false }
        let type = bytes[i]
        i += 1
        switch type {
        case NIBValueType.falseValue, NIBValueType.trueValue, NIBValueType.nilValue: return true
        case NIBValueType.int8: return skip(1, bytes, &i)
        case NIBValueType.int16: return skip(2, bytes, &i)
        case NIBValueType.int32, NIBValueType.float32, NIBValueType.object: return skip(4, bytes, &i)
        case NIBValueType.int64, NIBValueType.float64: return skip(8, bytes, &i)
        case NIBValueType.data:
            guard let length = varint(bytes, &i) else { return false }
            return skip(length, bytes, &i)
        default: return false
        }
    }
}

/// The pass over a whole table when a nib is opened, as a tight loop over the input's bytes.
///
/// A 100 MB nib has some 10 million values and 4 million objects; reading each entry through
/// `NIBArchiveReader` (optional bytes, thrown failures, entry structs) made this pass most of the time
/// to the first screen. This loop only finds where entries start; it stops at the first entry it cannot
/// read, and `NIBArchiveReader` then reads that entry again to say exactly why.
struct NIBTableScan {
    /// Offset of entry `stride * i`.
    var checkpoints: [Int] = []
    /// Entries read.
    var found = 0
    /// Offset after the last entry read.
    var end: Int
    /// Offset of the entry that could not be read, if one could not.
    var stoppedAt: Int?
    /// For the object table: each object's run of values, clipped to `valueCount`, while they come in
    /// ibtool's order (each run starting where the one before ended); the gaps between them.
    var runsInOrder = true
    var gaps: [NIBValueRuns.Stretch] = []

    /// Scans `count` entries of `kind` from `offset`. For the object table, `valueCount` (the values
    /// that exist) is what the runs are clipped to.
    init(_ kind: NIBTableKind, _ bytes: UnsafeRawBufferPointer, offset: Int, count: Int, stride: Int, valueCount: Int = 0) {
        end = offset
        checkpoints.reserveCapacity(Swift.min(count, Swift.max(0, bytes.count - offset) / kind.minimumEntrySize) / stride + 1)
        // One loop per kind, so that the entry's layout is not chosen again for each of millions.
        switch kind {
        case .objects: scanObjects(bytes, offset: offset, count: count, stride: stride, valueCount: valueCount)
        case .keys: scan(bytes, offset: offset, count: count, stride: stride) { i in
            guard let length = Self.varint(bytes, &i) else { return false }
            return Self.skip(length, bytes, &i)
        }
        case .values: scan(bytes, offset: offset, count: count, stride: stride) { Self.value(bytes, &$0) }
        case .classNames: scan(bytes, offset: offset, count: count, stride: stride) { i in
            guard let length = Self.varint(bytes, &i), let extras = Self.varint(bytes, &i), extras <= UInt64(Int.max / 8) else { return false }
            return Self.skip(extras * 4, bytes, &i) && Self.skip(length, bytes, &i)
        }
        }
    }

    /// Entries read by `entry`, which advances the offset past one and says whether it could.
    @inline(__always)
    private mutating func scan(_ bytes: UnsafeRawBufferPointer, offset: Int, count: Int, stride: Int, _ entry: (inout Int) -> Bool) {
        var i = offset
        var next = 0 // entries until the next checkpoint
        while found < count {
            if next == 0 { checkpoints.append(i); next = stride }
            next -= 1
            let start = i
            guard entry(&i) else {
                stoppedAt = start
                end = start
                return
            }
            found += 1
        }
        end = i
    }

    /// The object table, noting the runs of values while they come in ibtool's order.
    private mutating func scanObjects(_ bytes: UnsafeRawBufferPointer, offset: Int, count: Int, stride: Int, valueCount: Int) {
        var covered = 0
        var inOrder = true
        var gaps: [NIBValueRuns.Stretch] = []
        scan(bytes, offset: offset, count: count, stride: stride) { i in
            guard Self.varint(bytes, &i) != nil, let first = Self.varint(bytes, &i), let n = Self.varint(bytes, &i) else { return false }
            guard inOrder else { return true }
            let start = Int(Swift.min(first, UInt64(valueCount)))
            let (sum, overflow) = first.addingReportingOverflow(n)
            let stop = overflow ? valueCount : Int(Swift.min(sum, UInt64(valueCount)))
            if stop > start {
                if start < covered { inOrder = false; return true }
                if start > covered { gaps.append(NIBValueRuns.Stretch(first: covered, end: start)) }
                covered = stop
            }
            return true
        }
        if inOrder, valueCount > covered { gaps.append(NIBValueRuns.Stretch(first: covered, end: valueCount)) }
        runsInOrder = inOrder
        self.gaps = gaps
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



@_spi(ArchiveInternals) import ArchiveCore

extension BinaryPlistObjectDecoder {
    enum ContainerKind {
        case array, set, dict

        /// The word messages use.
        var counted: BinaryPlistIssue.Counted {
            switch self {
            case .array: .array
            case .set: .set
            case .dict: .dictionary
            }
        }
    }

    /// The count in the marker's low nibble, or the integer object that follows when it is 0xF
    /// (FORMATS.md A.5). Returns the count and where the payload starts.
    func readCount(_ nibble: Int, _ offset: Int, _ c: inout Context) -> (UInt64, Int)? {
        if nibble != 0x0F { return (UInt64(nibble), offset + 1) }
        guard let intMarker = input.byte(at: offset + 1), offset + 1 < layout.objectAreaEnd else {
            c.add(.countMissing(offset: offset), ByteRange(offset, offset + 1))
            return nil
        }
        guard intMarker >> 4 == 0x1, intMarker & 0x0F <= 4 else {
            c.add(.countBadMarker(offset: offset + 1, marker: intMarker), ByteRange(offset + 1, offset + 2))
            return nil
        }
        let width = 1 << Int(intMarker & 0x0F)
        guard payloadFits(offset + 2, width, what: "count", &c), let value = input.uintBE(at: offset + 2 + Swift.max(0, width - 8), width: Swift.min(width, 8)) else {
            return nil
        }
        if value > UInt64(Int64.max) {
            c.add(.countAboveLongMax(count: value), ByteRange(offset, offset + 2 + width))
        }
        return (value, offset + 2 + width)
    }

    /// The number of entries a container holds (cut to what fits before the offset table) and where
    /// its references start; nil when the count is unreadable.
    func containerHeader(_ kind: ContainerKind, _ nibble: Int, _ offset: Int, _ c: inout Context) -> (entries: Int, refsStart: Int)? {
        guard let (count, refsStart) = readCount(nibble, offset, &c) else { return nil }
        let r = layout.objectRefSize
        let refsPerEntry = kind == .dict ? 2 : 1
        let available = Swift.max(0, layout.objectAreaEnd - refsStart) / (r * refsPerEntry)
        if count > UInt64(available) {
            c.add(.entriesBeyondArea(kind.counted, count: count, available: available, areaEnd: layout.objectAreaEnd),
                  ByteRange(offset, layout.objectAreaEnd))
            return (available, refsStart)
        }
        return (Int(clamping: count), refsStart)
    }

    /// The values of the dictionary whose marker is at `offset` (its second half of references), or the
    /// elements of an array or set, references unread; nil for other objects.
    func containerValues(at offset: Int, id: Int) -> PlistArrayElements? {
        guard let marker = input.byte(at: offset), marker >> 4 == 0xD else { return arrayElements(at: offset, id: id) }
        var c = Context(id: id, start: offset)
        guard let (entries, refsStart) = containerHeader(.dict, Int(marker & 0x0F), offset, &c) else { return nil }
        let r = layout.objectRefSize
        let end = refsStart + 2 * entries * r
        return PlistArrayElements(input: input, start: refsStart + entries * r, width: r, count: entries, isSet: false,
                                  range: ByteRange(offset, Swift.max(end, offset + 1)))
    }

    /// The elements of the array or set whose marker is at `offset`, references unread; nil for other objects.
    func arrayElements(at offset: Int, id: Int) -> PlistArrayElements? {
        guard let marker = input.byte(at: offset) else { return nil }
        let isSet: Bool
        switch marker >> 4 {
        case 0xA, 0xB: isSet = false
        case 0xC: isSet = true
        default: return nil
        }
        var c = Context(id: id, start: offset)
        guard let (entries, refsStart) = containerHeader(isSet ? .set : .array, Int(marker & 0x0F), offset, &c) else { return nil }
        let r = layout.objectRefSize
        let end = refsStart + entries * r
        return PlistArrayElements(input: input, start: refsStart, width: r, count: entries, isSet: isSet,
                                  range: ByteRange(offset, Swift.max(end, offset + 1)))
    }

    func decodeContainer(_ kind: ContainerKind, _ nibble: Int, _ offset: Int, _ c: inout Context) -> (PlistValue, Int) {
        var refs: [Int] = []
        var values: [Int] = []
        guard let end = scanContainer(kind, nibble, offset, &c, reserve: { entries in
            refs.reserveCapacity(entries)
            if kind == .dict { values.reserveCapacity(entries) }
        }, { i, entries, ref in
            if i < entries { refs.append(ref) } else { values.append(ref) }
        }) else { return (.invalid("container count unreadable"), offset + 1) }
        switch kind {
        case .array: return (.array(refs), end)
        case .set: return (.set(refs), end)
        case .dict: return (.dict(keys: refs, values: values), end)
        }
    }

    /// Reads a container's header and references, reporting what `decodeContainer` reports: `reserve`
    /// gets the number of entries, `body` each reference in file order (a dictionary's keys, then its
    /// values) with its position and the number of entries. Returns where the container ends, nil
    /// when its count is unreadable.
    func scanContainer(_ kind: ContainerKind, _ nibble: Int, _ offset: Int, _ c: inout Context, reserve: (Int) -> Void,
                       _ body: (_ position: Int, _ entries: Int, _ ref: Int) -> Void) -> Int? {
        guard let (entries, refsStart) = containerHeader(kind, nibble, offset, &c) else { return nil }
        reserve(entries)
        let r = layout.objectRefSize
        let refsPerEntry = kind == .dict ? 2 : 1
        var badRefs = 0
        for i in 0..<(entries * refsPerEntry) {
            let ref = readRef(at: refsStart + i * r)
            body(i, entries, ref)
            if ref >= layout.objectCount {
                badRefs += 1
                if badRefs <= Self.reportedBadRefs {
                    c.add(.refOutOfRange(ref: ref, objects: layout.objectCount), ByteRange(start: refsStart + i * r, count: r))
                }
            }
        }
        if badRefs > Self.reportedBadRefs {
            c.add(.refsOutOfRangeMore(count: badRefs - Self.reportedBadRefs, in: kind.counted), ByteRange(refsStart, refsStart + entries * refsPerEntry * r))
        }
        if kind == .dict, c.id != nil {
            for i in 0..<entries { checkKey(i, readRef(at: refsStart + i * r), refsStart: refsStart, &c) }
        }
        return refsStart + entries * refsPerEntry * r
    }

    /// For the whole-file check: the node `decode(id:)` gives for object `id`, except that a
    /// container's references are only checked, not built into its value, which is then `.null`.
    /// Same range and diagnostics; nothing is kept per reference (the check reads them again from
    /// the file where it walks them: `BinaryPlistExtents.references(of:)`); `childCount` is set to
    /// their number (a dictionary's keys and values counted apart).
    func decodeForCheck(id: Int, childCount: inout Int) -> PlistNode {
        guard let offset = layout.offset(of: id, in: input), offset >= 8, offset < layout.objectAreaEnd,
              let marker = input.byte(at: offset) else { return decode(id: id) }
        let kind: ContainerKind
        switch marker >> 4 {
        case 0xA, 0xB: kind = .array
        case 0xC: kind = .set
        case 0xD: kind = .dict
        default: return decode(id: id)
        }
        var c = Context(id: id, start: offset)
        if marker >> 4 == 0xB { c.add(.markerV1xOnly(marker: marker, type: "ordered set"), ByteRange(offset, offset + 1)) }
        let end = scanContainer(kind, Int(marker & 0x0F), offset, &c, reserve: { childCount = kind == .dict ? 2 * $0 : $0 }, { _, _, _ in })
        guard let end else { return PlistNode(.invalid("container count unreadable"), range: ByteRange(offset, offset + 1), diagnostics: c.diagnostics) }
        return PlistNode(.null, range: ByteRange(offset, Swift.min(Swift.max(end, offset + 1), input.count)), diagnostics: c.diagnostics)
    }

    /// Out-of-range references reported one by one per container; the rest are summed up.
    static let reportedBadRefs = 8

    /// One reference (the low 64 bits of an R-byte big-endian number); ids outside the table are kept.
    private func readRef(at position: Int) -> Int {
        let r = layout.objectRefSize
        let raw = input.uintBE(at: position + Swift.max(0, r - 8), width: Swift.min(r, 8)) ?? UInt64.max
        return Int(clamping: raw)
    }

    /// Dictionary keys must not be containers; non-string keys are legal for CF's binary reader but unusual.
    private func checkKey(_ i: Int, _ key: Int, refsStart: Int, _ c: inout Context) {
        guard c.id != nil, let start = layout.offset(of: key, in: input), start < layout.objectAreaEnd, let marker = input.byte(at: start) else { return }
        let type = marker >> 4
        let refRange = ByteRange(start: refsStart + i * layout.objectRefSize, count: layout.objectRefSize)
        if type == 0xA || type == 0xB || type == 0xC || type == 0xD {
            c.add(.dictContainerKey(index: i, key: key, marker: marker), refRange)
        } else if type != 0x5 && type != 0x6 && type != 0x7 {
            c.add(.dictNonStringKey(index: i, key: key, marker: marker), refRange)
        }
    }
}

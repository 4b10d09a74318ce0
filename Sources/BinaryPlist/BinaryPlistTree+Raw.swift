

@_spi(ArchiveInternals) import ArchiveCore

extension BinaryPlistTree {
    /// The marker byte of object `id` when its offset lies in the object area; nil otherwise.
    package func marker(of id: Int) -> UInt8? {
        guard let layout, let offset = layout.offset(of: id, in: input), offset >= 8, offset < layout.objectAreaEnd else { return nil }
        return input.byte(at: offset)
    }

    /// The references of container `id` read straight from its bytes when its header is well formed
    /// (a readable count whose references fit in the object area): for a dictionary its keys and
    /// values, for an array or set its elements (`keys` nil). Nil for anything else, or a header
    /// `node(_:)` would report a problem with. The references themselves are not checked here.
    package func wellFormedContainer(_ id: Int) -> (keys: PlistArrayElements?, values: PlistArrayElements)? {
        guard let layout, let offset = layout.offset(of: id, in: input), offset >= 8, offset < layout.objectAreaEnd,
              let marker = input.byte(at: offset) else { return nil }
        let kind: BinaryPlistObjectDecoder.ContainerKind
        switch marker >> 4 {
        case 0xA: kind = .array
        case 0xC: kind = .set
        case 0xD: kind = .dict
        default: return nil  // 0xB (ordered set) is v1x-only: its node carries a diagnostic
        }
        let decoder = BinaryPlistObjectDecoder(input: input, layout: layout, materialize: false)
        var context = BinaryPlistObjectDecoder.Context(id: id, start: offset)
        guard let (entries, refsStart) = decoder.containerHeader(kind, Int(marker & 0x0F), offset, &context),
              context.diagnostics.isEmpty else { return nil }
        let r = layout.objectRefSize
        let range = ByteRange(offset, Swift.max(refsStart + (kind == .dict ? 2 : 1) * entries * r, offset + 1))
        let first = PlistArrayElements(input: input, start: refsStart, width: r, count: entries, isSet: kind == .set, range: range)
        guard kind == .dict else { return (nil, first) }
        return (first, PlistArrayElements(input: input, start: refsStart + entries * r, width: r, count: entries, isSet: false, range: range))
    }

    /// Whether `node(id)` has a value other than `.invalid`, when a full check has decoded every
    /// object (nil before, or when it could not tell).
    package func knownToDecode(_ id: Int) -> Bool? {
        guard let invalid = invalidCache.withLock({ $0 }), id >= 0, id < nodeCount else { return nil }
        var low = 0, high = invalid.count
        let key = Int32(truncatingIfNeeded: id)
        while low < high {
            let mid = (low + high) / 2
            if invalid[mid] < key { low = mid + 1 } else { high = mid }
        }
        return !(low < invalid.count && invalid[low] == key)
    }

    /// Whether object `id` is the string `$null` (exactly `isString(id, equalTo: "$null")`, with the
    /// common ASCII case compared in place).
    package func isNullMarker(_ id: Int) -> Bool {
        guard let layout, let offset = layout.offset(of: id, in: input), offset >= 8, offset < layout.objectAreaEnd,
              let marker = input.byte(at: offset) else { return false }
        guard marker == 0x55, offset + 6 <= layout.objectAreaEnd else {
            return marker >> 4 == 0x5 || marker >> 4 == 0x6 ? isString(id, equalTo: "$null") : false
        }
        let b = input.buffer
        return b[offset + 1] == 0x24 && b[offset + 2] == 0x6E && b[offset + 3] == 0x75 && b[offset + 4] == 0x6C && b[offset + 5] == 0x6C
    }
}

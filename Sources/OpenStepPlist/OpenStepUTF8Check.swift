import ArchiveCore

/// Finds ill-formed UTF-8 in an input, sequence by sequence, so the decoder can warn before it decodes
/// the text lossily.
enum OpenStepUTF8Check {
    /// The ranges of ill-formed sequences, each a maximal subpart as Unicode defines it (the same units
    /// `String(decoding:as:)` replaces with one U+FFFD each). Stops collecting after `limit` ranges;
    /// `total` still counts them all.
    static func invalidRanges(in bytes: UnsafeRawBufferPointer, limit: Int) -> (ranges: [ByteRange], total: Int) {
        var ranges: [ByteRange] = []
        var total = 0
        var i = 0
        let count = bytes.count
        while i < count {
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            let length = validLength(bytes, at: i)
            if length > 0 {
                i += length
                continue
            }
            let bad = invalidLength(bytes, at: i)
            total += 1
            if ranges.count < limit { ranges.append(ByteRange(start: i, count: bad)) }
            i += bad
        }
        return (ranges, total)
    }

    /// Expected sequence length for a lead byte and the allowed range of its second byte
    /// (Unicode Table 3-7), or nil for a byte that cannot lead.
    private static func shape(_ lead: UInt8) -> (length: Int, second: ClosedRange<UInt8>)? {
        switch lead {
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
        case 0xED: (3, 0x80...0x9F)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)
        default: nil
        }
    }

    /// Number of bytes that are well-formed after `i` within the sequence it leads (at least 1).
    private static func wellFormedPrefix(_ bytes: UnsafeRawBufferPointer, at i: Int) -> (prefix: Int, length: Int) {
        guard let (length, second) = shape(bytes[i]) else { return (1, 0) }
        var k = 1
        while k < length, i + k < bytes.count {
            let b = bytes[i + k]
            let ok = k == 1 ? second.contains(b) : (b & 0xC0 == 0x80)
            guard ok else { break }
            k += 1
        }
        return (k, length)
    }

    /// Length of the well-formed sequence at `i`, or 0 when it is ill-formed.
    private static func validLength(_ bytes: UnsafeRawBufferPointer, at i: Int) -> Int {
        let (prefix, length) = wellFormedPrefix(bytes, at: i)
        return prefix == length ? length : 0
    }

    /// Length of the maximal subpart of the ill-formed sequence at `i` (at least 1).
    private static func invalidLength(_ bytes: UnsafeRawBufferPointer, at i: Int) -> Int {
        wellFormedPrefix(bytes, at: i).prefix
    }
}

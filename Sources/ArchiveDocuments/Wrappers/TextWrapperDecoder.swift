import ArchiveCore

/// Decodes base64 and hexadecimal text wrappers. Strict: any byte outside the alphabet (besides
/// whitespace, and the `<` `>` of an NSData description for hex) means the text is not a wrapper.
enum TextWrapperDecoder {
    /// The bytes of base64 text (standard or URL-safe alphabet, padding optional, in lines), or nil.
    static func base64(_ input: InputBytes) -> [UInt8]? {
        input.buffer.withMemoryRebound(to: UInt8.self) { text -> [UInt8]? in
            var out: [UInt8] = []
            out.reserveCapacity(text.count / 4 * 3 + 3)
            var accumulator: UInt32 = 0
            var bits = 0
            var digits = 0
            var padding = 0
            for b in text {
                let value: UInt32
                switch b {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(b - UInt8(ascii: "A"))
                case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(b - UInt8(ascii: "a")) + 26
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(b - UInt8(ascii: "0")) + 52
                case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
                case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
                case UInt8(ascii: "="): padding += 1; continue
                // Line breaks only: base64 text is written in lines, never with spaces between its digits.
                case 0x0A, 0x0D: continue
                default: return nil
                }
                guard padding == 0 else { return nil }
                accumulator = accumulator << 6 | value
                bits += 6
                digits += 1
                if bits >= 8 {
                    bits -= 8
                    out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                }
            }
            return digits >= 12 && padding <= 2 ? out : nil
        }
    }

    /// The bytes of hexadecimal text (`xxd -p`, plain, or `<62706c69 73743030 …>`), or nil.
    static func hex(_ input: InputBytes) -> [UInt8]? {
        input.buffer.withMemoryRebound(to: UInt8.self) { text -> [UInt8]? in
            var out: [UInt8] = []
            out.reserveCapacity(text.count / 2)
            var high: UInt8?
            var opened = false, closed = false
            for b in text {
                let value: UInt8
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = b - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): value = b - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): value = b - UInt8(ascii: "A") + 10
                case 0x20, 0x09, 0x0A, 0x0D: continue
                case UInt8(ascii: "<") where !opened && out.isEmpty && high == nil: opened = true; continue
                case UInt8(ascii: ">") where opened && !closed: closed = true; continue
                default: return nil
                }
                guard !closed else { return nil }
                if let h = high {
                    out.append(h << 4 | value)
                    high = nil
                } else {
                    high = value
                }
            }
            return high == nil && out.count >= 8 && opened == closed ? out : nil
        }
    }
}

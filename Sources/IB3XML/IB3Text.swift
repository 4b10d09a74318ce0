import ArchiveCore
import XMLPlist

/// Decodes the text of an IB3 XML archive: attribute values and the content of text elements, with
/// the entity references and CDATA sections XML allows (through the XML plist reader's
/// `XMLTextDecoder`), and the unpadded base64 IB writes for `<bytes>` and `<string type="base64-UTF8">`.
enum IB3Text {
    /// An attribute value with its entity references expanded.
    static func attribute(_ buffer: UnsafeRawBufferPointer, _ range: ByteRange) -> String {
        XMLTextDecoder(buffer: buffer).decode([.text(clamped(range, buffer))]).string(in: buffer)
    }

    /// The bytes of an element's content: text with references expanded, CDATA verbatim, comments dropped.
    static func content(_ buffer: UnsafeRawBufferPointer, _ range: ByteRange) -> [UInt8] {
        let range = clamped(range, buffer)
        // A reader over the input cut at the content's end keeps offsets those of the file.
        let upTo = UnsafeRawBufferPointer(rebasing: buffer[0..<range.end])
        var reader = XMLMarkupReader(upTo, start: range.start)
        var segments: [XMLLeafSegment] = []
        loop: while true {
            switch reader.next() {
            case .end: break loop
            case .text(let r): segments.append(.text(r))
            case .markup(let m): segments.append(m.kind == .cdata ? .cdata(m.content) : .skipped(m.kind, m.range))
            case .tag(let t): segments.append(.skipped(.comment, t.range))
            case .invalid(let r): segments.append(.literal(r))
            }
        }
        return XMLTextDecoder(buffer: buffer).decode(segments).withBytes(in: buffer) { Array($0) }
    }

    /// Base64 as IB writes it: no `=` padding, so 2 or 3 digits left over give 1 or 2 bytes (a single
    /// digit left over carries no whole byte). Whitespace is skipped; nil at the first other character
    /// outside the alphabet (with its index).
    static func base64(_ text: [UInt8]) -> (bytes: [UInt8]?, badIndex: Int?) {
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3 + 2)
        var accumulator: UInt32 = 0, digits = 0
        for (i, c) in text.enumerated() {
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == UInt8(ascii: "=") { continue }
            guard let v = digit(c) else { return (nil, i) }
            accumulator = (accumulator << 6) | UInt32(v)
            digits += 1
            if digits == 4 {
                out += [UInt8(truncatingIfNeeded: accumulator >> 16), UInt8(truncatingIfNeeded: accumulator >> 8), UInt8(truncatingIfNeeded: accumulator)]
                accumulator = 0
                digits = 0
            }
        }
        if digits == 2 { out.append(UInt8(truncatingIfNeeded: accumulator >> 4)) }
        if digits == 3 { out += [UInt8(truncatingIfNeeded: accumulator >> 10), UInt8(truncatingIfNeeded: accumulator >> 2)] }
        return (out, nil)
    }

    private static func digit(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): c - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): c - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }

    private static func clamped(_ range: ByteRange, _ buffer: UnsafeRawBufferPointer) -> ByteRange {
        ByteRange(Swift.min(range.start, buffer.count), Swift.min(range.end, buffer.count))
    }
}

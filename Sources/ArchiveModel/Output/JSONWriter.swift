/// A minimal streaming JSON writer: strings are escaped per RFC 8259 (controls as `\u00XX`), numbers
/// that JSON cannot express (NaN, infinities) are written as strings.
public struct JSONWriter {
    private var bytes: [UInt8] = []

    public init() {}

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Bytes written so far.
    public var count: Int { bytes.count }

    public mutating func raw(_ s: String) { bytes.append(contentsOf: s.utf8) }

    public mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        // Fast path: printable ASCII without quotes or backslashes goes out as is.
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            bytes.append(contentsOf: s.utf8)
        } else {
            for scalar in s.unicodeScalars { escape(scalar) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ scalar: Unicode.Scalar) {
        switch scalar {
        case "\"": raw("\\\"")
        case "\\": raw("\\\\")
        case "\n": raw("\\n")
        case "\r": raw("\\r")
        case "\t": raw("\\t")
        case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
            || DisplayText.isInvisibleFormat(scalar.value):
            // Above U+FFFF (the tag characters U+E0000…) as a UTF-16 surrogate pair, as JSON requires:
            // `\ue0001` would read as U+E000 followed by "1".
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                raw("\\u" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex)
            }
        default:
            bytes.append(contentsOf: String(scalar).utf8)
        }
    }

    public mutating func number(_ d: Double) {
        if d.isFinite { raw("\(d)") } else { string(ValueFormatter.real(d)) }
    }

    /// Writes `"key":` (with a comma before it unless `first`).
    public mutating func key(_ k: String, first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        string(k)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Takes the text written so far, leaving the writer empty (for streaming large documents).
    public mutating func flush() -> String {
        defer { bytes.removeAll(keepingCapacity: true) }
        return text
    }
}

/// A minimal streaming JSON writer: strings are escaped per RFC 8259 (controls as `\u00XX`), numbers
/// that JSON cannot express (NaN, infinities) are written as strings.
public struct JSONWriter {
    public private(set) var text = ""

    public init() {}

    public mutating func raw(_ s: String) { text += s }

    public mutating func string(_ s: String) {
        text += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                || DisplayText.isInvisibleFormat(scalar.value):
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    public mutating func number(_ d: Double) {
        if d.isFinite { text += "\(d)" } else { string(ValueFormatter.real(d)) }
    }

    /// Writes `"key":` (with a comma before it unless `first`).
    public mutating func key(_ k: String, first: Bool = false) {
        if !first { text += "," }
        string(k)
        text += ":"
    }

    /// Takes the text written so far, leaving the writer empty (for streaming large documents).
    public mutating func flush() -> String {
        defer { text = "" }
        return text
    }
}

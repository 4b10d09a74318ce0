/// Hexadecimal formatting helpers.
enum Hex {
    static let digits = Array("0123456789abcdef")

    /// Two lowercase hex digits.
    static func byte(_ b: UInt8) -> String { String([digits[Int(b >> 4)], digits[Int(b & 15)]]) }

    /// `value` as at least `width` lowercase hex digits.
    static func offset(_ value: Int, width: Int = 8) -> String {
        String(max(0, value), radix: 16).leftPad(width)
    }
}

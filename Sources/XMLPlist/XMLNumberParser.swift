import ArchiveCore

/// Parses `<integer>` and `<real>` text the way CF does (FORMATS.md §B.2; CF `parseIntegerTag`,
/// `parseRealTag`), reporting problems with the index of the offending byte in the text.
package enum XMLNumberParser {
    /// Why an `<integer>` is not a clean CF integer.
    package enum IntegerProblem: Equatable, Sendable {
        /// Nothing but whitespace.
        case empty
        /// A sign or `0x` with no digits after it.
        case incomplete
        /// A byte that cannot be part of the number, at `index`.
        case unexpected(index: Int)
        /// A hex digit in a decimal number, at `index`.
        case hexDigitInDecimal(index: Int)
        /// Whitespace after the digits, from `index` (CF stops at the first non-digit and rejects it).
        case trailingWhitespace(index: Int)
        /// Above UInt64.max, or below Int64.min.
        case overflow(negative: Bool)
    }

    /// The value (nil when there is none) and the first problem.
    package struct IntegerResult: Equatable, Sendable {
        package var value: Int128?
        package var problem: IntegerProblem?
    }

    /// `S*(+|-)?S*digits` or `S*(+|-)?S*0[xX]hexdigits`; the value must fit in UInt64, and a negative
    /// value in Int64.
    package static func parseInteger(_ text: UnsafeRawBufferPointer) -> IntegerResult {
        let n = text.count
        var i = skipWhitespace(text, 0)
        guard i < n else { return IntegerResult(value: nil, problem: .empty) }
        var negative = false
        if text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            negative = text[i] == UInt8(ascii: "-")
            i = skipWhitespace(text, i + 1)
        }
        var radix: UInt64 = 10
        if i + 1 < n, text[i] == UInt8(ascii: "0"), text[i + 1] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            i += 2
        }
        let digitsStart = i
        var magnitude: UInt64 = 0
        var overflow = false
        while i < n, let digit = XMLTextDecoder.hexValue(text[i]) {
            if UInt64(digit) >= radix { return IntegerResult(value: nil, problem: .hexDigitInDecimal(index: i)) }
            let (product, o1) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, o2) = product.addingReportingOverflow(UInt64(digit))
            if o1 || o2 { overflow = true } else { magnitude = sum }
            i += 1
        }
        if i == digitsStart {
            return IntegerResult(value: nil, problem: i < n && !isWhitespace(text, i) ? .unexpected(index: i) : .incomplete)
        }
        var problem: IntegerProblem?
        if i < n {
            let rest = skipWhitespace(text, i)
            if rest < n { return IntegerResult(value: nil, problem: .unexpected(index: rest == i ? i : rest)) }
            problem = .trailingWhitespace(index: i)
        }
        if overflow || (negative && magnitude > UInt64(Int64.max) + 1) {
            return IntegerResult(value: nil, problem: .overflow(negative: negative))
        }
        let value = negative ? -Int128(magnitude) : Int128(magnitude)
        return IntegerResult(value: value, problem: problem)
    }

    /// Why a `<real>` is not a number CF reads.
    package enum RealProblem: Equatable, Sendable {
        case empty
        /// The first byte that breaks the decimal syntax.
        case unexpected(index: Int)
    }

    package struct RealResult: Equatable, Sendable {
        package var value: Double?
        package var problem: RealProblem?
    }

    /// A decimal number with optional fraction and exponent, or (case-insensitively) `nan`, `inf`,
    /// `+inf`, `-inf`, `infinity`, `+infinity`, `-infinity`. Surrounding whitespace is ignored.
    package static func parseReal(_ text: UnsafeRawBufferPointer) -> RealResult {
        var start = 0
        var end = text.count
        while start < end, isASCIISpace(text[start]) { start += 1 }
        while end > start, isASCIISpace(text[end - 1]) { end -= 1 }
        guard start < end else { return RealResult(value: nil, problem: .empty) }
        let body = UnsafeRawBufferPointer(rebasing: text[start..<end])
        if let special = specialReal(body) { return RealResult(value: special, problem: nil) }
        if let bad = firstDecimalSyntaxError(body) {
            return RealResult(value: nil, problem: .unexpected(index: start + bad))
        }
        guard let value = Double(String(decoding: body, as: UTF8.self)) else {
            return RealResult(value: nil, problem: .unexpected(index: start))
        }
        return RealResult(value: value, problem: nil)
    }

    /// The value of a special spelling, or nil.
    private static func specialReal(_ body: UnsafeRawBufferPointer) -> Double? {
        guard body.count <= 9 else { return nil }
        let lower = String(decoding: body.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        switch lower {
        case "nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: return nil
        }
    }

    /// Index of the first byte that does not fit `[+-]? (d+ (. d*)? | . d+) ([eE] [+-]? d+)?`, or nil.
    private static func firstDecimalSyntaxError(_ s: UnsafeRawBufferPointer) -> Int? {
        var i = 0
        let n = s.count
        func digits() -> Int {
            let from = i
            while i < n, s[i] >= 0x30, s[i] <= 0x39 { i += 1 }
            return i - from
        }
        if i < n, s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") { i += 1 }
        var mantissa = digits()
        if i < n, s[i] == UInt8(ascii: ".") {
            i += 1
            mantissa += digits()
        }
        if mantissa == 0 { return Swift.min(i, n - 1) }
        if i < n, s[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < n, s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { return Swift.min(i, n - 1) }
        }
        return i < n ? i : nil
    }

    // MARK: - Whitespace

    /// CF's `isWhitespace` for integers: bytes below 0x21, 0x7F–0xA0, and the UTF-8 forms of the
    /// Unicode spaces U+2000–U+200B, U+202F, U+205F, U+3000.
    static func whitespaceLength(_ s: UnsafeRawBufferPointer, _ i: Int) -> Int {
        let b = s[i]
        if b < 0x21 || (b > 0x7E && b < 0xA1) { return 1 }
        guard (b == 0xE2 || b == 0xE3), s.count - i >= 3 else { return 0 }
        let b2 = s[i + 1], b3 = s[i + 2]
        if b == 0xE2, b2 == 0x80, (b3 >= 0x80 && b3 <= 0x8B) || b3 == 0xAF { return 3 }
        if b == 0xE2, b2 == 0x81, b3 == 0x9F { return 3 }
        if b == 0xE3, b2 == 0x80, b3 == 0x80 { return 3 }
        return 0
    }

    private static func isWhitespace(_ s: UnsafeRawBufferPointer, _ i: Int) -> Bool { whitespaceLength(s, i) > 0 }

    private static func skipWhitespace(_ s: UnsafeRawBufferPointer, _ from: Int) -> Int {
        var i = from
        while i < s.count {
            let w = whitespaceLength(s, i)
            if w == 0 { break }
            i += w
        }
        return i
    }

    @inline(__always)
    static func isASCIISpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
}

import ArchiveCore

/// A cursor over the bytes of an OpenStep plist: whitespace and comment skipping (CF
/// `advanceToNonSpace`), byte classes, and short descriptions of bytes for messages.
///
/// Every read is bounds-checked; `offset` may equal `count` (end of input) but never exceeds it.
struct OpenStepReader {
    let bytes: UnsafeRawBufferPointer
    var offset: Int

    init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var count: Int { bytes.count }
    var isAtEnd: Bool { offset >= bytes.count }

    /// The byte at `i`, or nil outside the input.
    @inline(__always)
    func byte(at i: Int) -> UInt8? { i >= 0 && i < bytes.count ? bytes[i] : nil }

    /// The byte under the cursor, or nil at the end.
    var current: UInt8? { byte(at: offset) }

    /// Length of the whitespace at `i`: 1 for tab…carriage return and space, 3 for the UTF-8 form of
    /// U+2028/U+2029 (CF's whitespace set), 0 for anything else.
    func spaceLength(at i: Int) -> Int {
        guard let b = byte(at: i) else { return 0 }
        if (b >= 0x09 && b <= 0x0D) || b == 0x20 { return 1 }
        return isLineSeparator(at: i) ? 3 : 0
    }

    /// Whether U+2028 or U+2029 (E2 80 A8 / E2 80 A9) starts at `i`.
    func isLineSeparator(at i: Int) -> Bool {
        byte(at: i) == 0xE2 && byte(at: i + 1) == 0x80 && (byte(at: i + 2) == 0xA8 || byte(at: i + 2) == 0xA9)
    }

    /// Skips whitespace, `//` and `/* */` comments. A `/` not followed by `/` or `*` is not a comment
    /// (it can start an unquoted string). Returns the offset of a `/*` comment that runs to the end.
    mutating func skipSpace() -> Int? {
        while offset < bytes.count {
            let n = spaceLength(at: offset)
            if n > 0 {
                offset += n
                continue
            }
            guard bytes[offset] == UInt8(ascii: "/"), let next = byte(at: offset + 1) else { return nil }
            if next == UInt8(ascii: "/") {
                offset += 2
                while let b = current, b != 0x0A, b != 0x0D, !isLineSeparator(at: offset) { offset += 1 }
            } else if next == UInt8(ascii: "*") {
                let start = offset
                offset += 2
                while offset < bytes.count, !(bytes[offset] == UInt8(ascii: "*") && byte(at: offset + 1) == UInt8(ascii: "/")) {
                    offset += 1
                }
                guard offset < bytes.count else { return start }
                offset += 2
            } else {
                return nil
            }
        }
        return nil
    }

    /// Length in bytes of the character at `i` (a whole UTF-8 sequence when well-formed, else 1).
    func characterLength(at i: Int) -> Int {
        guard let b = byte(at: i) else { return 0 }
        let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
        for k in 1..<length {
            guard let c = byte(at: i + k), c & 0xC0 == 0x80 else { return 1 }
        }
        return length
    }

    /// How a message names the character at `i`: `')'`, `'é' (U+00E9)`, `byte 0x07`, or
    /// `the end of the input`.
    func describe(at i: Int) -> String {
        guard let b = byte(at: i) else { return "the end of the input" }
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b < 0x80 { return "byte 0x\(byteHex(b))" }
        let length = characterLength(at: i)
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[i..<(i + length)]), as: UTF8.self)
        guard length > 1, let scalar = text.unicodeScalars.first, scalar != "\u{FFFD}" else {
            return "byte 0x\(byteHex(b)) (invalid UTF-8)"
        }
        let code = String(scalar.value, radix: 16, uppercase: true)
        return "'\(text)' (U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code))"
    }

    /// Text of `range` decoded as UTF-8 (invalid sequences become U+FFFD).
    func text(_ range: ByteRange) -> String {
        let start = min(max(0, range.start), bytes.count)
        let end = min(max(start, range.end), bytes.count)
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Whether `b` may appear in an unquoted string (`A–Z a–z 0–9 _ $ / : . -`).
    @inline(__always)
    static func isUnquoted(_ b: UInt8) -> Bool { TextShape.isUnquotedStringByte(b) }

    /// Whether `b` can start a value: a container, data, or a quoted or unquoted string.
    static func isValueStart(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "{") || b == UInt8(ascii: "(") || b == UInt8(ascii: "<") || isStringStart(b)
    }

    /// Whether `b` can start a string (a quote or an unquoted-string byte).
    static func isStringStart(_ b: UInt8) -> Bool { b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") || isUnquoted(b) }

    /// Whether `b` has a meaning in the syntax (so it is never swallowed as part of a junk run).
    static func isStructural(_ b: UInt8) -> Bool {
        isValueStart(b) || b == UInt8(ascii: "}") || b == UInt8(ascii: ")") || b == UInt8(ascii: ">") || b == UInt8(ascii: ";")
            || b == UInt8(ascii: ",") || b == UInt8(ascii: "=")
    }

    /// The value of hex digit `b`, or nil.
    @inline(__always)
    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

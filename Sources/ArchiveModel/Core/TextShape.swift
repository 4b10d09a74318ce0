/// Tests of what text looks like, shared by the text formats' probes (XML and OpenStep plists).
enum TextShape {
    /// Text: the 512 bytes from `offset` hold no NUL and few control bytes.
    static func looksLikeText(_ bytes: InputBytes, from offset: Int) -> Bool {
        let end = Swift.min(bytes.count, offset + 512)
        var controls = 0
        for i in offset..<end {
            guard let b = bytes.byte(at: i) else { break }
            if b == 0 { return false }
            if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D { controls += 1 }
        }
        return controls * 20 < Swift.max(1, end - offset)
    }

    /// A byte of an OpenStep string written without quotes.
    static func isUnquotedStringByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || "_$/:.-".utf8.contains(b)
    }

    /// Whether `needle` occurs in `haystack`.
    static func contains(_ needle: String, in haystack: [UInt8]) -> Bool {
        let needle = Array(needle.utf8)
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        for i in 0...(haystack.count - needle.count) where haystack[i] == first {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}

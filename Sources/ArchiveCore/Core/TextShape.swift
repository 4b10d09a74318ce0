/// Tests of what text looks like, shared by the text formats' probes (XML and OpenStep plists).
package enum TextShape {
    /// Text: the 512 bytes from `offset` hold no NUL and few control bytes, or clear text up to a NUL
    /// after which the input is all NUL (`hasZeroFilledTail`).
    package static func looksLikeText(_ bytes: InputBytes, from offset: Int) -> Bool {
        let end = Swift.min(bytes.count, offset + 512)
        var controls = 0
        for i in offset..<end {
            guard let b = bytes.byte(at: i) else { break }
            if b == 0 { return controls * 20 < Swift.max(1, i - offset) && hasZeroFilledTail(bytes, from: i) }
            if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D { controls += 1 }
        }
        return controls * 20 < Swift.max(1, end - offset)
    }

    /// Whether every byte from `start` to the end is NUL: a text file whose tail was zero-filled (a wiped
    /// or never-written end, as a crash or an imaging tool leaves). Its head decides the format however
    /// large the share of zeros, and its decoder names the damage (`damage.zero-filled`). Binary formats
    /// that begin with text (`SQLite format 3`, then NUL) have non-zero bytes after it.
    static func hasZeroFilledTail(_ bytes: InputBytes, from start: Int) -> Bool {
        let chunk = 1 << 16
        var at = start
        while at < bytes.count {
            let next = Swift.min(bytes.count, at + chunk)
            if bytes.bytes(in: ByteRange(at, next)).contains(where: { $0 != 0 }) { return false }
            at = next
        }
        return true
    }

    /// A byte of an OpenStep string written without quotes.
    package static func isUnquotedStringByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || "_$/:.-".utf8.contains(b)
    }

    /// Whether `needle` occurs in `haystack`.
    package static func contains(_ needle: String, in haystack: [UInt8]) -> Bool {
        let needle = Array(needle.utf8)
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        for i in 0...(haystack.count - needle.count) where haystack[i] == first {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}

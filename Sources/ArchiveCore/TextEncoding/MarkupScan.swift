/// Byte scans over the start of a text file, shared by the probes that look for markup (IB3 XML, the
/// unwrapper's blanks, `ForeignText`'s foreign documents): no decoding, no allocation past the window
/// they are given.
package enum MarkupScan {
    /// Whether `b` is a space, tab, LF or CR.
    package static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// The first element's name (lowercased), the offset of its `<` and the name's length in bytes,
    /// skipping the declaration, processing instructions, comments and the DOCTYPE; nil when the
    /// first tag's name is not an XML name in UTF-8 (`<<<`, invalid bytes: not an XML document).
    package static func rootElement(_ head: [UInt8], from start: Int) -> (name: String, at: Int, length: Int)? {
        var i = start
        while i < head.count {
            guard head[i] == UInt8(ascii: "<") else {
                if isBlank(head[i]) { i += 1; continue }
                return nil
            }
            let next = i + 1 < head.count ? head[i + 1] : 0
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                let close: [UInt8] = head[i...].starts(with: Array("<!--".utf8)) ? Array("-->".utf8) : [UInt8(ascii: ">")]
                guard let end = find(close, in: head, from: i + 2) else { return nil }
                i = end + close.count
                continue
            }
            var j = i + 1
            while j < head.count, j - i < 64, !isBlank(head[j]), head[j] != UInt8(ascii: ">"), head[j] != UInt8(ascii: "/") { j += 1 }
            guard j > i + 1, let name = xmlName(head[(i + 1)..<j]) else { return nil }
            return (name.lowercased(), i, j - i - 1)
        }
        return nil
    }

    /// `bytes` as text when they are valid UTF-8 and an XML name (XML 1.0's NameStartChar, then
    /// NameChar, with every non-ASCII character allowed as the production nearly does), else nil.
    package static func xmlName(_ bytes: ArraySlice<UInt8>) -> String? {
        guard let first = bytes.first else { return nil }
        func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_") || b == UInt8(ascii: ":") }
        func isNameByte(_ b: UInt8) -> Bool { isLetter(b) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") }
        guard isLetter(first) || first >= 0x80, bytes.allSatisfy({ isNameByte($0) || $0 >= 0x80 }) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The offset of the first `needle` in `haystack` at or after `from`, or nil.
    package static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, from <= haystack.count - needle.count else { return nil }
        var i = Swift.max(0, from)
        let first = needle[0]
        while i <= haystack.count - needle.count {
            if haystack[i] == first, haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}

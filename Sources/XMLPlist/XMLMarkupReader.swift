import ArchiveCore

/// A cursor over XML bytes that splits them into tags, text and skipped constructs.
///
/// It knows nothing about plists and never fails: a construct that is not closed runs to the end of the
/// input (comments, CDATA, processing instructions, DOCTYPE) or stops before the next `<` (tags), and
/// says so in its `terminated` flag. Every call consumes at least one byte until `.end`, and no byte is
/// scanned more than a constant number of times, so a whole pass is linear.
package struct XMLMarkupReader {
    let buffer: UnsafeRawBufferPointer
    /// Offset of the next unread byte.
    private(set) var offset: Int

    package init(_ buffer: UnsafeRawBufferPointer, start: Int = 0) {
        self.buffer = buffer
        self.offset = Swift.min(Swift.max(0, start), buffer.count)
    }

    /// Continues at `target` (at or after the current offset, within the input).
    mutating func skip(to target: Int) {
        offset = Swift.min(Swift.max(offset, target), buffer.count)
    }

    /// The next token.
    package mutating func next() -> XMLToken {
        guard offset < buffer.count else { return .end }
        if buffer[offset] != UInt8(ascii: "<") {
            let start = offset
            offset = find(UInt8(ascii: "<"), from: start) ?? buffer.count
            return .text(ByteRange(start, offset))
        }
        let start = offset
        switch byte(start + 1) {
        case UInt8(ascii: "/"): return .tag(readTag(start, close: true))
        case UInt8(ascii: "?"): return .markup(readDelimited(.processingInstruction, start, open: 2, close: "?>"))
        case UInt8(ascii: "!"): return readBang(start)
        case let b? where isNameStart(b): return .tag(readTag(start, close: false))
        default:
            offset = start + 1
            return .invalid(ByteRange(start, offset))
        }
    }

    // MARK: - Constructs

    /// `<!--`, `<![CDATA[`, `<!DOCTYPE`, or an unknown `<!…>` declaration.
    private mutating func readBang(_ start: Int) -> XMLToken {
        if matches("<!--", at: start) {
            return .markup(readDelimited(.comment, start, open: 4, close: "-->"))
        }
        if matches("<![CDATA[", at: start) {
            return .markup(readDelimited(.cdata, start, open: 9, close: "]]>"))
        }
        if matches("<!DOCTYPE", at: start) {
            return .markup(readDoctype(start))
        }
        // Anything else is malformed here; skip to the next `>` but never past a `<`.
        var i = start + 2
        while i < buffer.count, buffer[i] != UInt8(ascii: ">"), buffer[i] != UInt8(ascii: "<") { i += 1 }
        offset = i < buffer.count && buffer[i] == UInt8(ascii: ">") ? i + 1 : i
        return .invalid(ByteRange(start, offset))
    }

    /// A construct that ends at the first `close` string; unterminated ones run to the end of the input.
    private mutating func readDelimited(_ kind: XMLMarkupKind, _ start: Int, open: Int, close: StaticString) -> XMLMarkup {
        let contentStart = Swift.min(start + open, buffer.count)
        if let end = find(close, from: contentStart) {
            offset = end + close.utf8CodeUnitCount
            return XMLMarkup(kind: kind, range: ByteRange(start, offset), content: ByteRange(contentStart, end), terminated: true)
        }
        offset = buffer.count
        return XMLMarkup(kind: kind, range: ByteRange(start, offset), content: ByteRange(contentStart, offset), terminated: false)
    }

    /// `<!DOCTYPE name … [internal subset] >`, skipped the way CF's `skipDTD` does: up to `[` or `>`;
    /// inside the subset, declarations `<!…>`, comments, processing instructions and `%ref;` until `]`.
    private mutating func readDoctype(_ start: Int) -> XMLMarkup {
        var i = start + 9
        var entity: Int?
        while i < buffer.count, buffer[i] != UInt8(ascii: "["), buffer[i] != UInt8(ascii: ">") { i += 1 }
        if i < buffer.count, buffer[i] == UInt8(ascii: "[") {
            i += 1
            var closed = false
            while i < buffer.count, !closed {
                let b = buffer[i]
                if b == UInt8(ascii: "]") {
                    closed = true
                    i += 1
                } else if matches("<!--", at: i) {
                    i = find("-->", from: i + 4).map { $0 + 3 } ?? buffer.count
                } else if matches("<?", at: i) {
                    i = find("?>", from: i + 2).map { $0 + 2 } ?? buffer.count
                } else if b == UInt8(ascii: "<") {
                    if entity == nil, matches("<!ENTITY", at: i) { entity = i }
                    i += 1
                    while i < buffer.count, buffer[i] != UInt8(ascii: ">") { i += 1 }
                    if i < buffer.count { i += 1 }
                } else {
                    i += 1
                }
            }
            while i < buffer.count, buffer[i] != UInt8(ascii: ">") { i += 1 }
        }
        let terminated = i < buffer.count
        offset = terminated ? i + 1 : buffer.count
        let content = ByteRange(Swift.min(start + 9, offset), terminated ? i : offset)
        return XMLMarkup(kind: .doctype, range: ByteRange(start, offset), content: content, terminated: terminated,
                         entityDeclaration: entity)
    }

    /// A start, end or empty-element tag. Attribute values are skipped as quoted strings; a tag never
    /// extends past a `<`, so a missing `>` costs only that tag.
    private mutating func readTag(_ start: Int, close: Bool) -> XMLTag {
        var i = start + (close ? 2 : 1)
        let nameStart = i
        while i < buffer.count, !isNameEnd(buffer[i]) { i += 1 }
        let name = ByteRange(nameStart, i)
        var junk = close && name.count == 0
        var quote: UInt8?
        var lastSignificant: UInt8 = 0
        while i < buffer.count {
            let b = buffer[i]
            if b == UInt8(ascii: "<") { break }
            if let q = quote {
                if b == q { quote = nil }
            } else if b == UInt8(ascii: ">") {
                offset = i + 1
                let empty = !close && lastSignificant == UInt8(ascii: "/")
                return XMLTag(range: ByteRange(start, offset), name: name, isClose: close, isEmpty: empty,
                              terminated: true, hasJunk: junk)
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                quote = b
            }
            if !isSpace(b) {
                lastSignificant = b
                if close { junk = true }
            }
            i += 1
        }
        offset = i
        return XMLTag(range: ByteRange(start, i), name: name, isClose: close, isEmpty: false, terminated: false, hasJunk: junk)
    }

    // MARK: - Byte helpers

    @inline(__always)
    private func byte(_ i: Int) -> UInt8? { i >= 0 && i < buffer.count ? buffer[i] : nil }

    /// The offset of the next `value` at or after `from`.
    func find(_ value: UInt8, from: Int) -> Int? {
        guard from < buffer.count, let base = buffer.baseAddress else { return nil }
        guard let hit = Platform.firstByte(value, in: base + from, count: buffer.count - from) else { return nil }
        return base.distance(to: hit)
    }

    /// The offset of the next occurrence of `pattern` at or after `from`.
    func find(_ pattern: StaticString, from: Int) -> Int? {
        let first = pattern.utf8Start[0]
        var i = from
        while let hit = find(first, from: i) {
            if matches(pattern, at: hit) { return hit }
            i = hit + 1
        }
        return nil
    }

    /// Whether the bytes at `at` spell `pattern`.
    func matches(_ pattern: StaticString, at: Int) -> Bool {
        let n = pattern.utf8CodeUnitCount
        guard at >= 0, n <= buffer.count - at, let base = buffer.baseAddress else { return false }
        return Platform.bytesEqual(base + at, pattern.utf8Start, count: n)
    }

    /// `matches` for the short fixed tags of the scan's fast lane, compared a machine word at a time
    /// (the last word overlapping the one before) instead of through a call.
    @inline(__always)
    func matchesShort(_ pattern: StaticString, at: Int) -> Bool {
        let n = pattern.utf8CodeUnitCount
        guard at >= 0, n <= buffer.count - at, let base = buffer.baseAddress else { return false }
        let p = UnsafeRawPointer(pattern.utf8Start), q = base + at
        if n >= 8 {
            var k = 0
            while k + 8 < n {
                if p.loadUnaligned(fromByteOffset: k, as: UInt64.self) != q.loadUnaligned(fromByteOffset: k, as: UInt64.self) { return false }
                k += 8
            }
            return p.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) == q.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        }
        if n >= 4 {
            return p.loadUnaligned(as: UInt32.self) == q.loadUnaligned(as: UInt32.self)
                && p.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self) == q.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
        }
        for k in 0..<n where p.load(fromByteOffset: k, as: UInt8.self) != q.load(fromByteOffset: k, as: UInt8.self) { return false }
        return true
    }

    @inline(__always)
    package func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// A name runs until whitespace, `>`, `/`, `<`, `=` or a quote (CF: until whitespace or `>`).
    @inline(__always)
    private func isNameEnd(_ b: UInt8) -> Bool {
        isSpace(b) || b == UInt8(ascii: ">") || b == UInt8(ascii: "/") || b == UInt8(ascii: "<")
            || b == UInt8(ascii: "=") || b == UInt8(ascii: "\"") || b == UInt8(ascii: "'")
    }

    /// Letters, `_`, `:` and non-ASCII bytes may start a name.
    @inline(__always)
    private func isNameStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_") || b == UInt8(ascii: ":") || b >= 0x80
    }
}

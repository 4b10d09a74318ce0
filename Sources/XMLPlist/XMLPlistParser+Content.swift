import ArchiveCore

extension XMLPlistParser {
    /// Character data: content of a text element, or (elsewhere) only whitespace is allowed.
    mutating func handleText(_ range: ByteRange) {
        if topIsLeaf { return }  // content of a text element: decoded when the node is read
        if topRole == .unknown { return }
        guard let first = firstNonSpace(range) else { return }
        if stack.isEmpty && topLevelClosed { return reportTrailing(from: first) }
        var last = range.end
        while last > first, isSpace(buffer[last - 1]) { last -= 1 }
        let junk = ByteRange(first, last)
        let excerpt = XMLPlistIssue.excerpt(UnsafeRawBufferPointer(rebasing: buffer[junk.start..<junk.end]))
        report(.textUnexpected(excerpt: excerpt, context: placeDescription(stack.count - 1)), junk)
    }

    /// Comments, processing instructions, CDATA and DOCTYPE.
    mutating func handleMarkup(_ markup: XMLMarkup) {
        if !markup.terminated {
            report(.markupUnterminated(kind: markup.kind, at: lines.position(of: markup.range.start)), markup.range)
        }
        // Inside a text element markup is content, decoded when the node is read (`XMLLeafDecoder`).
        let leaf = topIsLeaf
        switch markup.kind {
        case .comment:
            break
        case .processingInstruction:
            if isXMLDeclaration(markup) {
                if markup.range.start == bodyStart { checkDeclaration(markup) } else { report(.declarationMisplaced, markup.range) }
            }
        case .cdata:
            if leaf { return }
            if topRole == .unknown { return }
            if stack.isEmpty && topLevelClosed { return reportTrailing(from: markup.range.start) }
            let excerpt = XMLPlistIssue.excerpt(Array("<![CDATA[".utf8))
            report(.textUnexpected(excerpt: excerpt, context: placeDescription(stack.count - 1)), markup.range)
        case .doctype:
            if leaf { return }
            if stack.isEmpty && rootID == nil && !sawPlist {
                if let entity = markup.entityDeclaration { report(.doctypeEntityDeclaration, ByteRange(start: entity, count: 8)) }
                return
            }
            if stack.isEmpty && topLevelClosed { return reportTrailing(from: markup.range.start) }
            report(.markupMisplaced(kind: .doctype, context: placeDescription(stack.count - 1)), markup.range)
        }
    }

    /// A `<` that starts nothing: reported, and kept as literal text inside a text element.
    mutating func handleInvalid(_ range: ByteRange) {
        if stack.isEmpty && topLevelClosed { return reportTrailing(from: range.start) }
        let shown = ByteRange(range.start, Swift.min(range.end + 8, buffer.count))
        let excerpt = XMLPlistIssue.excerpt(UnsafeRawBufferPointer(rebasing: buffer[shown.start..<shown.end]), limit: 12)
        report(.markupInvalid(text: excerpt), range)
    }

    // MARK: - XML declaration

    /// `<?xml …?>` (target `xml` followed by whitespace or the end).
    private func isXMLDeclaration(_ markup: XMLMarkup) -> Bool {
        let c = markup.content
        guard c.count >= 3, reader.matches("xml", at: c.start) else { return false }
        return c.count == 3 || isSpace(buffer[c.start + 3])
    }

    /// The declaration at the start: markup inside it (a `?>` missing, so what follows is swallowed up
    /// to a later one), pseudo-attributes other than `version`, `encoding` and `standalone`, and an
    /// encoding this decoder does not read.
    private mutating func checkDeclaration(_ markup: XMLMarkup) {
        let c = markup.content
        if let tag = (c.start..<c.end).first(where: { buffer[$0] == UInt8(ascii: "<") }) {
            return report(.declarationSwallows(end: lines.position(of: max(c.end, markup.range.end - 2))), ByteRange(tag, markup.range.end))
        }
        if let bad = malformedDeclarationPart(ByteRange(c.start + 3, c.end)) {
            report(.declarationMalformed(found: XMLPlistIssue.excerpt(buffer[bad.start..<bad.end])), bad)
        }
        checkEncoding(markup)
    }

    /// The first part of a declaration's pseudo-attributes (after `xml`) that is not `name="value"` with
    /// `version` first and only `encoding` and `standalone` after it; nil when all are well formed.
    private func malformedDeclarationPart(_ range: ByteRange) -> ByteRange? {
        var i = range.start, index = 0
        while true {
            while i < range.end, isSpace(buffer[i]) { i += 1 }
            guard i < range.end else { return index == 0 ? range : nil }
            let nameStart = i
            while i < range.end, buffer[i] != UInt8(ascii: "="), !isSpace(buffer[i]) { i += 1 }
            let name = text(ByteRange(nameStart, i))
            let allowed = index == 0 ? name == "version" : ["encoding", "standalone"].contains(name)
            while i < range.end, isSpace(buffer[i]) { i += 1 }
            guard allowed, i < range.end, buffer[i] == UInt8(ascii: "=") else { return ByteRange(nameStart, range.end) }
            i += 1
            while i < range.end, isSpace(buffer[i]) { i += 1 }
            guard i < range.end, buffer[i] == UInt8(ascii: "\"") || buffer[i] == UInt8(ascii: "'") else { return ByteRange(nameStart, range.end) }
            let quote = buffer[i]
            i += 1
            while i < range.end, buffer[i] != quote { i += 1 }
            guard i < range.end else { return ByteRange(nameStart, range.end) }
            i += 1
            index += 1
        }
    }

    /// Warns about an `encoding="…"` other than UTF-8 or ASCII (CF would transcode; this decoder reads UTF-8).
    private mutating func checkEncoding(_ markup: XMLMarkup) {
        let c = markup.content
        guard let at = find("encoding", in: c) else { return }
        var i = at + 8
        while i < c.end, isSpace(buffer[i]) { i += 1 }
        guard i < c.end, buffer[i] == UInt8(ascii: "=") else { return }
        i += 1
        while i < c.end, isSpace(buffer[i]) { i += 1 }
        guard i < c.end, buffer[i] == UInt8(ascii: "\"") || buffer[i] == UInt8(ascii: "'") else { return }
        let quote = buffer[i]
        let valueStart = i + 1
        var valueEnd = valueStart
        while valueEnd < c.end, buffer[valueEnd] != quote { valueEnd += 1 }
        let name = text(ByteRange(valueStart, valueEnd))
        if let source = transcodedFrom {
            if !Self.names(source.form).contains(name.lowercased()) {
                let by = source.hasByteOrderMark ? "its byte-order mark" : "the zero bytes of its first characters"
                report(.encodingMismatch(name: name, actual: source.form.rawValue, by: by), ByteRange(valueStart, valueEnd))
            }
            return
        }
        if !["utf-8", "utf8", "us-ascii", "ascii"].contains(name.lowercased()) {
            report(.unsupportedEncoding(name: name), ByteRange(valueStart, valueEnd))
        }
    }

    /// Lowercase encoding names that agree with a file in `form` (the generic name, or the exact one).
    static func names(_ form: TextEncoding.Form) -> Set<String> {
        switch form {
        case .utf8: ["utf-8", "utf8", "us-ascii", "ascii"]
        case .utf16LE, .utf16BE: ["utf-16", "utf16", "unicode", "ucs-2", "iso-10646-ucs-2", form.rawValue.lowercased()]
        case .utf32LE, .utf32BE: ["utf-32", "utf32", "ucs-4", "iso-10646-ucs-4", form.rawValue.lowercased()]
        }
    }

    private func find(_ word: StaticString, in range: ByteRange) -> Int? {
        var i = range.start
        while i + word.utf8CodeUnitCount <= range.end {
            if reader.matches(word, at: i) { return i }
            i += 1
        }
        return nil
    }

    // MARK: - Helpers

    @inline(__always)
    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private func firstNonSpace(_ range: ByteRange) -> Int? {
        var i = range.start
        while i < range.end {
            if !isSpace(buffer[i]) { return i }
            i += 1
        }
        return nil
    }
}

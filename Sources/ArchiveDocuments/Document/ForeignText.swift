import ArchiveCore

/// Text files that are not property lists: HTML pages, XML documents of other kinds, JSON and plain
/// prose. Each is recognised from its first markup or first line, never from a file name.
enum ForeignText {
    /// Bytes examined at the start of the file.
    static let window = 65_536

    static func identify(_ input: InputBytes) -> ForeignContent? {
        let head = input.bytes(in: ByteRange(0, window))
        var start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < head.count, MarkupScan.isBlank(head[start]) { start += 1 }
        guard start < head.count else { return nil }
        if head[start] == UInt8(ascii: "<") { return markup(head, from: start) }
        if let json = json(head, from: start) { return json }
        return prose(head, from: start)
    }

    // MARK: - Markup

    /// Element names a plist uses; a document with one of these tags is treated as a (damaged) plist.
    static let plistTags = ["<plist", "<dict>", "<dict/>", "<key>", "<array>"]

    private static func markup(_ head: [UInt8], from start: Int) -> ForeignContent? {
        let lower = head.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        for tag in ["<!doctype html", "<html", "<head>", "<body", "<title>"] {
            if let at = MarkupScan.find(Array(tag.utf8), in: lower, from: start), MarkupScan.find(Array("<plist".utf8), in: lower, from: start).map({ $0 > at }) ?? true {
                return ForeignContent(description: "an HTML page" + title(head, lower),
                                      evidence: ByteRange(start: at, count: tag.utf8.count), evidenceText: "the markup \(tag)…")
            }
        }
        // Interface Builder XML never gets here: `IB3XMLProbe` recognised it first (an IB3 archive is
        // decoded, an Xcode 5+ document named in a note).
        guard let (name, at, length) = MarkupScan.rootElement(head, from: start) else { return nil }
        guard !["plist", "dict", "array", "string", "key", "integer", "real", "true", "false", "date", "data"].contains(name),
              !plistTags.contains(where: { MarkupScan.find(Array($0.utf8), in: head, from: start) != nil }) else { return nil }
        let what: String
        switch name {
        case "svg": what = "an SVG image"
        case "rss", "feed": what = "an RSS or Atom feed"
        case "error": what = "an XML error response (as cloud storage services return)"
        default: what = "an XML document whose root element is <\(DisplayText.escape(name))>, not <plist>"
        }
        return ForeignContent(description: what, evidence: ByteRange(start: at, count: length + 1),
                              evidenceText: "the root element <\(DisplayText.escape(name))>")
    }

    /// ` ("404 Not Found")` from the page's `<title>`, escaped and cut, or "".
    private static func title(_ head: [UInt8], _ lower: [UInt8]) -> String {
        guard let open = MarkupScan.find(Array("<title>".utf8), in: lower, from: 0),
              let close = MarkupScan.find(Array("</title>".utf8), in: lower, from: open + 7), close > open + 7 else { return "" }
        let text = String(decoding: head[(open + 7)..<close], as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return text.isEmpty ? "" : " titled \"\(DisplayText.escape(ValueFormatter.cut(text, limit: 60)))\""
    }

    // MARK: - JSON and prose

    /// `{ "key":` or `[ value` at the start: JSON (an OpenStep dictionary has `=` where JSON has `:`).
    private static func json(_ head: [UInt8], from start: Int) -> ForeignContent? {
        var i = start + 1
        func skipBlanks() { while i < head.count, MarkupScan.isBlank(head[i]) { i += 1 } }
        skipBlanks()
        guard i < head.count else { return nil }
        if head[start] == UInt8(ascii: "{") {
            guard head[i] == UInt8(ascii: "\"") else { return nil }
            i += 1
            while i < head.count, head[i] != UInt8(ascii: "\""), head[i] != 0x0A { i += head[i] == UInt8(ascii: "\\") ? 2 : 1 }
            guard i < head.count, head[i] == UInt8(ascii: "\"") else { return nil }
            i += 1
            skipBlanks()
            guard i < head.count, head[i] == UInt8(ascii: ":") else { return nil }
            return ForeignContent(description: "a JSON document", evidence: ByteRange(start, i + 1),
                                  evidenceText: "an object whose first key is followed by ':' at offset \(i)")
        }
        guard head[start] == UInt8(ascii: "[") else { return nil }
        guard "{[\"-0123456789tfn]".utf8.contains(head[i]) else { return nil }
        return ForeignContent(description: "a JSON document", evidence: ByteRange(start, i + 1),
                              evidenceText: "an array opened with '[' (not a property-list syntax)")
    }

    /// A first line of words with no OpenStep punctuation: plain text.
    private static func prose(_ head: [UInt8], from start: Int) -> ForeignContent? {
        let first = head[start]
        guard (first >= 0x41 && first <= 0x5A) || (first >= 0x61 && first <= 0x7A) else { return nil }
        var end = start
        while end < head.count, end - start < 400, head[end] != 0x0A, head[end] != 0x0D { end += 1 }
        let line = head[start..<end]
        guard !line.contains(where: { "=;{}()\"<>".utf8.contains($0) || $0 < 0x09 }) else { return nil }
        let words = line.split(separator: 0x20, omittingEmptySubsequences: true)
        guard words.count >= 3, !head.prefix(4096).contains(UInt8(ascii: ";")) else { return nil }
        let text = String(decoding: line, as: UTF8.self)
        return ForeignContent(description: "plain text", evidence: ByteRange(start, end),
                              evidenceText: "its first line \"\(DisplayText.escape(ValueFormatter.cut(text, limit: 60)))\"")
    }

}

/// Long text broken into lines of a given width, at spaces where it can be and inside a word where
/// a word is wider than a line. Widths are display columns (`TextLayout`).
enum TextWrap {
    /// The lines of `text`, each at most `width` columns (a glyph wider than `width` gets a line of its
    /// own), at most `maxLines` of them: the last one kept ends in `…` when text is left over.
    static func lines(_ text: String, width: Int, maxLines: Int = 64) -> [String] {
        let glyphs = TextLayout.glyphs(text)
        guard width > 0, !glyphs.isEmpty else { return glyphs.isEmpty ? [] : [text] }
        var lines: [String] = []
        var start = 0
        while start < glyphs.count, lines.count < maxLines {
            var end = start, used = 0, lastSpace: Int?
            while end < glyphs.count, used + glyphs[end].width <= width || end == start {
                if glyphs[end].text == " " { lastSpace = end }
                used += glyphs[end].width
                end += 1
            }
            // Break after the last space of the line when the text goes on past it.
            if end < glyphs.count, let space = lastSpace, space > start { end = space + 1 }
            lines.append(glyphs[start..<end].map(\.text).joined().trimmingTrailingSpaces())
            start = end
            while start < glyphs.count, glyphs[start].text == " " { start += 1 }
        }
        if start < glyphs.count, var last = lines.popLast() {
            while TextLayout.width(last) + 1 > width, !last.isEmpty { last.removeLast() }
            lines.append(last + "…")
        }
        return lines
    }
}

extension String {
    /// The string without the spaces at its end.
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}

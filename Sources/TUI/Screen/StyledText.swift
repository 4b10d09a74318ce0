/// A run of text in one style.
public struct Span: Sendable, Equatable {
    public var text: String
    public var style: Style

    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

/// A line made of styled runs.
public typealias StyledLine = [Span]

extension ScreenBuffer {
    /// Writes `spans` from (row, col) within `width` columns; the line ends in `…` when cut. When
    /// `fill` is given the rest of the width is filled with spaces in that style.
    @discardableResult
    public mutating func write(_ spans: StyledLine, row: Int, col: Int, width: Int, fill: Style? = nil) -> Int {
        guard width > 0 else { return col }
        // Only what fits is laid out: a span is cut once the line passes `width` (the glyph that passes
        // it included), so a row costs its width, not the length of its text.
        var glyphs: [(TextLayout.Glyph, Style)] = []
        var total = 0
        for span in spans where total <= width {
            let (laid, complete) = TextLayout.glyphs(span.text, upTo: width - total)
            for g in laid { glyphs.append((g, span.style)); total += g.width }
            if !complete { break }
        }
        let room = total <= width ? width : width - 1
        var text = "", used = 0, x = col
        var runStyle: Style?
        func flush(_ buffer: inout ScreenBuffer) {
            if let style = runStyle, !text.isEmpty { x = buffer.write(text, row: row, col: x, style: style, limit: used) }
            text = ""
            used = 0
        }
        var consumed = 0
        for (glyph, style) in glyphs {
            if consumed + glyph.width > room { break }
            if style != runStyle { flush(&self); runStyle = style }
            text += glyph.text
            used += glyph.width
            consumed += glyph.width
        }
        flush(&self)
        if total > width {
            // In the style of the line's last text, as if all of it had been laid out.
            x = write("…", row: row, col: x, style: spans.last(where: { !$0.text.isEmpty })?.style ?? .plain, limit: 1)
        }
        if let fill { self.fill(row: row, col: x, count: col + width - x, style: fill) }
        return x
    }
}

extension Style {
    /// This style with reverse video on (the focus bar).
    var selected: Style {
        var s = self
        s.reverse = true
        return s
    }
}

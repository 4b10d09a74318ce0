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
        var glyphs: [(TextLayout.Glyph, Style)] = []
        for span in spans { for g in TextLayout.glyphs(span.text) { glyphs.append((g, span.style)) } }
        let total = glyphs.reduce(0) { $0 + $1.0.width }
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
            x = write("…", row: row, col: x, style: glyphs.last?.1 ?? .plain, limit: 1)
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

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
        // it included), so a row costs its width, not the length of its text. Consecutive glyphs of one
        // style form a run.
        var glyphs: [TextLayout.Glyph] = []
        glyphs.reserveCapacity(min(width, 4_096) + 1)
        var runs: [(end: Int, style: Style)] = []
        var total = 0
        for span in spans where total <= width {
            let complete = TextLayout.layOut(span.text, upTo: width - total) { glyph in
                glyphs.append(glyph)
                total += glyph.width
            }
            if let last = runs.last, last.style == span.style {
                runs[runs.count - 1].end = glyphs.count
            } else if glyphs.count > (runs.last?.end ?? 0) {
                runs.append((glyphs.count, span.style))
            }
            if !complete { break }
        }
        let room = total <= width ? width : width - 1
        var x = col, consumed = 0, start = 0
        for run in runs {
            var stop = start, used = 0
            while stop < run.end, consumed + glyphs[stop].width <= room {
                consumed += glyphs[stop].width
                used += glyphs[stop].width
                stop += 1
            }
            if stop > start { x = writeRun(glyphs[start..<stop], width: used, row: row, col: x, style: run.style) }
            if stop < run.end { break }
            start = run.end
        }
        if total > width {
            // In the style of the line's last text, as if all of it had been laid out.
            x = write("…", row: row, col: x, style: spans.last(where: { !$0.text.isEmpty })?.style ?? .plain, limit: 1)
        }
        if let fill { self.fill(row: row, col: x, count: col + width - x, style: fill) }
        return x
    }

    /// One run of a line, `width` columns of glyphs in one style, written as `write(_:row:col:style:limit:)`
    /// writes their text with that limit: cut with `…` at the right edge of the screen.
    private mutating func writeRun(_ glyphs: ArraySlice<TextLayout.Glyph>, width: Int, row: Int, col: Int, style: Style) -> Int {
        guard row >= 0, row < rows, col >= 0, col < cols else { return col }
        let end = min(cols, col + width)
        return place(glyphs, row: row, col: col, end: end, fits: width <= end - col, style: style)
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

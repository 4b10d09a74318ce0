import ArchiveModel

/// Draws a `BrowserState` into a `ScreenBuffer`. Pure: no terminal, same input, same cells.
public enum Renderer {
    /// The whole screen. `progress` (e.g. "checking 40% — Esc cancels") replaces the status hints.
    public static func render(_ state: BrowserState, context: BrowserContext, progress: String? = nil) -> ScreenBuffer {
        var screen = ScreenBuffer(cols: state.cols, rows: state.rows)
        let layout = state.layout
        switch state.overlay {
        case .help, .problems, .referrers, .security:
            OverlayRenderer.draw(state, context, into: &screen)
        case .prompt, nil:
            TreeRenderer.draw(state, context, in: layout.tree, into: &screen)
            if let detail = layout.detail { drawDetail(state, context, in: detail, into: &screen) }
        }
        StatusLine.draw(state, context, progress: progress, row: layout.statusRow, into: &screen)
        return screen
    }

    private static func drawDetail(_ state: BrowserState, _ context: BrowserContext, in rect: Rect, into screen: inout ScreenBuffer) {
        let side = rect.col > 0
        if side {
            for r in rect.row..<(rect.row + rect.height) { screen.write("│", row: r, col: rect.col - 1, style: Theme.border) }
        }
        let tabs: StyledLine = [
            Span(side ? " " : "─ ", Theme.border),
            Span(" detail ", state.detailTab == .detail ? Theme.tabActive : Theme.marker), Span(" "),
            Span(" hex ", state.detailTab == .hex ? Theme.tabActive : Theme.marker),
            Span("  Tab closes · x switches · C-e/C-y scroll", Theme.marker),
        ]
        screen.write(tabs, row: rect.row, col: rect.col, width: rect.width, fill: side ? nil : Theme.border)
        guard rect.height > 1 else { return }
        let body = Rect(row: rect.row + 1, col: rect.col, height: rect.height - 1, width: rect.width)
        let lines: [StyledLine]
        if state.detailTab == .hex, let pinned = state.problemBytes, pinned.path == state.focusPath {
            // A problem's bytes, even when there is no row at all (an archive with no top level).
            lines = HexDump.lines(range: pinned.range, input: context.graph.input, width: body.width,
                                  title: "\(DisplayText.escape(pinned.problemID)) at \(pinned.range), \(ValueFormatter.byteCount(pinned.range.count))"
                                      + (context.placeInFile(pinned.range).map { " · " + $0 } ?? ""))
        } else if let row = state.focusedRow(context) {
            lines = state.detailTab == .hex
                ? HexDump.lines(for: row.node, input: context.graph.input, width: body.width,
                                place: row.node.range.flatMap(context.placeInFile))
                : DetailPane.lines(for: row, context: context, width: body.width)
        } else if context.graph.input.count > 0 {
            // No rows (a file this tool cannot read, an empty archive): the file's first bytes.
            let first = ByteRange(0, min(context.graph.input.count, 256))
            lines = state.detailTab == .hex
                ? HexDump.lines(range: first, input: context.graph.input, width: body.width,
                                title: "no rows: the first \(ValueFormatter.byteCount(first.count)) of \(ValueFormatter.byteCount(context.graph.input.count))")
                : [[Span("no rows: x shows the file's first bytes", Theme.marker)]]
        } else {
            return
        }
        let scroll = max(0, min(state.detailScroll, max(0, lines.count - body.height)))
        for (i, line) in lines.dropFirst(scroll).prefix(body.height).enumerated() {
            screen.write(line, row: body.row + i, col: body.col, width: body.width)
        }
    }
}

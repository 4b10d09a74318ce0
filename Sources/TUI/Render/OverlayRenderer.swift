import ArchiveModel

/// Full-screen overlays above the status line: help, problems, referrers.
enum OverlayRenderer {
    static func draw(_ state: BrowserState, _ context: BrowserContext, into screen: inout ScreenBuffer) {
        let height = max(0, state.rows - 1)
        guard height > 0, let overlay = state.overlay, let cursor = overlay.cursor else { return }
        let (title, lines, selectable) = content(overlay, context, width: state.cols)
        screen.write([Span(title, Theme.statusBar)], row: 0, col: 0, width: state.cols, fill: Theme.statusBar)
        let body = height - 1
        for (i, line) in lines.dropFirst(cursor.top).prefix(max(0, body)).enumerated() {
            let selected = selectable && cursor.top + i == cursor.selected
            let spans = selected ? line.map { Span($0.text, $0.style.selected) } : line
            screen.write(spans, row: 1 + i, col: 0, width: state.cols, fill: selected ? Theme.selected : nil)
        }
    }

    static func content(_ overlay: Overlay, _ context: BrowserContext, width: Int) -> (String, [StyledLine], Bool) {
        switch overlay {
        case .help:
            return (" help  (Esc or q closes)", HelpText.lines(width: width), false)
        case .problems:
            let list = context.diagnostics ?? []
            let lines = list.isEmpty ? [[Span("no problems found", Theme.marker)]] : list.map(ProblemLine.line)
            return (" problems (\(list.count)), by offset  Enter jumps · Esc closes", lines, !list.isEmpty)
        case .referrers(let id, let list, _):
            let lines = list.isEmpty
                ? [[Span("nothing refers to #\(id)", Theme.marker)]]
                : list.map { r in [Span("  " + (r.from.map { "#\($0)" } ?? "top level"), Theme.label), Span("  " + DisplayText.escape(r.key))] }
            let total = context.index?.referenceCount(of: id) ?? list.count
            let count = total > list.count ? "first \(list.count) of \(total)" : "\(list.count)"
            return (" referrers of #\(id) (\(count))  Enter jumps · Esc closes", lines, !list.isEmpty)
        case .prompt:
            return ("", [], false)
        }
    }
}

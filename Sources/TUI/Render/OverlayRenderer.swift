import ArchiveModel

/// Full-screen overlays above the status line: help, problems, referrers.
enum OverlayRenderer {
    static func draw(_ state: BrowserState, _ context: BrowserContext, into screen: inout ScreenBuffer) {
        let height = max(0, state.rows - 1)
        guard height > 0, let overlay = state.overlay, let cursor = overlay.cursor else { return }
        let content = content(overlay, state, context)
        screen.write([Span(content.title, Theme.statusBar)], row: 0, col: 0, width: state.cols, fill: Theme.statusBar)
        let visible = max(0, cursor.top)..<max(cursor.top, min(content.count, cursor.top + max(0, height - 1)))
        for (i, index) in visible.enumerated() {
            let line = content.line(index)
            let selected = content.selectable && index == cursor.selected
            let spans = selected ? line.map { Span($0.text, $0.style.selected) } : line
            screen.write(spans, row: 1 + i, col: 0, width: state.cols, fill: selected ? Theme.selected : nil)
        }
    }

    /// An overlay's title and lines; only the lines on screen are built (a damaged file can have
    /// hundreds of thousands of problems).
    struct Content {
        var title: String
        var count: Int
        var line: (Int) -> StyledLine
        var selectable: Bool

        init(_ title: String, _ lines: [StyledLine], selectable: Bool) {
            self.init(title, count: lines.count, selectable: selectable) { lines[$0] }
        }

        init(_ title: String, count: Int, selectable: Bool, line: @escaping (Int) -> StyledLine) {
            self.title = title
            self.count = count
            self.line = line
            self.selectable = selectable
        }
    }

    static func content(_ overlay: Overlay, _ state: BrowserState, _ context: BrowserContext) -> Content {
        switch overlay {
        case .help:
            return Content(" help  (Esc or q closes)", HelpText.lines, selectable: false)
        case .problems:
            let list = context.diagnostics ?? []
            // Counted as the status line counts (notes are facts, not problems), the notes beside them.
            let tally = DiagnosticTally(list)
            let counts = "problems (\(tally.problems))" + (tally.notes > 0 ? " and notes (\(tally.notes))" : "")
            let rows = context.problemRows(open: state.openProblemGroups)
            let causesFirst = list.contains(where: DiagnosticGroups.isWholeFile)
            let groups = rows.contains { if case .group = $0 { true } else { false } }
            let title = " \(counts), \(causesFirst ? "causes first" : "by offset")  Enter jumps\(groups ? " or opens a group" : "") · Esc closes"
            if list.isEmpty { return Content(title, [[Span("no problems found", Theme.marker)]], selectable: false) }
            return Content(title, count: rows.count, selectable: true) { ProblemLine.line(rows[$0]) }
        case .referrers(let id, let list, _):
            let fields = context.index?.referenceCount(of: id) ?? list.count
            let links = context.index?.linkCount(to: id) ?? 0
            let total = fields + links
            var count = (total > list.count ? "first \(list.count) of " : "") + "\(fields)"
            if links > 0, let index = context.index { count += " + \(links) \(DetailPane.linkNoun(id, index))" }
            let title = " referrers of #\(id) (\(count))  Enter jumps · Esc closes"
            if list.isEmpty { return Content(title, [[Span("nothing refers to #\(id)", Theme.marker)]], selectable: false) }
            return Content(title, count: list.count, selectable: true) { DetailPane.referrerLine(list[$0], context) }
        case .security(let lines, _):
            return Content(" security audit: what decoding would instantiate and do  Esc closes", count: lines.count, selectable: false) {
                [Span(lines[$0], lines[$0].contains("warning: security.") || lines[$0].contains("error: security.") ? Theme.warning : Theme.summary)]
            }
        case .prompt:
            return Content("", [], selectable: false)
        }
    }
}

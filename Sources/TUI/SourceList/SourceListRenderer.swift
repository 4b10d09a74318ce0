import ArchiveModel

/// Draws a source's list of archives: a header naming the columns (the sort column marked ▲/▼), one
/// row per archive (place, format, size, problems), and the status line; or the help, or the source's
/// own problems. Text from the source (names, places) is escaped before it gets here.
public enum SourceListRenderer {
    /// The keys of the list, for its help screen (the list's own small table, as the browser's is).
    static let keys: [(String, String)] = [
        ("j/k, arrows, PgDn/PgUp, g/G", "move"),
        ("Enter, l, o, double click", "open the archive in the browser (q there comes back here)"),
        ("s / S", "sort by the next column (place, format, size, problems) / reverse"),
        ("/", "filter: archives whose place or format contains the text (Enter applies, Esc clears)"),
        ("p", "what could not be listed (the source's own problems)"),
        ("?, F1", "this help"),
        ("q, Ctrl-C", "quit"),
    ]

    public static func render(_ state: SourceListState, source: ArchiveSource, progress: String? = nil) -> ScreenBuffer {
        var screen = ScreenBuffer(cols: state.cols, rows: state.rows)
        if state.showingHelp {
            drawLines(["keys of the list of archives (any key closes)", ""] + keys.map { "  " + $0.0 + String(repeating: " ", count: max(1, 30 - $0.0.count)) + $0.1 }, into: &screen)
        } else if state.showingProblems {
            let lines = source.diagnostics.isEmpty ? ["everything in the source could be read"] : CheckReport.lines(source.diagnostics)
            drawLines(["what could not be listed in \(source.displayName) (any key closes)", ""] + lines, into: &screen)
        } else {
            drawList(state, source: source, into: &screen)
        }
        drawStatus(state, source: source, progress: progress, into: &screen)
        return screen
    }

    private static func drawLines(_ lines: [String], into screen: inout ScreenBuffer) {
        for (row, line) in lines.prefix(max(0, screen.rows - 1)).enumerated() {
            screen.write(line, row: row, col: 0, style: row == 0 ? Theme.heading : .plain)
        }
    }

    /// Column widths: the place takes what the others leave.
    struct Columns {
        var format: Int, size: Int, problems: Int, place: Int
        init(cols: Int) {
            problems = cols >= 30 ? 10 : 0
            size = cols >= 50 ? 11 : 0
            format = cols >= 60 ? min(24, cols / 5) : 0
            place = max(1, cols - format - size - problems - 1)
        }
    }

    private static func drawList(_ state: SourceListState, source: ArchiveSource, into screen: inout ScreenBuffer) {
        let columns = Columns(cols: screen.cols)
        func title(_ name: String, _ key: SourceListState.SortKey) -> String {
            name + (state.sortKey == key ? (state.descending ? " ▼" : " ▲") : "")
        }
        screen.fill(row: 0, col: 0, count: screen.cols, style: Theme.heading)
        var col = 0
        screen.write(title("place", .place), row: 0, col: col, style: Theme.heading, limit: columns.place)
        col += columns.place + 1
        if columns.format > 0 { screen.write(title("format", .format), row: 0, col: col, style: Theme.heading, limit: columns.format); col += columns.format }
        if columns.size > 0 { writeRight(title("size", .size), at: col, width: columns.size - 1, row: 0, style: Theme.heading, &screen); col += columns.size }
        if columns.problems > 0 { writeRight(title("problems", .problems), at: col, width: columns.problems, row: 0, style: Theme.heading, &screen) }
        if state.visible.isEmpty {
            let why = source.entries.isEmpty ? "no archives found in \(source.displayName) (p: what could not be read)" : "no archive matches the filter (Esc clears it)"
            screen.write(why, row: 1, col: 0, style: Theme.marker)
            return
        }
        for row in 0..<state.listRows {
            let index = state.top + row
            guard index < state.visible.count else { break }
            let entryIndex = state.visible[index]
            let entry = source.entries[entryIndex]
            let result = state.results[entryIndex]
            let selected = index == state.cursor
            let y = row + 1
            if selected { screen.fill(row: y, col: 0, count: screen.cols, style: Theme.selected) }
            let base = selected ? Theme.selected : Style.plain
            let place = entry.place.displayText
            let shown = TextLayout.width(place) > columns.place ? StatusLine.cutLeft(place, to: columns.place) : place
            screen.write(shown, row: y, col: 0, style: base, limit: columns.place)
            var x = columns.place + 1
            if columns.format > 0 {
                screen.write(result?.format ?? entry.formatName, row: y, col: x, style: selected ? base : Theme.className, limit: columns.format - 1)
                x += columns.format
            }
            if columns.size > 0 {
                writeRight(String(entry.size), at: x, width: columns.size - 1, row: y, style: base, &screen)
                x += columns.size
            }
            if columns.problems > 0 {
                let (text, style) = problemsCell(result)
                writeRight(text, at: x, width: columns.problems, row: y, style: selected ? Style(bold: style.bold, reverse: true) : style, &screen)
            }
        }
    }

    /// `…` before the check, `✓` clean, `3 !` with errors, `2 ?` with warnings only, `✗ not read`.
    static func problemsCell(_ result: SourceCheck.Result?) -> (String, Style) {
        guard let result else { return ("…", Theme.marker) }
        if result.status == 2 { return (result.failure != nil ? "✗ not read" : "✗ \(result.problemCount)", Theme.error) }
        if result.problemCount == 0 { return ("✓", Theme.marker) }
        let errors = result.diagnostics.contains { $0.severity == .error }
        return ("\(result.problemCount) \(errors ? "!" : "?")", errors ? Theme.error : Theme.warning)
    }

    private static func writeRight(_ text: String, at col: Int, width: Int, row: Int, style: Style, _ screen: inout ScreenBuffer) {
        let w = TextLayout.width(text)
        screen.write(text, row: row, col: col + max(0, width - w), style: style, limit: width)
    }

    private static func drawStatus(_ state: SourceListState, source: ArchiveSource, progress: String?, into screen: inout ScreenBuffer) {
        let row = screen.rows - 1
        guard row >= 0 else { return }
        screen.fill(row: row, col: 0, count: screen.cols, style: Theme.statusBar)
        if let prompt = state.prompt {
            screen.fill(row: row, col: 0, count: screen.cols, style: .plain)
            screen.write([Span("/" + prompt), Span("█", Theme.marker)], row: row, col: 0, width: screen.cols, fill: .plain)
            return
        }
        let count = English.count(source.entries.count, "archive") + (state.visible.count == source.entries.count ? "" : " (\(state.visible.count) shown)")
        let withProblems = state.results.count { ($0?.problemCount ?? 0) > 0 }
        var right = progress ?? (withProblems > 0 ? "\(withProblems) with problems" : "")
        if !source.diagnostics.isEmpty { right += (right.isEmpty ? "" : " · ") + "p: " + English.count(source.diagnostics.count, "listing problem") }
        right += (right.isEmpty ? "" : " · ") + "? help"
        let rightWidth = min(TextLayout.width(right) + 1, screen.cols / 2)
        let room = max(0, screen.cols - rightWidth - 2)
        // A long path gives way to its last component, then is cut from the left: the count stays.
        var name = source.displayName
        let rest = " │ " + [source.kind.description, count].joined(separator: " │ ")
        if TextLayout.width(name + rest) > room { name = StatusLine.lastPathComponent(name) }
        if TextLayout.width(name + rest) > room { name = StatusLine.cutLeft(name, to: max(8, room - TextLayout.width(rest))) }
        let left = state.message ?? name + rest
        screen.write(" " + left, row: row, col: 0, style: Theme.statusBar, limit: max(0, screen.cols - rightWidth - 1))
        screen.write(right, row: row, col: screen.cols - rightWidth, style: Theme.statusBar, limit: rightWidth)
    }
}

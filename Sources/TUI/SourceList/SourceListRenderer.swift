import ArchiveModel

/// Draws a source's list of archives: a header naming the columns (the sort column marked ▲/▼), one
/// row per archive (place, the `--columns` values, preview, format, size, problems), and the status
/// line; or the help, or the source's own problems. Text from the source (names, places, previews,
/// column values) is escaped before it is drawn.
public enum SourceListRenderer {
    /// The keys of the list, for its help screen (the list's own small table, as the browser's is).
    static let keys: [(String, String)] = [
        ("j/k, arrows, PgDn/PgUp, g/G", "move"),
        ("Enter, l, o, double click", "open the archive in the browser (q there comes back here)"),
        ("s / S", "sort by the next column (place, --columns, preview, format, size, problems) / reverse"),
        ("/", "filter: archives whose place, --columns values, preview or format match (regex, smart case; Esc clears)"),
        ("n / N", "next / previous archive matching the last / pattern"),
        ("p", "what could not be listed (the source's own problems)"),
        ("?, F1", "this help"),
        ("q, Ctrl-C", "quit"),
    ]

    package static func render(_ state: SourceListState, source: ArchiveSource, progress: String? = nil) -> ScreenBuffer {
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

    /// Column widths: problems, size and format as room allows; the place as wide as the widest
    /// place (`SourceListState.placeWidth`) up to half of what is left; then the `--columns` values
    /// (asked for, so before the preview) while they fit, and the preview in the rest when it gets at
    /// least `previewMinimum` cells; what no column takes goes to the place.
    struct Columns {
        var place: Int, values: [Int], preview: Int, format: Int, size: Int, problems: Int
        static let previewMinimum = 12

        init(cols: Int, placeWidth: Int, columnNames: [String]) {
            problems = cols >= 30 ? 10 : 0
            size = cols >= 50 ? 10 : 0
            format = cols >= 60 ? min(20, cols / 5) : 0
            let room = max(0, cols - format - size - problems)
            place = min(max(8, placeWidth), max(12, room / 2)) + 1
            var left = room - place
            values = []
            for name in columnNames {
                let width = min(18, max(8, TextLayout.width(name) + 3))
                guard left >= width else { break }
                values.append(width)
                left -= width
            }
            preview = left >= Self.previewMinimum ? left : 0
            if preview == 0 { place += left }
        }
    }

    private static func drawList(_ state: SourceListState, source: ArchiveSource, into screen: inout ScreenBuffer) {
        let columns = Columns(cols: screen.cols, placeWidth: state.placeWidth, columnNames: state.columnNames)
        drawHeader(state, columns, into: &screen)
        if state.visible.isEmpty {
            let why = source.entries.isEmpty ? "no archives found in \(source.displayName) (p: what could not be read)" : "no archive matches the filter (Esc clears it)"
            screen.write(why, row: 1, col: 0, style: Theme.marker)
            return
        }
        for row in 0..<state.listRows {
            let index = state.top + row
            guard index < state.visible.count else { break }
            drawRow(state, entry: state.visible[index], selected: index == state.cursor, row: row + 1, columns, source: source, into: &screen)
        }
    }

    /// The column names, the sort column marked ▲ or ▼.
    private static func drawHeader(_ state: SourceListState, _ columns: Columns, into screen: inout ScreenBuffer) {
        func title(_ key: SourceListState.SortKey) -> String {
            state.name(of: key) + (state.sortKey == key ? (state.descending ? " ▼" : " ▲") : "")
        }
        screen.fill(row: 0, col: 0, count: screen.cols, style: Theme.heading)
        // A sort column too narrow a screen leaves out is named beside the place's.
        let shown: Bool
        switch state.sortKey {
        case .column(let i): shown = i < columns.values.count
        case .preview: shown = columns.preview > 0
        case .format: shown = columns.format > 0
        case .size: shown = columns.size > 0
        case .problems: shown = columns.problems > 0
        case .place: shown = true
        }
        var col = columns.place
        if shown {
            screen.write(title(.place), row: 0, col: 0, style: Theme.heading, limit: columns.place - 1)
            for (i, width) in columns.values.enumerated() {
                screen.write(title(.column(i)), row: 0, col: col, style: Theme.heading, limit: width - 1)
                col += width
            }
            if columns.preview > 0 { screen.write(title(.preview), row: 0, col: col, style: Theme.heading, limit: columns.preview - 1) }
        } else {
            // Over the place's, the values' and the preview's headings (the sort column is one of the others).
            let span = columns.place + columns.values.reduce(0, +) + columns.preview
            screen.write("place (by " + title(state.sortKey) + ")", row: 0, col: 0, style: Theme.heading, limit: span - 1)
        }
        col = columns.place + columns.values.reduce(0, +) + columns.preview
        if columns.format > 0 { screen.write(title(.format), row: 0, col: col, style: Theme.heading, limit: columns.format); col += columns.format }
        if columns.size > 0 { writeRight(title(.size), at: col, width: columns.size - 1, row: 0, style: Theme.heading, &screen); col += columns.size }
        if columns.problems > 0 { writeRight(title(.problems), at: col, width: columns.problems, row: 0, style: Theme.heading, &screen) }
    }

    /// One archive's row.
    private static func drawRow(_ state: SourceListState, entry entryIndex: Int, selected: Bool, row y: Int, _ columns: Columns,
                                source: ArchiveSource, into screen: inout ScreenBuffer) {
        let entry = source.entries[entryIndex]
        let result = state.results[entryIndex], detail = state.details[entryIndex]
        if selected { screen.fill(row: y, col: 0, count: screen.cols, style: Theme.selected) }
        let base = selected ? Theme.selected : Style.plain
        func styled(_ style: Style) -> Style { selected ? Style(bold: style.bold, reverse: true) : style }
        let place = entry.place.displayText
        let width = columns.place - 1
        screen.write(TextLayout.width(place) > width ? StatusLine.cutLeft(place, to: width) : place, row: y, col: 0, style: base, limit: width)
        var x = columns.place
        for (i, width) in columns.values.enumerated() {
            if let value = detail?.columns, value.indices.contains(i) {
                let text = cellText(value[i])
                switch value[i] {
                case .integer, .real: writeRight(text, at: x, width: width - 1, row: y, style: base, &screen)
                case .null, .missing, .blob: screen.write(text, row: y, col: x, style: styled(Theme.marker), limit: width - 1)
                case .text: screen.write(text, row: y, col: x, style: base, limit: width - 1)
                }
            } else if detail == nil {
                screen.write("…", row: y, col: x, style: styled(Theme.marker), limit: width - 1)
            }
            x += width
        }
        if columns.preview > 0 {
            let (text, style) = previewCell(detail)
            screen.write(text, row: y, col: x, style: styled(style), limit: columns.preview - 1)
            x += columns.preview
        }
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
            writeRight(text, at: x, width: columns.problems, row: y, style: styled(style), &screen)
        }
    }

    /// `…` before the preview job got to the archive; a damaged or unreadable one's preview in the
    /// error style (its text says so too: `damaged:`, `not read:`).
    static func previewCell(_ detail: SourceRowDetail?) -> (String, Style) {
        guard let preview = detail?.preview else { return ("…", Theme.marker) }
        return (preview.text, preview.isDamaged ? Theme.error : Style.plain)
    }

    /// A `--columns` value as a cell shows it (and a filter looks at it), display-safe: numbers as
    /// they are, text escaped (`…` when cut), `blob 1234 B`, `null`, `-` when the row has no such column.
    static func cellText(_ value: ArchiveSource.ColumnValue) -> String {
        switch value {
        case .integer(let i): String(i)
        case .real(let d): ValueFormatter.real(d)
        case .text(let s, let cut): DisplayText.escape(s) + (cut ? "…" : "")
        case .blob(let size): "blob \(size) B"
        case .null: "null"
        case .missing: "-"
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

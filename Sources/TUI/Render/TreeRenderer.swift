import ArchiveModel

/// Draws the tree pane: one line per visible row with indent, expand marker, key, class, markers
/// and summary. Every state has a glyph, so nothing depends on colour alone.
enum TreeRenderer {
    static func draw(_ state: BrowserState, _ context: BrowserContext, in rect: Rect, into screen: inout ScreenBuffer) {
        guard rect.height > 0 else { return }
        if state.expansion.rowCount == 0 {
            for (i, line) in emptyLines(context, width: rect.width).prefix(rect.height).enumerated() {
                screen.write([line], row: rect.row + i, col: rect.col, width: rect.width)
            }
            return
        }
        let rows = RowWalker(state, context).rows(from: state.top, count: rect.height)
        for (i, row) in rows.enumerated() {
            let focused = row.path == state.focusPath
            var spans = line(for: row, context: context)
            if focused { spans = spans.map { Span($0.text, $0.style.selected) } }
            screen.write(spans, row: rect.row + i, col: rect.col, width: rect.width, fill: focused ? Theme.selected : nil)
        }
    }

    /// Rows deeper than this are indented as at this depth and say their depth, so a file nested ten
    /// thousand levels deep still shows its rows' content, not a screen of indentation.
    static let indentLimit = 24

    /// The styled text of one tree row.
    static func line(for row: VisibleRow, context: BrowserContext) -> StyledLine {
        let node = row.node
        var spans: StyledLine = [gutter(row, context)]
        spans.append(Span(String(repeating: "  ", count: min(row.depth, indentLimit))))
        if row.depth > indentLimit { spans.append(Span("[depth \(row.depth)] ", Theme.marker)) }
        let marker = row.canExpand ? (row.isExpanded ? "▾ " : "▸ ") : "  "
        spans.append(Span(marker, Theme.marker))
        spans.append(Span(node.label, node.isGroup ? Theme.heading : Theme.label))
        if let cls = node.className { spans.append(Span("  " + cls, Theme.className)) }
        spans += markers(row, context)
        let (glyph, style) = stateGlyph(node.state)
        if let glyph { spans.append(Span("  " + glyph + " ", style)) } else { spans.append(Span("  ")) }
        spans.append(Span(node.summary, node.state == .normal ? Theme.summary : style))
        return spans
    }

    /// What a tree with no rows says: why, for a file this tool cannot read (its diagnostics, wrapped),
    /// and how to open an archive found further into it.
    static func emptyLines(_ context: BrowserContext, width: Int) -> [Span] {
        guard let graph = context.graph as? UnreadableGraph else {
            return [Span("(the archive has no top-level entries)", Theme.marker)]
        }
        var lines: [Span] = []
        for d in graph.openDiagnostics where d.id != DocumentCode.archiveInside.rawValue {
            lines += TextWrap.lines(DisplayText.escapeMessage(d.message), width: width).map { Span($0, Theme.error) }
        }
        if let inside = graph.archiveInside {
            lines.append(Span(""))
            lines += TextWrap.lines("\(English.article(inside.format.shortName)) archive starts at offset \(inside.offset): o opens it", width: width)
                .map { Span($0, Theme.embedded) }
        }
        return lines
    }

    /// `!` for rows with errors, `?` for warnings, from the object's own or full-check diagnostics;
    /// `↓` for a collapsed row whose object leads to problems (coloured by the worst of them).
    static func gutter(_ row: VisibleRow, _ context: BrowserContext) -> Span {
        let node = row.node
        switch context.rowSeverity(node) {
        case .error: return Span("!", Theme.error)
        case .warning: return Span("?", Theme.warning)
        default: break
        }
        if !row.isExpanded, row.cycleDepth == nil, let t = node.target, let inside = context.severityInside(t) {
            return Span("↓", inside == .error ? Theme.error : Theme.warning)
        }
        return Span(" ")
    }

    /// `↺ #id` for a cycle, `→ #id (n refs)` for an object with more than one referrer, and
    /// `⧉ embedded bplist00` for data that holds an archive (`o` opens it).
    static func markers(_ row: VisibleRow, _ context: BrowserContext) -> StyledLine {
        var spans: StyledLine = []
        if let t = row.node.target {
            if row.cycleDepth != nil {
                spans.append(Span("  ↺ #\(t)", Theme.cycle))
            } else if let n = context.outline.referrerCount(of: t), n > 1 {
                spans.append(Span("  → #\(t) (\(n) refs)", Theme.shared))
            }
        }
        if let repaired = context.repaired, let range = row.node.range, repaired.changed(in: range) {
            spans.append(Span("  ✎ repaired", Theme.repaired))
        }
        if let found = Embedded.archive(of: row, context: context) {
            spans.append(Span("  ⧉ embedded " + Embedded.shortName(found.format), Theme.embedded))
        }
        if let t = row.node.target, context.securityFindings.contains(t) {
            spans.append(Span("  ⚑ security", Theme.warning))
        }
        return spans
    }

    /// The glyph and style of a reference state: `∅` nil, `◌` conditional, `✗` dangling, `⊘` invalid.
    static func stateGlyph(_ state: ReferenceState) -> (String?, Style) {
        switch state {
        case .normal: (nil, Theme.summary)
        case .null: ("∅", Theme.nilValue)
        case .conditionalNull: ("◌", Theme.nilValue)
        case .dangling: ("✗", Theme.error)
        case .invalid: ("⊘", Theme.error)
        }
    }
}

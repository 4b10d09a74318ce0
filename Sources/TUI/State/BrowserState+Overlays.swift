import ArchiveModel

extension BrowserState {
    /// Number of entries of the open list overlay.
    func listCount(_ context: BrowserContext) -> Int {
        switch overlay {
        case .help: HelpText.lines.count
        case .problems: context.problemRows(open: openProblemGroups).count
        case .referrers(_, let list, _): list.count
        case .security(let lines, _): lines.count
        case .prompt, nil: 0
        }
    }

    /// Rows a list overlay shows (everything above the status line, minus its title row).
    var listHeight: Int { max(1, rows - 2) }

    mutating func moveList(_ command: Command, _ context: BrowserContext) {
        guard let current = overlay, var cursor = current.cursor else { return }
        let count = listCount(context), height = listHeight
        if current.scrollsAsText {
            // Help and the audit scroll as a page of text rather than moving a selection.
            let maxTop = max(0, count - height)
            switch command {
            case .listDown: cursor.top += 1
            case .listUp: cursor.top -= 1
            case .listPageDown: cursor.top += height
            case .listPageUp: cursor.top -= height
            case .listTop: cursor.top = 0
            default: cursor.top = maxTop
            }
            cursor.top = max(0, min(maxTop, cursor.top))
            overlay = current.with(cursor: cursor)
            return
        }
        switch command {
        case .listDown: cursor.move(by: 1, count: count, height: height)
        case .listUp: cursor.move(by: -1, count: count, height: height)
        case .listPageDown: cursor.move(by: height, count: count, height: height)
        case .listPageUp: cursor.move(by: -height, count: count, height: height)
        case .listTop: cursor.move(by: -count, count: count, height: height)
        default: cursor.move(by: count, count: count, height: height)
        }
        overlay = current.with(cursor: cursor)
    }

    /// Opens the problems list, asking for a full check first when none has run.
    mutating func showProblems(_ context: BrowserContext) {
        guard context.diagnostics != nil else {
            pending = .fullCheck(then: .command(.showProblems))
            return
        }
        var cursor = ListCursor()
        openProblemGroups = []
        let rows = context.problemRows(open: openProblemGroups)
        // On the first error, else the first warning, else the first entry (notes are facts).
        cursor.move(by: ProblemList.startRow(rows), count: rows.count, height: listHeight)
        overlay = .problems(cursor)
    }

    /// Most referrers the `r` list shows (a damaged file can list one object millions of times).
    public static let referrerListLimit = 10_000

    /// Opens the referrers of the focused object, asking for the index first when it is not built.
    mutating func showReferrers(_ context: BrowserContext) {
        guard let target = focusedRow(context)?.node.target else { message = "the focused row is not an object"; return }
        guard let index = context.index else {
            pending = .buildIndex(then: .command(.showReferrers))
            return
        }
        // Field referrers first, then what points at it through `$class` or as a dictionary key.
        let fields = index.referrers(of: target, limit: Self.referrerListLimit)
        let links = index.links(to: target, limit: Self.referrerListLimit - fields.count)
        overlay = .referrers(target, fields + links, ListCursor())
    }

    /// Enter in a list: jump to the problem's node or to the referrer.
    mutating func selectListEntry(_ context: BrowserContext) {
        guard let current = overlay, let cursor = current.cursor else { return }
        switch current {
        case .problems:
            selectProblem(at: cursor, context)
        case .referrers(let id, let list, _):
            overlay = nil
            guard cursor.selected < list.count else { return }
            jump(toReferrer: list[cursor.selected], of: id, context)
        case .help, .prompt, .security:
            break
        }
    }

    /// Enter in the problems list: a group opens or closes in place; a diagnostic is jumped to, and a
    /// note to the bytes it names.
    mutating func selectProblem(at cursor: ListCursor, _ context: BrowserContext) {
        let rows = context.problemRows(open: openProblemGroups)
        guard cursor.selected >= 0, cursor.selected < rows.count else { overlay = nil; return }
        switch rows[cursor.selected] {
        case .group(let id, _, _, _, let isOpen):
            if isOpen { openProblemGroups.remove(id) } else { openProblemGroups.insert(id) }
            var moved = cursor
            moved.move(by: 0, count: context.problemRows(open: openProblemGroups).count, height: listHeight)
            overlay = .problems(moved)
        case .single(let d), .member(let d):
            overlay = nil
            jump(toDiagnostic: d, context)
        case .note(let note, let d, _):
            overlay = nil
            jump(toNote: note, of: d, context)
        }
    }

    /// Goes to the row holding a note's bytes (else to its diagnostic's row) and pins the note's bytes.
    mutating func jump(toNote note: DiagnosticNote, of d: Diagnostic, _ context: BrowserContext) {
        guard let range = note.range, let path = PathFinder(context: context, pinned: pinnedRoots).path(containing: range.start) else {
            jump(toDiagnostic: d.with(range: .some(note.range ?? d.range)), context)
            return
        }
        jump(to: path, context: context)
        pinProblemBytes(of: d.with(range: .some(range)), found: true, context)
    }

    mutating func jump(toDiagnostic d: Diagnostic, _ context: BrowserContext) {
        var found = true
        if let object = d.object, object >= 0, object < context.graph.objectCount {
            goTo(object: object, context)
        } else if let range = d.range, let path = PathFinder(context: context, pinned: pinnedRoots).path(containing: range.start) {
            jump(to: path, context: context)
        } else {
            found = false
            message = "no row holds this problem's bytes"
        }
        pinProblemBytes(of: d, found: found, context)
    }

    /// Pins a ranged problem's bytes to the focused row for the hex tab. When the row shows no bytes of
    /// its own, or no row holds the problem, the hex tab opens on them: otherwise Enter on such a
    /// problem would show nothing of where it is.
    mutating func pinProblemBytes(of d: Diagnostic, found: Bool, _ context: BrowserContext) {
        guard let range = d.range else { return }
        problemBytes = ProblemBytes(path: focusPath, range: range, problemID: d.id)
        let rowHasBytes = focusedRow(context)?.node.range != nil
        if !found || !rowHasBytes {
            showDetail = true
            detailTab = .hex
            detailScroll = 0
            message = found ? "the row has no bytes of its own: hex tab opened on the problem's"
                : "no row holds the problem's bytes: hex tab opened"
        }
    }

    mutating func jump(toReferrer referrer: Referrer, of id: ObjectID, _ context: BrowserContext) {
        guard let from = referrer.from else {
            let label = DisplayText.escape(ValueFormatter.cut(referrer.key))
            if let i = (0..<context.outlineRootCount).first(where: { context.root($0, pinned: [])?.label == label }) {
                jump(to: [i], context: context)
            }
            return
        }
        goTo(object: from, context)
        // An instance of the class, or the dictionary using it as a key: no field of it holds the target.
        guard referrer.link == nil, let row = focusedRow(context), row.node.target == from, row.canExpand else { return }
        // Focus the field that holds the reference: the one named like the referrer's key if any.
        let count = context.childCount(of: row.node)
        let label = DisplayText.escape(ValueFormatter.cut(referrer.key))
        var found: Int?
        for i in 0..<min(count, Self.deepExpansionLimit) {
            let child = context.child(of: row.node, at: i)
            guard child.target == id else { continue }
            if child.label == label { found = i; break }
            if found == nil { found = i }
        }
        if let found {
            expansion.expand(focusPath, childCount: count)
            focusPath.append(found)
        }
    }
}

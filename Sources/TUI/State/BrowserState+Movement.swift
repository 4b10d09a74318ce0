import ArchiveModel

extension BrowserState {
    /// Moves the focus `delta` visible rows, stopping at the ends.
    mutating func moveFocus(by delta: Int) { focusRow(focusRow + delta) }

    /// Focuses visible row `index` (clamped).
    mutating func focusRow(_ index: Int) {
        let clamped = max(0, min(expansion.rowCount - 1, index))
        if let path = expansion.path(atRow: clamped) { focusPath = path }
        detailScroll = 0
    }

    /// Moves focus and view together by `delta` rows, like `less`.
    mutating func page(by delta: Int) {
        let offset = focusRow - top
        focusRow(focusRow + delta)
        top = max(0, min(focusRow - offset, max(0, expansion.rowCount - layout.pageSize)))
    }

    /// Focuses the next or previous sibling, if any.
    mutating func sibling(by delta: Int) {
        guard let last = focusPath.last else { return }
        let parent = Array(focusPath.dropLast())
        let count = expansion.childCount(at: parent) ?? 0
        let next = last + delta
        guard next >= 0, next < count else { return }
        focusPath = parent + [next]
        detailScroll = 0
    }

    /// Keeps the focus on an existing visible row.
    mutating func clampFocus() {
        guard expansion.rowCount > 0 else { focusPath = []; return }
        if expansion.rowIndex(of: focusPath) != nil { return }
        // Walk up to the nearest visible ancestor (an ancestor was collapsed), else the first row.
        var path = focusPath
        while !path.isEmpty {
            path.removeLast()
            if !path.isEmpty, expansion.rowIndex(of: path) != nil { focusPath = path; return }
        }
        focusPath = expansion.path(atRow: 0) ?? []
    }

    /// Scrolls the tree pane so the focus is visible, with no empty space below the last row.
    mutating func scrollToFocus() {
        let height = layout.pageSize
        let row = focusRow
        if row < top { top = row }
        if row >= top + height { top = row - height + 1 }
        top = max(0, min(top, max(0, expansion.rowCount - height)))
    }

    /// Scrolls the tree pane by `delta` rows, pulling the focus along when it would leave the view.
    mutating func scrollView(by delta: Int) {
        let height = layout.pageSize
        top = max(0, min(top + delta, max(0, expansion.rowCount - height)))
        let row = focusRow
        if row < top { focusRow(top) } else if row >= top + height { focusRow(top + height - 1) }
    }

    /// Handles wheel scrolling and clicks in the tree pane.
    mutating func mouse(_ event: MouseEvent, _ context: BrowserContext) {
        switch event.kind {
        case .wheelUp, .wheelDown:
            let delta = event.kind == .wheelUp ? -3 : 3
            if overlay?.cursor != nil {
                moveList(delta < 0 ? .listUp : .listDown, context)
            } else {
                scrollView(by: delta)
            }
        case .click, .doubleClick:
            let tree = layout.tree
            guard overlay == nil, tree.contains(row: event.row, col: event.column) else { return }
            let index = top + event.row - tree.row
            guard index < expansion.rowCount else { return }
            focusRow(index)
            if event.kind == .doubleClick { toggle(context) }
        }
    }
}

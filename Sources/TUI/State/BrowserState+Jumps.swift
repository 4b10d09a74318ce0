import ArchiveModel

extension BrowserState {
    /// Moves the focus to `path`, expanding its ancestors, and records the jump in the history.
    mutating func jump(to path: [Int], context: BrowserContext? = nil) {
        guard path != focusPath else { return }
        backStack.append(focusPath)
        if backStack.count > 100 { backStack.removeFirst() }
        forwardStack = []
        focusPath = path
        if let context { reveal(path, context) }
    }

    /// Expands every ancestor of `path` so that its row is visible.
    mutating func reveal(_ path: [Int], _ context: BrowserContext) {
        guard path.count > 1, let chain = context.chain(path, pinned: pinnedRoots) else { return }
        var parent = 0 // the expansion trie's root; one step down per level, so deep paths cost linear work
        for depth in 1..<path.count {
            guard let slot = expansion.expand(child: path[depth - 1], of: parent, childCount: context.childCount(of: chain[depth - 1]))
            else { return }
            parent = slot
        }
    }

    /// Goes to the row of the focused reference's object: its ancestor for a cycle, else the first
    /// place it appears breadth first from the top level (or a pinned `#id` row).
    mutating func follow(_ context: BrowserContext) {
        guard let row = focusedRow(context) else { return }
        guard let target = row.node.target else {
            message = row.node.state == .normal ? "not a reference" : "nothing to follow: " + stateName(row.node.state)
            return
        }
        if let depth = row.cycleDepth {
            jump(to: Array(focusPath.prefix(depth + 1)), context: context)
            return
        }
        goTo(object: target, context)
    }

    /// Focuses the first row showing object `id` (breadth first from the top level), revealing it;
    /// pins `#id` as a top-level row when no path is found within the search bound.
    mutating func goTo(object id: ObjectID, _ context: BrowserContext) {
        guard id >= 0, id < context.graph.objectCount else {
            message = "no object #\(id) (the graph has \(English.count(context.graph.objectCount, "object")))"
            return
        }
        if let path = PathFinder(context: context, pinned: pinnedRoots).path(toObject: id) {
            if path == focusPath {
                message = "#\(id) is first shown here"
                if let row = focusedRow(context), row.canExpand, !row.isExpanded {
                    expansion.expand(focusPath, childCount: context.childCount(of: row.node))
                }
            }
            jump(to: path, context: context)
            return
        }
        if let p = pinnedRoots.firstIndex(of: id) {
            jump(to: [context.outlineRootCount + p], context: context)
            return
        }
        pinnedRoots.append(id)
        syncRootCount(context)
        jump(to: [context.outlineRootCount + pinnedRoots.count - 1], context: context)
        message = "#\(id) was not found from the top level: shown as a top-level row"
    }

    /// Returns to the previous jump position.
    mutating func goBack(_ context: BrowserContext) {
        guard let previous = backStack.popLast() else { message = "no earlier position"; return }
        forwardStack.append(focusPath)
        focusPath = previous
        reveal(previous, context)
    }

    /// Redoes a jump undone with back.
    mutating func goForward(_ context: BrowserContext) {
        guard let next = forwardStack.popLast() else { message = "no later position"; return }
        backStack.append(focusPath)
        focusPath = next
        reveal(next, context)
    }

    func stateName(_ state: ReferenceState) -> String {
        switch state {
        case .normal: "value"
        case .null: "nil"
        case .conditionalNull: "conditional object never encoded"
        case .dangling(let why): "dangling reference (" + DisplayText.escapeMessage(why) + ")"
        case .invalid(let why): "invalid value (" + DisplayText.escapeMessage(why) + ")"
        }
    }
}

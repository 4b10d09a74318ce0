import ArchiveModel

extension BrowserState {
    /// Most rows one deep expansion may add; beyond this it stops and says so.
    public static let deepExpansionLimit = 10_000

    /// The focused row, materialised.
    func focusedRow(_ context: BrowserContext) -> VisibleRow? { RowWalker(self, context).row(at: focusPath) }

    /// Expands the focused row; an expanded row moves to its first child; a cycle row jumps to the
    /// ancestor it repeats.
    mutating func expandOrEnter(_ context: BrowserContext) {
        guard let row = focusedRow(context) else { return }
        if let depth = row.cycleDepth {
            jump(to: Array(focusPath.prefix(depth + 1)))
            message = "cycle: back to the ancestor #\(row.node.target ?? 0)"
        } else if row.isExpanded {
            if (expansion.childCount(at: focusPath) ?? 0) > 0 { focusPath.append(0) }
        } else if row.canExpand {
            expansion.expand(focusPath, childCount: context.childCount(of: row.node))
        }
    }

    /// Collapses the focused row, or moves to its parent.
    mutating func collapseOrParent() {
        if expansion.isExpanded(focusPath) {
            expansion.collapse(focusPath)
        } else if focusPath.count > 1 {
            focusPath.removeLast()
        }
    }

    /// Expands or collapses the focused row.
    mutating func toggle(_ context: BrowserContext) {
        if expansion.isExpanded(focusPath) {
            expansion.collapse(focusPath)
        } else if let row = focusedRow(context), row.canExpand {
            expansion.expand(focusPath, childCount: context.childCount(of: row.node))
        } else if let row = focusedRow(context), row.cycleDepth != nil {
            expandOrEnter(context)
        }
    }

    /// Collapses the focused row and everything below it.
    mutating func collapseDeep() { expansion.collapse(focusPath) }

    /// Collapses every row; the focus moves to its top-level ancestor.
    mutating func collapseEverything() {
        expansion.collapseAll()
        focusPath = Array(focusPath.prefix(1))
    }

    /// Expands every top-level row deeply, within the same bound as `e`.
    mutating func expandAllRoots(_ context: BrowserContext) {
        var budget = Self.deepExpansionLimit
        for i in 0..<expansion.rootCount where budget > 0 {
            budget = expandDeep(from: [i], context, budget: budget)
        }
    }

    /// Expands `path` and its descendants breadth first, never into cycles, adding at most `budget` rows.
    /// Returns the budget left.
    @discardableResult
    mutating func expandDeep(from path: [Int], _ context: BrowserContext, budget: Int = deepExpansionLimit,
                             maxDepth: Int = Int.max) -> Int {
        guard let chain = context.chain(path, pinned: pinnedRoots) else { return budget }
        var left = budget
        var queue: [([Int], OutlineNode, [ObjectID?])] = [(path, chain[chain.count - 1], chain.dropLast().map(\.target))]
        var head = 0
        while head < queue.count, left > 0 {
            let (p, node, ancestors) = queue[head]
            head += 1
            if let t = node.target, ancestors.contains(t) { continue }
            if p.count > maxDepth || !node.isExpandable { continue }
            let count = context.childCount(of: node)
            if !expansion.isExpanded(p) {
                if count > left, head > 1 { message = "expansion stopped at \(Self.deepExpansionLimit) new rows"; return 0 }
                expansion.expand(p, childCount: count)
                left -= min(count, left)
            }
            for i in 0..<count where queue.count - head < left + 1 {
                queue.append((p + [i], context.child(of: node, at: i), ancestors + [node.target]))
            }
        }
        return left
    }

    /// Shows `depth` levels: rows shallower than that are expanded (bounded), deeper ones collapsed.
    mutating func collapse(toDepth depth: Int, _ context: BrowserContext) {
        for path in expansion.expandedPaths where path.count >= depth { expansion.collapse(path) }
        if focusPath.count > depth { focusPath = Array(focusPath.prefix(depth)) }
        var budget = Self.deepExpansionLimit
        for i in 0..<expansion.rootCount where budget > 0 && depth > 1 {
            budget = expandDeep(from: [i], context, budget: budget, maxDepth: depth - 1)
        }
    }
}

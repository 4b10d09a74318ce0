import ArchiveModel

/// One materialised row of the visible tree.
public struct VisibleRow: Sendable {
    /// Child positions from the top level.
    public var path: [Int]
    public var node: OutlineNode
    /// Whether the row is expanded.
    public var isExpanded: Bool
    /// When the row's target is already the target of an ancestor row: that ancestor's depth.
    public var cycleDepth: Int?
    /// Depth in the tree (0 for top-level rows).
    public var depth: Int { path.count - 1 }
    /// Whether the row can be expanded in place (cycle rows jump to their ancestor instead).
    public var canExpand: Bool { node.isExpandable && cycleDepth == nil }
}

/// Materialises visible rows lazily: only the rows asked for are built, by walking the expansion trie.
struct RowWalker {
    let context: BrowserContext
    let expansion: ExpansionTree
    let pinned: [ObjectID]

    init(_ state: BrowserState, _ context: BrowserContext) {
        self.context = context
        expansion = state.expansion
        pinned = state.pinnedRoots
    }

    /// The row at `path` with its cycle status, or nil when the path does not exist.
    func row(at path: [Int]) -> VisibleRow? {
        guard let chain = context.chain(path, pinned: pinned), let node = chain.last else { return nil }
        return makeRow(path, node, ancestors: chain.dropLast().map(\.target))
    }

    private func makeRow(_ path: [Int], _ node: OutlineNode, ancestors: [ObjectID?]) -> VisibleRow {
        var cycle: Int?
        if let t = node.target { cycle = ancestors.lastIndex(of: t) }
        return VisibleRow(path: path, node: node, isExpanded: expansion.isExpanded(path), cycleDepth: cycle)
    }

    /// Up to `count` rows starting at visible row `start`, in order.
    func rows(from start: Int, count: Int) -> [VisibleRow] {
        guard count > 0, var path = expansion.path(atRow: start), var chain = context.chain(path, pinned: pinned) else { return [] }
        var result: [VisibleRow] = []
        while result.count < count {
            guard let node = chain.last else { break }
            result.append(makeRow(path, node, ancestors: chain.dropLast().map(\.target)))
            guard advance(&path, &chain) else { break }
        }
        return result
    }

    /// Moves `path`/`chain` to the next visible row in pre-order; false at the end.
    private func advance(_ path: inout [Int], _ chain: inout [OutlineNode]) -> Bool {
        if let node = chain.last, expansion.isExpanded(path), (expansion.childCount(at: path) ?? 0) > 0 {
            path.append(0)
            chain.append(context.child(of: node, at: 0))
            return true
        }
        while let last = path.last {
            let parentPath = Array(path.dropLast())
            let siblings = expansion.childCount(at: parentPath) ?? 0
            path.removeLast()
            chain.removeLast()
            if last + 1 < siblings {
                path.append(last + 1)
                if let parent = chain.last {
                    chain.append(context.child(of: parent, at: last + 1))
                } else if let root = context.root(last + 1, pinned: pinned) {
                    chain.append(root)
                } else {
                    return false
                }
                return true
            }
        }
        return false
    }
}

import ArchiveModel

/// One materialised row of the visible tree.
public struct VisibleRow: Sendable {
    /// Child positions from the top level.
    public var path: [Int]
    package var node: OutlineNode
    /// Whether the row is expanded.
    public var isExpanded: Bool
    /// When the row's target is already the target of an ancestor row: that ancestor's depth.
    public var cycleDepth: Int?
    /// The object whose fields the row's parent lists (see `EmbeddedArchives.owner(under:)`): what
    /// holds an inline data row's field.
    public var owner: ObjectID?
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
        return makeRow(path, node, ancestors: chain.dropLast().map(\.target), parent: chain.dropLast().last)
    }

    private func makeRow(_ path: [Int], _ node: OutlineNode, ancestors: [ObjectID?], parent: OutlineNode?) -> VisibleRow {
        var cycle: Int?
        if let t = node.target { cycle = ancestors.lastIndex(of: t) }
        return VisibleRow(path: path, node: node, isExpanded: expansion.isExpanded(path), cycleDepth: cycle,
                          owner: EmbeddedArchives.owner(under: parent))
    }

    /// Up to `count` rows starting at visible row `start`, in order.
    func rows(from start: Int, count: Int) -> [VisibleRow] {
        var result: [VisibleRow] = []
        visit(from: start, count: count) { result.append($0); return true }
        return result
    }

    /// Calls `body` with up to `count` rows from visible row `start`, in order, until it returns false.
    ///
    /// The walk keeps, besides the path and the chain of nodes, the expansion-trie index of each
    /// ancestor and the depths at which each target appears among the ancestors, so each row costs
    /// constant work however deep it is (a damaged file can nest thousands of expanded levels).
    func visit(from start: Int, count: Int, _ body: (VisibleRow) -> Bool) {
        guard count > 0, let path = expansion.path(atRow: start), let chain = context.chain(path, pinned: pinned),
              let parents = expansion.indices(along: path.dropLast()) else { return }
        var walk = Walk(path: path, chain: chain, parents: parents)
        for _ in 0..<count {
            guard let node = walk.chain.last, let last = walk.path.last, let parent = walk.parents.last else { return }
            let cycle = node.target.flatMap { walk.ancestorDepths[$0]?.last }
            let expanded = expansion.nodes[parent].children[last] != nil
            let parentNode = walk.chain.count >= 2 ? walk.chain[walk.chain.count - 2] : nil
            let row = VisibleRow(path: walk.path, node: node, isExpanded: expanded, cycleDepth: cycle, owner: EmbeddedArchives.owner(under: parentNode))
            guard body(row), advance(&walk) else { return }
        }
    }

    /// Where a walk over visible rows stands.
    private struct Walk {
        var path: [Int]
        var chain: [OutlineNode]
        /// The expansion-trie index of each proper prefix of `path` (the root's first).
        var parents: [Int]
        /// Depths at which each target appears among the current row's ancestors, ascending.
        var ancestorDepths: [ObjectID: [Int]] = [:]

        init(path: [Int], chain: [OutlineNode], parents: [Int]) {
            self.path = path
            self.chain = chain
            self.parents = parents
            for (depth, node) in chain.dropLast().enumerated() {
                if let t = node.target { ancestorDepths[t, default: []].append(depth) }
            }
        }

        /// The current row becomes an ancestor; `child` (at `position`, in trie node `slot`) is current.
        mutating func descend(to child: OutlineNode, at position: Int, slot: Int) {
            if let t = chain.last?.target { ancestorDepths[t, default: []].append(chain.count - 1) }
            path.append(position)
            parents.append(slot)
            chain.append(child)
        }

        /// The current row's parent becomes current again.
        mutating func ascend() {
            path.removeLast()
            chain.removeLast()
            parents.removeLast()
            if let t = chain.last?.target {
                ancestorDepths[t]?.removeLast()
                if ancestorDepths[t]?.isEmpty == true { ancestorDepths[t] = nil }
            }
        }

        /// Replaces the current row by its sibling `node` at `position`.
        mutating func moveToSibling(_ node: OutlineNode, at position: Int) {
            path[path.count - 1] = position
            chain[chain.count - 1] = node
        }
    }

    /// Moves the walk to the next visible row in pre-order; false at the end.
    private func advance(_ walk: inout Walk) -> Bool {
        if let node = walk.chain.last, let last = walk.path.last, let parent = walk.parents.last,
           let slot = expansion.nodes[parent].children[last], expansion.nodes[slot].childCount > 0 {
            walk.descend(to: context.child(of: node, at: 0), at: 0, slot: slot)
            return true
        }
        while let last = walk.path.last, let parent = walk.parents.last {
            let siblings = expansion.nodes[parent].childCount
            if last + 1 < siblings {
                let upper = walk.chain.count >= 2 ? walk.chain[walk.chain.count - 2] : nil
                if let upper {
                    walk.moveToSibling(context.child(of: upper, at: last + 1), at: last + 1)
                } else if let root = context.root(last + 1, pinned: pinned) {
                    walk.moveToSibling(root, at: last + 1)
                } else {
                    return false
                }
                return true
            }
            guard walk.path.count > 1 else { return false }
            walk.ascend()
        }
        return false
    }
}

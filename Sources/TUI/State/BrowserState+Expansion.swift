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
    ///
    /// Queue entries link to their parent entry and remember their node in the expansion trie instead of
    /// carrying their path and ancestors, so a chain nested as deep as the budget costs time and memory
    /// linear in the rows (ancestors are walked only for a target met before).
    @discardableResult
    mutating func expandDeep(from path: [Int], _ context: BrowserContext, budget: Int = deepExpansionLimit,
                             maxDepth: Int = Int.max) -> Int {
        guard let chain = context.chain(path, pinned: pinnedRoots), let parentSlot = expansion.index(at: path.dropLast()),
              let position = path.last else { return budget }
        let above = Set(chain.dropLast().compactMap(\.target))
        var seen = above
        var queue = [DeepEntry(parent: -1, position: position, node: chain[chain.count - 1], length: path.count)]
        var left = budget
        var head = 0
        while head < queue.count, left > 0 {
            let entry = queue[head]
            head += 1
            if let t = entry.node.target {
                if !seen.insert(t).inserted, above.contains(t) || Self.repeats(t, above: entry.parent, in: queue) { continue }
            }
            if entry.length > maxDepth || !entry.node.isExpandable { continue }
            let count = context.childCount(of: entry.node)
            let parent = entry.parent < 0 ? parentSlot : queue[entry.parent].slot
            guard let parent else { continue }
            let wasExpanded = expansion.nodes[parent].children[entry.position] != nil
            if !wasExpanded, count > left, head > 1 { message = "expansion stopped at \(Self.deepExpansionLimit) new rows"; return 0 }
            guard let slot = expansion.expand(child: entry.position, of: parent, childCount: count) else { continue }
            queue[head - 1].slot = slot
            if !wasExpanded { left -= min(count, left) }
            // Rows one level deeper would not be expanded: they need no node (their objects decode when
            // drawn, and only the rows on screen are).
            guard entry.length < maxDepth else { continue }
            for i in 0..<count where queue.count - head < left + 1 {
                queue.append(DeepEntry(parent: head - 1, position: i, node: context.child(of: entry.node, at: i), length: entry.length + 1))
            }
        }
        return left
    }

    /// One row met by `expandDeep`: its position under the parent entry's row (under the start row's
    /// parent for the first entry), and its node in the expansion trie once expanded.
    struct DeepEntry {
        let parent: Int
        let position: Int
        let node: OutlineNode
        /// The length of the row's path.
        let length: Int
        var slot: Int?

        init(parent: Int, position: Int, node: OutlineNode, length: Int) {
            self.parent = parent
            self.position = position
            self.node = node
            self.length = length
        }
    }

    /// Whether `target` is the target of entry `start` or one of its ancestors in `queue`.
    static func repeats(_ target: ObjectID, above start: Int, in queue: [DeepEntry]) -> Bool {
        var i = start
        while i >= 0 {
            if queue[i].node.target == target { return true }
            i = queue[i].parent
        }
        return false
    }

    /// Shows `depth` levels: rows shallower than that are expanded (bounded), deeper ones collapsed.
    mutating func collapse(toDepth depth: Int, _ context: BrowserContext) {
        expansion.collapse(pathsOfLength: max(1, depth))
        if focusPath.count > depth { focusPath = Array(focusPath.prefix(depth)) }
        var budget = Self.deepExpansionLimit
        for i in 0..<expansion.rootCount where budget > 0 && depth > 1 {
            budget = expandDeep(from: [i], context, budget: budget, maxDepth: depth - 1)
        }
    }
}

import ArchiveModel

/// A position in the full tree, as if every row were expanded, for walks that do not depend on what
/// the user has expanded (search). Cycle rows and rows deeper than `maxDepth` count as leaves.
struct TreeCursor {
    let context: BrowserContext
    let pinned: [ObjectID]
    var maxDepth = 48
    /// When set, objects already entered are not entered again (a shared object's rows are walked
    /// once), so a walk costs at most the size of the graph rather than of its unfolding.
    var visited: Set<ObjectID>?
    private(set) var path: [Int]
    private(set) var chain: [OutlineNode]

    /// A cursor at `path`, or nil when the path does not exist.
    init?(at path: [Int], context: BrowserContext, pinned: [ObjectID]) {
        guard let chain = context.chain(path, pinned: pinned) else { return nil }
        self.context = context
        self.pinned = pinned
        self.path = path
        self.chain = chain
    }

    var node: OutlineNode? { chain.last }
    private var rootCount: Int { context.outlineRootCount + pinned.count }

    /// Whether the current row has children to descend into.
    private func isOpen() -> Bool {
        guard let node = chain.last, node.isExpandable, path.count < maxDepth else { return false }
        if let t = node.target, chain.dropLast().contains(where: { $0.target == t }) { return false }
        if let t = node.target, visited?.contains(t) == true { return false }
        return context.childCount(of: node) > 0
    }

    private mutating func push(_ position: Int) {
        guard let parent = chain.last else { return }
        path.append(position)
        chain.append(context.child(of: parent, at: position))
    }

    private mutating func replaceLast(with position: Int) -> Bool {
        path.removeLast()
        chain.removeLast()
        if chain.isEmpty {
            guard let root = context.root(position, pinned: pinned) else { return false }
            path = [position]
            chain = [root]
        } else {
            push(position)
        }
        return true
    }

    /// Records that the walk enters the current row's object (only descending counts: the
    /// ancestors of the starting row are walked around, not entered).
    private mutating func enter() {
        if let t = chain.last?.target { visited?.insert(t) }
    }

    /// Moves to the next row in pre-order; false at the end of the tree.
    mutating func next() -> Bool {
        if isOpen() { enter(); push(0); return true }
        while let last = path.last {
            let siblings = chain.count > 1 ? context.childCount(of: chain[chain.count - 2]) : rootCount
            if last + 1 < siblings { return replaceLast(with: last + 1) }
            path.removeLast()
            chain.removeLast()
        }
        return false
    }

    /// Moves to the previous row in pre-order; false at the start of the tree.
    mutating func previous() -> Bool {
        guard let last = path.last else { return false }
        if last == 0 {
            guard path.count > 1 else { return false }
            path.removeLast()
            chain.removeLast()
            return true
        }
        guard replaceLast(with: last - 1) else { return false }
        while isOpen(), let node = chain.last { enter(); push(context.childCount(of: node) - 1) }
        return true
    }

    /// A cursor at the first row of the tree.
    static func first(_ context: BrowserContext, pinned: [ObjectID]) -> TreeCursor? {
        TreeCursor(at: [0], context: context, pinned: pinned)
    }

    /// A cursor at the last row of the tree (descending into the last child of each open row).
    static func last(_ context: BrowserContext, pinned: [ObjectID]) -> TreeCursor? {
        let n = context.outlineRootCount + pinned.count
        guard n > 0, var cursor = TreeCursor(at: [n - 1], context: context, pinned: pinned) else { return nil }
        while cursor.isOpen(), let node = cursor.node { cursor.push(context.childCount(of: node) - 1) }
        return cursor
    }
}

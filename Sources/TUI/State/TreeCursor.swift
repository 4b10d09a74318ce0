import ArchiveModel

/// A position in the full tree, as if every row were expanded, for walks that do not depend on what
/// the user has expanded (search, the next problem). Cycle rows count as leaves, and so do rows deeper
/// than `maxDepth` unless the user has expanded them (a walk must see every row the user can see).
///
/// Each step costs constant work however deep the row is: the cursor keeps, beside the path and the
/// chain of nodes, each row's index in the expansion trie and a count of the targets among the
/// ancestors (a damaged file can nest thousands of expanded levels).
struct TreeCursor {
    let context: BrowserContext
    let pinned: [ObjectID]
    /// The user's expansions: rows expanded there are walked into at any depth.
    let expansion: ExpansionTree?
    /// Rows deeper than this are leaves unless expanded by the user: it bounds what one step backward
    /// descends (to the last row of the previous subtree) in a file nested a million levels deep.
    var maxDepth = 256
    /// When set, objects already entered are not entered again (a shared object's rows are walked
    /// once), so a walk costs at most the size of the graph rather than of its unfolding.
    var visited: Set<ObjectID>?
    private(set) var path: [Int]
    private(set) var chain: [OutlineNode]
    /// Per row of `path`: its node index in the expansion trie, or -1 when it is not expanded there.
    private var slots: [Int]
    /// How many times each target appears among the ancestors of the current row.
    private var ancestorTargets: [ObjectID: Int] = [:]

    /// A cursor at `path`, or nil when the path does not exist.
    init?(at path: [Int], context: BrowserContext, pinned: [ObjectID], expansion: ExpansionTree? = nil) {
        guard let chain = context.chain(path, pinned: pinned) else { return nil }
        self.context = context
        self.pinned = pinned
        self.expansion = expansion
        self.path = path
        self.chain = chain
        var slot = 0
        slots = path.map { p in
            slot = Self.childSlot(of: slot, at: p, in: expansion)
            return slot
        }
        for node in chain.dropLast() {
            if let t = node.target { ancestorTargets[t, default: 0] += 1 }
        }
    }

    var node: OutlineNode? { chain.last }
    private var rootCount: Int { context.outlineRootCount + pinned.count }

    /// The trie index of child `position` of the row at trie index `parent` (0: the top level), or -1.
    private static func childSlot(of parent: Int, at position: Int, in expansion: ExpansionTree?) -> Int {
        guard let expansion, parent >= 0, parent < expansion.nodes.count else { return -1 }
        return expansion.nodes[parent].children[position] ?? -1
    }

    /// Whether the current row has children to descend into.
    private func isOpen() -> Bool {
        guard let node = chain.last, node.isExpandable else { return false }
        guard path.count < maxDepth || (slots.last ?? -1) >= 0 else { return false }
        if let t = node.target, ancestorTargets[t] != nil || visited?.contains(t) == true { return false }
        return context.childCount(of: node) > 0
    }

    /// Descends to child `position` of the current row.
    private mutating func push(_ position: Int) {
        guard let parent = chain.last else { return }
        if let t = parent.target { ancestorTargets[t, default: 0] += 1 }
        slots.append(Self.childSlot(of: slots.last ?? 0, at: position, in: expansion))
        path.append(position)
        chain.append(context.child(of: parent, at: position))
    }

    /// Goes up to the parent of the current row.
    private mutating func pop() {
        path.removeLast()
        chain.removeLast()
        slots.removeLast()
        if let t = chain.last?.target, let n = ancestorTargets[t] { ancestorTargets[t] = n > 1 ? n - 1 : nil }
    }

    /// Moves to sibling `position` of the current row.
    private mutating func replaceLast(with position: Int) -> Bool {
        if chain.count == 1 {
            guard let root = context.root(position, pinned: pinned) else { return false }
            path = [position]
            chain = [root]
            slots = [Self.childSlot(of: 0, at: position, in: expansion)]
            return true
        }
        pop()
        push(position)
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
            guard chain.count > 1 else { return false }
            pop()
        }
        return false
    }

    /// Moves to the previous row in pre-order; false at the start of the tree.
    mutating func previous() -> Bool {
        guard let last = path.last else { return false }
        if last == 0 {
            guard path.count > 1 else { return false }
            pop()
            return true
        }
        guard replaceLast(with: last - 1) else { return false }
        descendToLast()
        return true
    }

    /// Descends to the last child of each open row, from the current one.
    private mutating func descendToLast() {
        while isOpen(), let node = chain.last { enter(); push(context.childCount(of: node) - 1) }
    }

    /// A cursor at the first row of the tree.
    static func first(_ context: BrowserContext, pinned: [ObjectID], expansion: ExpansionTree? = nil) -> TreeCursor? {
        TreeCursor(at: [0], context: context, pinned: pinned, expansion: expansion)
    }

    /// A cursor at the last row of the tree (descending into the last child of each open row).
    static func last(_ context: BrowserContext, pinned: [ObjectID], expansion: ExpansionTree? = nil) -> TreeCursor? {
        let n = context.outlineRootCount + pinned.count
        guard n > 0, var cursor = TreeCursor(at: [n - 1], context: context, pinned: pinned, expansion: expansion) else { return nil }
        cursor.descendToLast()
        return cursor
    }
}

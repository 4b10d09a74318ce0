/// The set of expanded row paths, kept as a trie that also knows how many rows each expanded subtree
/// shows. Row positions are computed from these counts, so nothing is flattened: expanding a node
/// with a million children costs one insertion, and finding row 999,999 walks only expanded nodes.
///
/// A path is the list of child positions from the top level (`[0, 3]` is the fourth child of the
/// first root). The trie's own root stands for the invisible parent of the top-level rows.
///
/// Nodes live in one array and refer to each other by index, and every walk is a loop: a chain of
/// expansions as deep as the file's nesting (a damaged file can nest a million levels) never recurses,
/// never copies a subtree to change it, and is freed without a recursive teardown.
public struct ExpansionTree: Sendable {
    struct Node: Sendable {
        var childCount: Int
        /// Expanded children: position → node index.
        var children: [Int: Int] = [:]
        /// Positions of expanded children, ascending.
        var keys: [Int] = []

        init(childCount: Int) { self.childCount = childCount }
    }

    /// All nodes; index 0 is the root. Slots of collapsed subtrees are listed in `free` for reuse.
    private(set) var nodes: [Node]
    /// Per node: rows shown below it (its children plus the rows of expanded descendants). Kept apart
    /// from `nodes`, with `parents`, so updating the counts up a deep chain touches plain integers.
    private(set) var extras: [Int]
    /// Per node: the parent's node index (-1 for the root and for free slots).
    private var parents: [Int]
    private var free: [Int] = []

    /// An empty tree over `rootCount` top-level rows.
    public init(rootCount: Int) {
        nodes = [Node(childCount: rootCount)]
        extras = [rootCount]
        parents = [-1]
    }

    var root: Node { nodes[0] }

    /// Number of visible rows.
    public var rowCount: Int { extras[0] }
    /// Number of top-level rows.
    public var rootCount: Int { nodes[0].childCount }

    /// Changes the number of top-level rows (the "lost and found" row appears once the index is built).
    public mutating func setRootCount(_ n: Int) {
        for k in nodes[0].keys where k >= n { detach(child: k, of: 0) }
        nodes[0].childCount = n
        extras[0] = n + nodes[0].keys.reduce(0) { $0 + (nodes[0].children[$1].map { extras[$0] } ?? 0) }
    }

    /// Whether the row at `path` is expanded.
    public func isExpanded(_ path: [Int]) -> Bool { !path.isEmpty && index(at: path[...]) != nil }

    /// Number of expanded rows.
    public var expandedCount: Int { nodes.count - 1 - free.count }

    /// The node index at `path`, or nil when a row on the way is not expanded.
    func index(at path: ArraySlice<Int>) -> Int? {
        var current = 0
        for p in path {
            guard let next = nodes[current].children[p] else { return nil }
            current = next
        }
        return current
    }

    /// The node index of every prefix of `path` (the empty one, the root, first), or nil when a row on
    /// the way is not expanded.
    func indices(along path: ArraySlice<Int>) -> [Int]? {
        var result = [0]
        result.reserveCapacity(path.count + 1)
        for p in path {
            guard let next = nodes[result[result.count - 1]].children[p] else { return nil }
            result.append(next)
        }
        return result
    }

    func node(at path: ArraySlice<Int>) -> Node? { index(at: path).map { nodes[$0] } }

    /// Expands the row at `path` (whose parent must be expanded) showing `childCount` children.
    /// Returns false when the row is not visible or has no children.
    @discardableResult
    public mutating func expand(_ path: [Int], childCount: Int) -> Bool {
        guard let last = path.last, let parent = index(at: path.dropLast()) else { return false }
        return expand(child: last, of: parent, childCount: childCount) != nil
    }

    /// Expands child `position` of the expanded node at index `parent`, showing `childCount` children.
    /// Returns the node index of the (new or already) expanded row, or nil when the position is out of
    /// range or there are no children. Callers that walk down a tree keep these indices instead of paths.
    @discardableResult
    mutating func expand(child position: Int, of parent: Int, childCount: Int) -> Int? {
        guard childCount > 0, parent >= 0, parent < nodes.count, position >= 0, position < nodes[parent].childCount else { return nil }
        if let existing = nodes[parent].children[position] { return existing }
        let node = Node(childCount: childCount)
        let slot: Int
        if let reused = free.popLast() {
            nodes[reused] = node
            extras[reused] = childCount
            parents[reused] = parent
            slot = reused
        } else {
            nodes.append(node)
            extras.append(childCount)
            parents.append(parent)
            slot = nodes.count - 1
        }
        nodes[parent].children[position] = slot
        nodes[parent].keys.insert(position, at: Self.insertionPoint(nodes[parent].keys, position))
        addExtra(childCount, from: parent)
        return slot
    }

    /// Collapses the row at `path` and forgets the expansion of everything below it.
    public mutating func collapse(_ path: [Int]) {
        guard let last = path.last, let parent = index(at: path.dropLast()) else { return }
        detach(child: last, of: parent)
    }

    /// Collapses every expanded row whose path has `length` or more positions (the rows below stay
    /// hidden); `length` 1 collapses everything.
    public mutating func collapse(pathsOfLength length: Int) {
        var pending: [(node: Int, childLength: Int)] = [(0, 1)]
        while let (i, childLength) = pending.popLast() {
            for k in nodes[i].keys {
                guard let c = nodes[i].children[k] else { continue }
                if childLength >= length { detach(child: k, of: i) } else { pending.append((c, childLength + 1)) }
            }
        }
    }

    /// Collapses everything.
    public mutating func collapseAll() {
        self = ExpansionTree(rootCount: rootCount)
    }

    /// Removes the expanded child at `position` of node `parent` with its subtree, updating the counts.
    private mutating func detach(child position: Int, of parent: Int) {
        guard let child = nodes[parent].children.removeValue(forKey: position) else { return }
        nodes[parent].keys.removeAll { $0 == position }
        addExtra(-extras[child], from: parent)
        var pending = [child]
        while let i = pending.popLast() {
            pending += nodes[i].children.values
            nodes[i] = Node(childCount: 0)
            extras[i] = 0
            parents[i] = -1
            free.append(i)
        }
    }

    /// Adds `delta` rows to node `start` and every ancestor.
    private mutating func addExtra(_ delta: Int, from start: Int) {
        var i = start
        while i >= 0 {
            extras[i] += delta
            i = parents[i]
        }
    }

    static func insertionPoint(_ keys: [Int], _ value: Int) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

extension ExpansionTree: Equatable {
    /// Two trees are equal when they show the same rows: the same top-level count and the same expanded
    /// paths with the same child counts (however their nodes are laid out).
    public static func == (a: ExpansionTree, b: ExpansionTree) -> Bool {
        guard a.rootCount == b.rootCount, a.rowCount == b.rowCount, a.expandedCount == b.expandedCount else { return false }
        let paths = a.expandedPaths
        return paths == b.expandedPaths && paths.allSatisfy { a.childCount(at: $0) == b.childCount(at: $0) }
    }
}

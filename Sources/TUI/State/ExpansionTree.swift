/// The set of expanded row paths, kept as a trie that also knows how many rows each expanded subtree
/// shows. Row positions are computed from these counts, so nothing is flattened: expanding a node
/// with a million children costs one insertion, and finding row 999,999 walks only expanded nodes.
///
/// A path is the list of child positions from the top level (`[0, 3]` is the fourth child of the
/// first root). The trie's own root stands for the invisible parent of the top-level rows.
public struct ExpansionTree: Sendable, Equatable {
    struct Node: Sendable, Equatable {
        var childCount: Int
        var children: [Int: Node] = [:]
        /// Positions of expanded children, ascending.
        var keys: [Int] = []
        /// Rows shown below this node: its children plus the rows of expanded descendants.
        var extra: Int

        init(childCount: Int) {
            self.childCount = childCount
            extra = childCount
        }
    }

    private(set) var root: Node

    /// An empty tree over `rootCount` top-level rows.
    public init(rootCount: Int) { root = Node(childCount: rootCount) }

    /// Number of visible rows.
    public var rowCount: Int { root.extra }
    /// Number of top-level rows.
    public var rootCount: Int { root.childCount }

    /// Changes the number of top-level rows (the "lost and found" row appears once the index is built).
    public mutating func setRootCount(_ n: Int) {
        let removed = root.keys.filter { $0 >= n }
        for k in removed { root.children[k] = nil }
        root.keys.removeAll { $0 >= n }
        root.childCount = n
        root.extra = n + root.keys.reduce(0) { $0 + (root.children[$1]?.extra ?? 0) }
    }

    /// Whether the row at `path` is expanded.
    public func isExpanded(_ path: [Int]) -> Bool { node(at: path[...]) != nil && !path.isEmpty }

    /// Number of expanded rows.
    public var expandedCount: Int { Self.count(root) }

    private static func count(_ node: Node) -> Int { node.children.values.reduce(node.keys.count) { $0 + count($1) } }

    func node(at path: ArraySlice<Int>) -> Node? {
        var current = root
        for p in path {
            guard let next = current.children[p] else { return nil }
            current = next
        }
        return current
    }

    /// Expands the row at `path` (whose parent must be expanded) showing `childCount` children.
    /// Returns false when the row is not visible or has no children.
    @discardableResult
    public mutating func expand(_ path: [Int], childCount: Int) -> Bool {
        guard !path.isEmpty, childCount > 0 else { return false }
        return Self.insert(&root, path[...], childCount)
    }

    private static func insert(_ node: inout Node, _ path: ArraySlice<Int>, _ childCount: Int) -> Bool {
        guard let first = path.first, first >= 0, first < node.childCount else { return false }
        let rest = path.dropFirst()
        if rest.isEmpty {
            if node.children[first] != nil { return true }
            node.children[first] = Node(childCount: childCount)
            node.keys.insert(first, at: insertionPoint(node.keys, first))
            node.extra += childCount
            return true
        }
        guard var child = node.children[first] else { return false }
        let before = child.extra
        let ok = insert(&child, rest, childCount)
        node.children[first] = child
        node.extra += child.extra - before
        return ok
    }

    /// Collapses the row at `path` and forgets the expansion of everything below it.
    public mutating func collapse(_ path: [Int]) {
        guard !path.isEmpty else { return }
        Self.remove(&root, path[...])
    }

    private static func remove(_ node: inout Node, _ path: ArraySlice<Int>) {
        guard let first = path.first, var child = node.children[first] else { return }
        let rest = path.dropFirst()
        if rest.isEmpty {
            node.children[first] = nil
            node.keys.removeAll { $0 == first }
            node.extra -= child.extra
            return
        }
        let before = child.extra
        remove(&child, rest)
        node.children[first] = child
        node.extra += child.extra - before
    }

    /// Collapses everything.
    public mutating func collapseAll() { root = Node(childCount: root.childCount) }

    static func insertionPoint(_ keys: [Int], _ value: Int) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

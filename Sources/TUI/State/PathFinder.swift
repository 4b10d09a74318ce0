import ArchiveModel

/// Finds rows in the full tree (as if everything were expanded) breadth first from the top level,
/// visiting each object's children once and at most `budget` rows, so it ends quickly on any graph.
///
/// Queue entries link to their parent entry; a row's path is built only for the answer, so a chain
/// nested as deep as the budget costs time and memory linear in the rows visited.
struct PathFinder {
    let context: BrowserContext
    let pinned: [ObjectID]
    var budget = 200_000

    /// The shortest path to a row whose target is `id`.
    func path(toObject id: ObjectID) -> [Int]? {
        var found: Int?
        let queue = walk { node, index in
            guard node.target == id else { return false }
            found = index
            return true
        }
        return found.map { Self.path(of: $0, in: queue) }
    }

    /// The path to the smallest row whose bytes contain `offset`, among those found within the budget.
    func path(containing offset: Int) -> [Int]? {
        var best: (entry: Int, size: Int)?
        let queue = walk { node, index in
            if let r = node.range, r.contains(offset), r.count < (best?.size ?? Int.max) {
                best = (index, r.count)
            }
            return false
        }
        return best.map { Self.path(of: $0.entry, in: queue) }
    }

    /// One row in the queue: its position under the parent entry (-1 for a top-level row).
    private struct Entry {
        let parent: Int
        let position: Int
        let node: OutlineNode
    }

    /// Visits rows breadth first until `visit` returns true; `visit` gets the row and its entry index.
    /// Returns the queue, for `path(of:in:)`.
    private func walk(_ visit: (OutlineNode, Int) -> Bool) -> [Entry] {
        var queue: [Entry] = []
        for i in 0..<(context.outlineRootCount + pinned.count) {
            if let root = context.root(i, pinned: pinned) { queue.append(Entry(parent: -1, position: i, node: root)) }
        }
        var seen = Set<ObjectID>()
        var head = 0
        while head < queue.count {
            let index = head
            let node = queue[index].node
            head += 1
            if visit(node, index) { return queue }
            if let t = node.target, !seen.insert(t).inserted { continue }
            let count = context.childCount(of: node)
            for i in 0..<count {
                if queue.count >= budget { break }
                queue.append(Entry(parent: index, position: i, node: context.child(of: node, at: i)))
            }
        }
        return queue
    }

    private static func path(of index: Int, in queue: [Entry]) -> [Int] {
        var positions: [Int] = []
        var i = index
        while i >= 0 {
            positions.append(queue[i].position)
            i = queue[i].parent
        }
        return positions.reversed()
    }
}

import ArchiveModel

/// Finds rows in the full tree (as if everything were expanded) breadth first from the top level,
/// visiting each object's children once and at most `budget` rows, so it ends quickly on any graph.
struct PathFinder {
    let context: BrowserContext
    let pinned: [ObjectID]
    var budget = 200_000

    /// The shortest path to a row whose target is `id`.
    func path(toObject id: ObjectID) -> [Int]? {
        first { _, node in node.target == id }
    }

    /// The path to the smallest row whose bytes contain `offset`, among those found within the budget.
    func path(containing offset: Int) -> [Int]? {
        var best: ([Int], Int)?
        _ = first { path, node in
            if let r = node.range, r.contains(offset), r.count < (best?.1 ?? Int.max) {
                best = (path, r.count)
            }
            return false
        }
        return best?.0
    }

    /// The first path, breadth first, whose row satisfies `match`.
    func first(where match: ([Int], OutlineNode) -> Bool) -> [Int]? {
        var queue: [([Int], OutlineNode)] = []
        for i in 0..<(context.outlineRootCount + pinned.count) {
            if let root = context.root(i, pinned: pinned) { queue.append(([i], root)) }
        }
        var seen = Set<ObjectID>()
        var head = 0
        while head < queue.count {
            let (path, node) = queue[head]
            head += 1
            if match(path, node) { return path }
            if let t = node.target, !seen.insert(t).inserted { continue }
            let count = context.childCount(of: node)
            for i in 0..<count {
                if queue.count >= budget { break }
                queue.append((path + [i], context.child(of: node, at: i)))
            }
        }
        return nil
    }
}

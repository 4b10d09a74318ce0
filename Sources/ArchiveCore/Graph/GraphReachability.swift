/// What the whole-graph rules need of a graph's references: how many references lead to each object
/// and which objects the top level reaches (through fields, `$class` links, dictionary keys and
/// shared content). A full check builds only this from the edges it collected; `GraphIndex` (the
/// browser's referrers and cycles) gives the same through `reachability`.
public struct GraphReachability: Sendable {
    /// Number of references to each object (the `$class` links of keyed archives excluded).
    package let referrerCounts: [Int32]
    /// Whether each object can be reached from the top level.
    package let reachable: [Bool]

    package init(referrerCounts: [Int32], reachable: [Bool]) {
        self.referrerCounts = referrerCounts
        self.reachable = reachable
    }

    /// Counts and reachability over `edges`, without the referrer lists and cycle search of a
    /// `GraphIndex`.
    package init(edges: GraphEdges) {
        let n = edges.objectCount
        var counts = [Int32](repeating: 0, count: n)
        for t in edges.to where t >= 0 && Int(t) < n { counts[Int(t)] &+= 1 }
        referrerCounts = counts
        let (lists, listLinks) = Self.sharedContentNodes(objectCount: n, edges.sharedLinks)
        let adjacency = Self.adjacency(n + lists, edges.from, edges.to, linkFrom: edges.linkFrom, linkTo: edges.linkTo, listLinks)
        reachable = Array(Self.reach(n + lists, adjacency: adjacency, roots: Self.roots(edges)).prefix(n))
    }

    /// Objects nothing reaches from the top level (the "lost and found" group).
    package var unreachable: [ObjectID] { reachable.indices.filter { !reachable[$0] } }

    /// Targets of the top-level references.
    static func roots(_ edges: GraphEdges) -> [Int] {
        zip(edges.from, edges.to).filter { $0.0 < 0 }.map { Int($0.1) }
    }

    /// Shared content becomes nodes `n, n+1, …` after the objects, so a holder reaches the owner's
    /// targets without repeating them: returns their number and the links between them and objects.
    static func sharedContentNodes(objectCount n: Int, _ links: [(from: EdgeEndpoint, to: EdgeEndpoint)]) -> (Int, [(Int32, Int32)]) {
        guard !links.isEmpty else { return (0, []) }
        var number: [Int: Int] = [:]
        func node(_ end: EdgeEndpoint) -> Int32 {
            switch end {
            case .object(let id):
                return Int32(truncatingIfNeeded: id)
            case .sharedContent(let plistNode):
                if let known = number[plistNode] { return Int32(truncatingIfNeeded: n + known) }
                number[plistNode] = number.count
                return Int32(truncatingIfNeeded: n + number.count - 1)
            }
        }
        // Numbered as they are met: count them after mapping every link.
        let mapped = links.map { (node($0.from), node($0.to)) }
        return (number.count, mapped)
    }

    /// Outgoing edges per object (references, then the links `linkFrom` → `linkTo`, then `extraLinks`),
    /// as CSR. The peak of a large keyed archive's check is here: the links are read where they lie
    /// (not zipped into a copy), and `start` is its own cursor (no copy of it): `start[s + 1]` counts
    /// `s`'s edges, then `start[s]` is where the next one goes, then the starts are shifted back.
    static func adjacency(_ n: Int, _ from: [Int32], _ to: [Int32], linkFrom: [Int32], linkTo: [Int32],
                          _ extraLinks: [(Int32, Int32)]) -> (start: [Int], targets: [Int32]) {
        var start = [Int](repeating: 0, count: n + 1)
        for s in from where s >= 0 { start[Int(s) + 1] += 1 }
        for s in linkFrom { start[Int(s) + 1] += 1 }
        for (s, _) in extraLinks { start[Int(s) + 1] += 1 }
        for i in 0..<n { start[i + 1] += start[i] }
        var targets = [Int32](repeating: 0, count: start[n])
        for e in from.indices where from[e] >= 0 {
            targets[start[Int(from[e])]] = to[e]; start[Int(from[e])] += 1
        }
        for e in linkFrom.indices { targets[start[Int(linkFrom[e])]] = linkTo[e]; start[Int(linkFrom[e])] += 1 }
        for (s, t) in extraLinks { targets[start[Int(s)]] = t; start[Int(s)] += 1 }
        // Now start[s] is where s's edges end, which is where s + 1's begin.
        var i = n
        while i > 0 { start[i] = start[i - 1]; i -= 1 }
        start[0] = 0
        return (start, targets)
    }

    static func reach(_ n: Int, adjacency: (start: [Int], targets: [Int32]), roots: [Int]) -> [Bool] {
        var seen = [Bool](repeating: false, count: n)
        var stack = roots.filter { !seen[$0] }
        for r in stack { seen[r] = true }
        while let v = stack.popLast() {
            for e in adjacency.start[v]..<adjacency.start[v + 1] {
                let t = Int(adjacency.targets[e])
                if !seen[t] { seen[t] = true; stack.append(t) }
            }
        }
        return seen
    }
}

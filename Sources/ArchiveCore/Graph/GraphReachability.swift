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
        let adjacency = Self.adjacency(n + lists, edges.from, edges.to, Array(zip(edges.linkFrom, edges.linkTo)) + listLinks)
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

    /// Outgoing edges per object (references plus `$class` links), as CSR.
    static func adjacency(_ n: Int, _ from: [Int32], _ to: [Int32], _ classLinks: [(Int32, Int32)]) -> (start: [Int], targets: [Int32]) {
        var degree = [Int](repeating: 0, count: n + 1)
        for s in from where s >= 0 { degree[Int(s) + 1] += 1 }
        for (s, _) in classLinks { degree[Int(s) + 1] += 1 }
        for i in 0..<n { degree[i + 1] += degree[i] }
        var cursor = degree
        var targets = [Int32](repeating: 0, count: degree[n])
        for e in from.indices where from[e] >= 0 {
            targets[cursor[Int(from[e])]] = to[e]; cursor[Int(from[e])] += 1
        }
        for (s, t) in classLinks { targets[cursor[Int(s)]] = t; cursor[Int(s)] += 1 }
        return (degree, targets)
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

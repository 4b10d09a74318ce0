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
        var parts = [edges]
        self.init(objectCount: edges.objectCount, releasing: &parts)
    }

    /// Counts and reachability over the references of `top` followed by `parts` in order (as
    /// `GraphEdges(top:objectCount:parts:)` joins them), releasing the parts as they are read
    /// (`parts` is left empty). The peak of a large archive's check is here: the references are not
    /// joined into one `GraphEdges` first (only their targets, once their sources have been counted
    /// and released), and the referrer counts are made after the walk, once its starts are released.
    package init(top: [Field], objectCount: Int, releasing parts: inout [GraphEdges]) {
        var all = [GraphEdges(top: top, objectCount: objectCount, parts: [])]
        all.append(contentsOf: parts)
        parts = []
        self.init(objectCount: objectCount, releasing: &all)
    }

    private init(objectCount n: Int, releasing parts: inout [GraphEdges]) {
        let roots = parts.flatMap(Self.roots)
        let (lists, listLinks) = Self.sharedContentNodes(objectCount: n, parts.flatMap(\.sharedLinks))
        var references: [EdgePart] = [], links: [EdgePart] = []
        for i in parts.indices {
            references.append(.init(sources: parts[i].from, runSources: parts[i].runSources, runLengths: parts[i].runLengths, targets: parts[i].to))
            links.append(.init(sources: parts[i].linkFrom, targets: parts[i].linkTo))
        }
        parts = []
        let nodes = n + lists
        let fits = [nodes, references.reduce(0) { $0 + $1.targets.count }, links.reduce(0) { $0 + $1.targets.count }].allSatisfy { $0 < Int(Int32.max) }
        let targets: [Int32]
        if fits {
            (reachable, targets) = Self.reach(nodes, objects: n, Int32.self, &references, &links, listLinks, roots: roots)
        } else {
            (reachable, targets) = Self.reach(nodes, objects: n, Int.self, &references, &links, listLinks, roots: roots)
        }
        var counts = [Int32](repeating: 0, count: n)
        for t in targets where t >= 0 && Int(t) < n { counts[Int(t)] &+= 1 }
        referrerCounts = counts
    }

    /// Whether each of the first `objects` of `nodes` is reached from `roots` through `references`,
    /// `links` and `extraLinks`, each grouped by source with starts of type `Offset` (the parts are
    /// released); and the references' targets, for the counts.
    private static func reach<Offset: FixedWidthInteger>(_ nodes: Int, objects n: Int, _: Offset.Type,
                                                        _ references: inout [EdgePart],
                                                        _ links: inout [EdgePart],
                                                        _ extraLinks: [(Int32, Int32)], roots: [Int]) -> ([Bool], [Int32]) {
        var groups = [EdgesBySource<Offset>(nodes, releasing: &references)]
        groups.append(EdgesBySource<Offset>(nodes, releasing: &links))
        if !extraLinks.isEmpty {
            var extra = [EdgePart(sources: extraLinks.map(\.0), targets: extraLinks.map(\.1))]
            groups.append(EdgesBySource<Offset>(nodes, releasing: &extra))
        }
        let seen = EdgesBySource<Offset>.reach(nodes, groups, roots: roots)
        let targets = groups[0].targets
        groups = []
        return (seen.count == n ? seen : Array(seen.prefix(n)), targets)
    }

    /// Objects nothing reaches from the top level (the "lost and found" group).
    package var unreachable: [ObjectID] { reachable.indices.filter { !reachable[$0] } }

    /// Targets of the top-level references.
    static func roots(_ edges: GraphEdges) -> [Int] {
        var roots: [Int] = [], e = 0
        EdgePart(sources: edges.from, runSources: edges.runSources, runLengths: edges.runLengths, targets: edges.to).forEachSource { s, count in
            if s < 0 { roots.append(contentsOf: edges.to[e..<e + count].map(Int.init)) }
            e += count
        }
        return roots
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
        EdgesBySource.reach(n, [EdgesBySource(starts: adjacency.start, targets: adjacency.targets)], roots: roots)
    }
}

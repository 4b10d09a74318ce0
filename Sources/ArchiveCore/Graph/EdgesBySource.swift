/// Edges grouped by their source node: those of node `s` are `targets[starts[s]..<starts[s + 1]]`.
/// Built for a walk (`reach`) from edges collected in parts. When the sources come in order (a check
/// collects references object by object, top level first, its parts in id order) only the starts are
/// built and the parts' targets are joined as they are; otherwise they are grouped by source. Either
/// way the parts are released as they are read. `Offset` is `Int32` while the edges fit (4 bytes a
/// node), else `Int`.
struct EdgesBySource<Offset: FixedWidthInteger> {
    private(set) var starts: [Offset]
    private(set) var targets: [Int32]

    /// Edges already grouped: those of node `s` are `targets[starts[s]..<starts[s + 1]]`.
    init(starts: [Offset], targets: [Int32]) {
        self.starts = starts
        self.targets = targets
    }

    /// The edges of `parts`, in order, over `nodes` nodes. Edges whose source is not a node (the top
    /// level's, -1) are in no node's run: their targets come first, before `starts[0]` (they are
    /// referrers all the same). `parts` is left empty.
    init(_ nodes: Int, releasing parts: inout [EdgePart]) {
        var starts = [Offset](repeating: 0, count: nodes + 1)
        var inOrder = true, previous: Int32 = .min
        var leading = 0, beyond = 0
        for part in parts {
            part.forEachSource { s, count in
                if s < previous { inOrder = false }
                previous = s
                if s < 0 { leading += count } else if Int(s) < nodes { starts[Int(s) + 1] &+= Offset(truncatingIfNeeded: count) } else { beyond += count }
            }
        }
        // In order, the sources that are not nodes are the top level's (-1), all before the others.
        if inOrder && beyond == 0 && parts.allSatisfy({ $0.count == $0.targets.count }) {
            for i in parts.indices { parts[i].sources = []; parts[i].runSources = []; parts[i].runLengths = [] }
            var joined: [Int32] = parts.count == 1 ? parts[0].targets : []
            if parts.count > 1 {
                joined.reserveCapacity(parts.reduce(0) { $0 + $1.targets.count })
                for i in parts.indices {
                    joined += parts[i].targets
                    parts[i].targets = []
                }
            }
            starts[0] = Offset(truncatingIfNeeded: leading)
            for i in 0..<nodes { starts[i + 1] &+= starts[i] }
            self.starts = starts
            self.targets = joined
        } else {
            // Every edge's target is kept, those from outside the nodes first (they count as referrers).
            let outside = leading + beyond
            starts[0] = Offset(truncatingIfNeeded: outside)
            for i in 0..<nodes { starts[i + 1] &+= starts[i] }
            (self.starts, self.targets) = Self.grouped(nodes, starts, outside: outside, parts)
        }
        parts = []
    }

    /// The targets of `parts` copied into source order after those whose source is not a node (as in
    /// order, where the top level's come first), and the starts. `counted` counts each node's edges,
    /// summed from `outside`; each node's start is its cursor while the targets are placed, then the
    /// starts are shifted back.
    private static func grouped(_ nodes: Int, _ counted: [Offset], outside: Int, _ parts: [EdgePart]) -> ([Offset], [Int32]) {
        var starts = counted
        var grouped = [Int32](repeating: 0, count: Int(starts[nodes]))
        var placedOutside = 0
        for part in parts {
            var e = 0
            part.forEachSource { source, count in
                let s = Int(source)
                // (A part's sources and targets are appended together; the bound keeps a mismatch from
                // reading past the targets.)
                for _ in 0..<count where e < part.targets.count {
                    if s >= 0 && s < nodes {
                        grouped[Int(starts[s])] = part.targets[e]
                        starts[s] &+= 1
                    } else if placedOutside < outside {
                        grouped[placedOutside] = part.targets[e]
                        placedOutside += 1
                    }
                    e += 1
                }
            }
        }
        // Now starts[s] is where s's edges end, which is where s + 1's begin.
        var i = nodes
        while i > 0 { starts[i] = starts[i - 1]; i -= 1 }
        starts[0] = Offset(truncatingIfNeeded: outside)
        return (starts, grouped)
    }

    /// Which of `nodes` nodes are reached from `roots` through the edges of `groups` (a walk with a
    /// stack of `Offset`s: each node is pushed once).
    static func reach(_ nodes: Int, _ groups: [EdgesBySource], roots: [Int]) -> [Bool] {
        var seen = [Bool](repeating: false, count: nodes)
        var stack: [Offset] = []
        for r in roots where r >= 0 && r < nodes && !seen[r] {
            seen[r] = true
            stack.append(Offset(truncatingIfNeeded: r))
        }
        while let v = stack.popLast() {
            for g in groups.indices {
                let from = Int(groups[g].starts[Int(v)]), to = Int(groups[g].starts[Int(v) + 1])
                guard from < to else { continue }
                for e in from..<to {
                    let t = Int(groups[g].targets[e])
                    if t >= 0 && t < nodes && !seen[t] { seen[t] = true; stack.append(Offset(truncatingIfNeeded: t)) }
                }
            }
        }
        return seen
    }
}

/// Edges collected in one part: `sources[e]` → `targets[e]`, or the sources in runs (the next
/// `runLengths[r]` edges come from `runSources[r]`, as `GraphEdges` keeps them without positions).
struct EdgePart {
    var sources: [Int32] = [], runSources: [Int32] = [], runLengths: [UInt32] = []
    var targets: [Int32]

    /// Calls `body` with each run of sources in order (a source and how many edges in a row).
    func forEachSource(_ body: (Int32, Int) -> Void) {
        if runSources.isEmpty {
            for s in sources.prefix(targets.count) { body(s, 1) }
            return
        }
        var left = targets.count
        for (s, length) in zip(runSources, runLengths) where left > 0 {
            let count = Swift.min(Int(length), left)
            body(s, count)
            left -= count
        }
    }

    /// Number of edges the sources give (never more than the targets).
    var count: Int {
        runSources.isEmpty ? Swift.min(sources.count, targets.count) : Swift.min(runLengths.reduce(0) { $0 + Int($1) }, targets.count)
    }
}

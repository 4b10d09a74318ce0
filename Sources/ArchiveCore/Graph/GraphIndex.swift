/// Who points at an object: a field of another object, or the top level.
package struct Referrer: Sendable, Equatable {
    /// The referring object, or nil for a top-level entry.
    package var from: ObjectID?
    /// The key (with an `[i]` suffix for list items) under which the reference is stored.
    package var key: String
    /// Set for a `GraphIndex.links(to:)` entry, which no field holds (its `key` is then `$class` or
    /// `(dictionary key)`, for display).
    package var link: Link? = nil

    /// How a `GraphIndex.links(to:)` entry points at its target.
    package enum Link: Sendable, Equatable {
        /// The target is the referring object's `$class`.
        case classOf
        /// The referring plist dictionary uses the target as a key.
        case dictionaryKey
    }
}

/// Whole-graph facts that need every object decoded once: referrers, reachability and cycles.
///
/// Built explicitly (it visits every object), never on open. Edges are kept in flat arrays.
package final class GraphIndex: Sendable {
    /// Number of references to each object (the `$class` links of keyed archives excluded).
    package let referrerCounts: [Int32]
    /// Whether each object can be reached from the top level (including through `$class` and dictionary keys).
    package let reachable: [Bool]
    /// References that close a loop: (from, to) pairs found as back edges of a depth-first walk.
    package let cycleEdges: [(from: ObjectID, to: ObjectID)]
    private let edgeStart: [Int]   // CSR over targets: referrers of t are edgeFrom[edgeStart[t]..<edgeStart[t+1]]
    private let edgeFrom: [Int32]  // -1 = top level
    private let edgeField: [Int32] // field index (top-level index for top-level edges)
    private let edgeItem: [Int32]  // list item index, -1 for a direct field
    private let linkStart: [Int]   // CSR over targets of `$class` links and plist dictionary keys
    private let linkFrom: [Int32]
    private let linkIsClass: [Bool] // else a dictionary key
    private let graph: any ObjectGraph

    /// Visits every object of `graph` (in parallel parts on large graphs). Nil when `progress` cancels.
    package convenience init?(graph: any ObjectGraph, progress: (Double) -> Bool = { _ in true }) {
        let n = graph.objectCount
        _ = graph.makeStructureReader() // a graph's one-time preparation (shared inline lists) runs once, here
        guard let parts = Parallel.map(count: n, progress: progress, { range, shouldStop in
            var edges = GraphEdges(objectCount: n)
            let read = graph.makeStructureReader()
            for id in range {
                if shouldStop() { break }
                edges.add(read(id))
            }
            return edges
        }) else { return nil }
        self.init(graph: graph, edges: GraphEdges(top: graph.topLevel, objectCount: n, parts: parts))
    }

    /// Builds the index from edges already collected (a full check collects them while it validates).
    package init(graph: any ObjectGraph, edges: GraphEdges) {
        let n = graph.objectCount
        self.graph = graph
        (edgeStart, edgeFrom, edgeField, edgeItem, referrerCounts) = Self.buildCSR(n, edges.from, edges.to, edges.field, edges.item)
        (linkStart, linkFrom, linkIsClass) = Self.buildLinkCSR(n, edges.linkFrom, edges.linkTo, edges.linkIsClass)
        let (lists, listLinks) = GraphReachability.sharedContentNodes(objectCount: n, edges.sharedLinks)
        let nodes = n + lists
        let adjacency = GraphReachability.adjacency(nodes, edges.from, edges.to, linkFrom: edges.linkFrom, linkTo: edges.linkTo, listLinks)
        let roots = GraphReachability.roots(edges)
        reachable = Array(GraphReachability.reach(nodes, adjacency: adjacency, roots: roots).prefix(n))
        // A loop through a shared list is also a loop through its owner's field, found there, unless
        // the owner is not on it; only object-to-object back edges are reported.
        cycleEdges = Self.backEdges(nodes, adjacency: adjacency, firstRoots: roots).filter { $0.from < n && $0.to < n }
    }

    /// The referrers of `id` (the first `limit` of them, when given), in the order they were found.
    /// Only the objects holding the returned references are decoded, so a bounded list stays cheap
    /// when thousands of large objects refer to `id`. `fields` supplies a source's stored fields (a
    /// caller naming the referrers of many objects can cache them; the default decodes the source).
    package func referrers(of id: ObjectID, limit: Int? = nil, fields fieldsOf: ((ObjectID) -> FieldCollection)? = nil) -> [Referrer] {
        guard id >= 0, id < edgeStart.count - 1 else { return [] }
        var result: [Referrer] = []
        let end = limit.map { edgeStart[id] + Swift.min(Swift.max(0, $0), edgeStart[id + 1] - edgeStart[id]) } ?? edgeStart[id + 1]
        // Edges from one source are adjacent: decode each source once (a list holding the same object
        // thousands of times would otherwise be decoded once per item), with the structure reader the
        // field indices came from.
        var lastSource: Int?
        var fields: FieldCollection = []
        for e in edgeStart[id]..<end {
            let f = Int(edgeField[e]), source = Int(edgeFrom[e])
            if source != lastSource {
                fields = source < 0 ? FieldCollection(graph.topLevel) : fieldsOf?(source) ?? graph.structure(source).fields
                lastSource = source
            }
            var key = f >= 0 && f < fields.count ? fields[f].key : "?"
            if edgeItem[e] >= 0 { key += "[\(edgeItem[e])]" }
            result.append(Referrer(from: source < 0 ? nil : source, key: key))
        }
        return result
    }

    /// How many references lead to `id` (each list item counts once), without decoding anything.
    package func referenceCount(of id: ObjectID) -> Int {
        guard id >= 0, id < edgeStart.count - 1 else { return 0 }
        return edgeStart[id + 1] - edgeStart[id]
    }

    /// What points at `id` other than a field (the first `limit`, when given): objects whose `$class`
    /// it is (keyed archives, typedstreams) and plist dictionaries that use it as a key, each marked
    /// by its `link`. These are not referrers: they make nothing shared and are not in
    /// `referrerCounts`, but without them a class description would seem unused. Decodes nothing.
    package func links(to id: ObjectID, limit: Int? = nil) -> [Referrer] {
        guard id >= 0, id < linkStart.count - 1 else { return [] }
        let count = linkStart[id + 1] - linkStart[id]
        let end = linkStart[id] + Swift.min(count, Swift.max(0, limit ?? count))
        return (linkStart[id]..<end).map { e in
            let source = Int(linkFrom[e])
            return linkIsClass[e] ? Referrer(from: source, key: "$class", link: .classOf)
                                  : Referrer(from: source, key: "(dictionary key)", link: .dictionaryKey)
        }
    }

    /// How many `$class` links and dictionary keys lead to `id`, without decoding anything.
    package func linkCount(to id: ObjectID) -> Int {
        guard id >= 0, id < linkStart.count - 1 else { return 0 }
        return linkStart[id + 1] - linkStart[id]
    }

    /// Objects nothing reaches from the top level (the "lost and found" group).
    package var unreachable: [ObjectID] { reachable.indices.filter { !reachable[$0] } }

    /// The counts and reachability the whole-graph rules need.
    package var reachability: GraphReachability { GraphReachability(referrerCounts: referrerCounts, reachable: reachable) }

    /// For each object, whether it reaches one of `targets` through field references (not `$class`
    /// links): the objects that refer to them, those that refer to those, and so on. A target is
    /// marked only when it reaches another target or itself (a cycle). One pass over the referrers.
    package func referringClosure(of targets: [ObjectID]) -> [Bool] {
        let n = edgeStart.count - 1
        var marked = [Bool](repeating: false, count: max(0, n))
        var queue = targets.filter { $0 >= 0 && $0 < n }
        var head = 0
        while head < queue.count {
            let t = queue[head]
            head += 1
            for e in edgeStart[t]..<edgeStart[t + 1] {
                let from = Int(edgeFrom[e])
                if from >= 0, from < n, !marked[from] { marked[from] = true; queue.append(from) }
            }
        }
        return marked
    }

    private static func buildCSR(_ n: Int, _ from: [Int32], _ to: [Int32], _ field: [Int32], _ item: [Int32])
        -> ([Int], [Int32], [Int32], [Int32], [Int32]) {
        var counts = [Int32](repeating: 0, count: n)
        for t in to { counts[Int(t)] &+= 1 }
        var start = [Int](repeating: 0, count: n + 1)
        for i in 0..<n { start[i + 1] = start[i] + Int(counts[i]) }
        var cursor = start
        var f = [Int32](repeating: 0, count: to.count), fi = f, it = f
        for e in to.indices {
            let t = Int(to[e]), slot = cursor[t]
            // Edges kept without positions (`GraphEdges.recordsPositions`) name no field: -1.
            f[slot] = from[e]; fi[slot] = e < field.count ? field[e] : -1; it[slot] = e < item.count ? item[e] : -1
            cursor[t] += 1
        }
        return (start, f, fi, it, counts)
    }

    /// Link sources and kinds grouped by target, in the order found.
    private static func buildLinkCSR(_ n: Int, _ from: [Int32], _ to: [Int32], _ isClass: [Bool]) -> ([Int], [Int32], [Bool]) {
        var start = [Int](repeating: 0, count: n + 1)
        for t in to where t >= 0 && Int(t) < n { start[Int(t) + 1] += 1 }
        for i in 0..<n { start[i + 1] += start[i] }
        var cursor = start
        var sources = [Int32](repeating: 0, count: start[n])
        var classes = [Bool](repeating: false, count: start[n])
        for e in to.indices where to[e] >= 0 && Int(to[e]) < n {
            let t = Int(to[e])
            sources[cursor[t]] = from[e]
            classes[cursor[t]] = e < isClass.count && isClass[e]
            cursor[t] += 1
        }
        return (start, sources, classes)
    }

    /// Iterative three-colour depth-first search; an edge to a node on the current path closes a cycle.
    private static func backEdges(_ n: Int, adjacency: (start: [Int], targets: [Int32]), firstRoots: [Int]) -> [(from: ObjectID, to: ObjectID)] {
        var colour = [UInt8](repeating: 0, count: n) // 0 white, 1 on path, 2 done
        var result: [(from: ObjectID, to: ObjectID)] = []
        var stack: [(node: Int, next: Int)] = []
        for root in firstRoots + Array(0..<n) where colour[root] == 0 {
            colour[root] = 1
            stack.append((root, adjacency.start[root]))
            while let top = stack.last {
                if top.next == adjacency.start[top.node + 1] {
                    colour[top.node] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let t = Int(adjacency.targets[top.next])
                switch colour[t] {
                case 0: colour[t] = 1; stack.append((t, adjacency.start[t]))
                case 1: result.append((top.node, t))
                default: break
                }
            }
        }
        return result
    }
}

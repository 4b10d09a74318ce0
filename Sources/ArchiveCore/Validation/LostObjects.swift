/// The objects a graph's top level does not reach, grouped into lost subgraphs: the rules that report
/// unreachable objects (keyed archives, typedstream) report once per group, at each lost object no
/// other object refers to (or one member of a lost cycle), with the number of lost objects behind it.
package struct LostObjects {
    /// One reported group: its root, as `structure` read it, and how many other lost objects only it leads to.
    package struct Group {
        package var root: GraphObject
        package var behind: Int
    }

    /// Lost object ids, ascending.
    package private(set) var ids: [ObjectID] = []
    /// Whether `ids[k]` is a class (a lost class is covered by its lost instances).
    private var isClass: [Bool] = []
    /// The references of `ids[k]` (its class and every field's) are `targets[starts[k]..<starts[k + 1]]`.
    private var starts: [Int] = [0]
    private var targets: [Int32] = []
    /// Position in `ids` of each lost object.
    private var position: [ObjectID: Int] = [:]

    /// Reads each unreachable object of `reachability` once, without its rules (`structure`), keeping its
    /// references; those `counts` rejects (markers with no content of their own) are left out.
    package init(_ graph: any ObjectGraph, reachability: GraphReachability, counts: (ObjectID, GraphObject) -> Bool) {
        let n = graph.objectCount
        for id in reachability.unreachable {
            let object = graph.structure(id)
            guard counts(id, object) else { continue }
            position[id] = ids.count
            ids.append(id)
            isClass.append(object.kind == .classDescription || object.kind == .classRecord)
            if let c = object.classObjectID, c >= 0, c < n { targets.append(Int32(truncatingIfNeeded: c)) }
            for field in object.fields {
                field.value.forEachReference { ref in
                    if let t = ref.objectID, t >= 0, t < n { targets.append(Int32(truncatingIfNeeded: t)) }
                }
            }
            starts.append(targets.count)
        }
    }

    /// The first `limit` groups (roots read again with `structure`, for their class and place), and
    /// whether there were more.
    package func groups(in graph: any ObjectGraph, reachability: GraphReachability, limit: Int) -> (groups: [Group], more: Bool) {
        guard !ids.isEmpty else { return ([], false) }
        var covered = Set<ObjectID>()
        var found: [Group] = []
        // Instances first: a lost class is covered by its lost instances.
        let roots = ids.indices.filter { reachability.referrerCounts[ids[$0]] == 0 && !isClass[$0] } + ids.indices
        for root in roots where !covered.contains(ids[root]) {
            let behind = subgraph(from: root, covered: &covered)
            guard found.count < limit else { continue }
            found.append(Group(root: graph.structure(ids[root]), behind: behind - 1))
        }
        return (found, covered.count > 0 && found.count >= limit)
    }

    /// Marks the lost objects reachable from `ids[root]` as covered; returns how many were newly covered.
    private func subgraph(from root: Int, covered: inout Set<ObjectID>) -> Int {
        var stack = [root]
        var count = 0
        covered.insert(ids[root])
        while let k = stack.popLast() {
            count += 1
            for t in targets[starts[k]..<starts[k + 1]] {
                if let next = position[Int(t)], covered.insert(Int(t)).inserted { stack.append(next) }
            }
        }
        return count
    }
}

/// Objects nothing reaches from `$top` are never decoded by NSKeyedUnarchiver; they are kept in the
/// browser's lost-and-found group. Reported once per lost subgraph: at each lost object that no other
/// object refers to (or one member of a lost cycle), with the number of lost objects behind it.
enum UnreachableObjectRule: KeyedGraphRule {
    static let listed = 100

    /// Reads each lost object once, without its rules (`structure`), keeping its references; only the
    /// (at most `listed`) reported roots are read again, for their class and place. When `$top` is
    /// broken every object is lost, so this is a whole-file pass on exactly the files a user checks.
    static func check(_ graph: KeyedArchiveGraph, index: GraphIndex) -> [Diagnostic] {
        let lost = LostObjects(graph, unreachable: index.unreachable)
        guard !lost.ids.isEmpty else { return [] }
        var covered = Set<ObjectID>()
        var found: [Diagnostic] = []
        // Instances first: a lost class dictionary is covered by its lost instances.
        let roots = lost.ids.indices.filter { index.referrerCounts[lost.ids[$0]] == 0 && !lost.isClass[$0] } + lost.ids.indices
        for root in roots where !covered.contains(lost.ids[root]) {
            let behind = lost.subgraph(from: root, covered: &covered)
            guard found.count < listed else { continue }
            let id = lost.ids[root]
            let object = graph.structure(id)
            found.append(Diagnostic(KeyedArchiveCode.objectUnreachable, Messages.unreachable(id, object.className, behind - 1),
                                    range: object.range, position: object.position, object: id))
        }
        if covered.count > 0, found.count >= listed {
            found.append(Diagnostic(KeyedArchiveCode.objectUnreachable, Messages.more(lost.ids.count)))
        }
        return found
    }

    /// The lost objects (`$null` markers and object 0 left out) with their references, read once.
    struct LostObjects {
        /// Lost object ids, ascending.
        var ids: [ObjectID] = []
        /// Whether `ids[k]` is a class dictionary.
        var isClass: [Bool] = []
        /// The references of `ids[k]` (its `$class` and every field's) are `targets[starts[k]..<starts[k + 1]]`.
        var starts: [Int] = [0]
        var targets: [Int32] = []
        /// Position in `ids` of each lost object.
        var position: [ObjectID: Int] = [:]

        init(_ graph: KeyedArchiveGraph, unreachable: [ObjectID]) {
            let n = graph.objectCount
            for id in unreachable where id != 0 {
                let object = graph.structure(id)
                if object.kind == .nullMarker { continue }
                position[id] = ids.count
                ids.append(id)
                isClass.append(object.kind == .classDescription)
                if let c = object.classObjectID, c >= 0, c < n { targets.append(Int32(truncatingIfNeeded: c)) }
                for field in object.fields {
                    field.value.forEachReference { ref in
                        if let t = ref.objectID, t >= 0, t < n { targets.append(Int32(truncatingIfNeeded: t)) }
                    }
                }
                starts.append(targets.count)
            }
        }

        /// Marks the lost objects reachable from `ids[root]` as covered; returns how many were newly covered.
        func subgraph(from root: Int, covered: inout Set<ObjectID>) -> Int {
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

    enum Messages {
        static func unreachable(_ id: Int, _ cls: String?, _ behind: Int) -> String {
            let name = cls.map { " (" + ValueFormatter.excerpt($0) + ")" } ?? ""
            let tail = behind > 0 ? ", nor \(English.count(behind, "object")) only it leads to" : ""
            return "object #\(id)\(name) is not reachable from $top\(tail)"
        }
        static func more(_ n: Int) -> String {
            "\(English.count(n, "object")) in all " + (n == 1 ? "is" : "are") + " not reachable from $top (only the first \(listed) groups are listed)"
        }
    }
}

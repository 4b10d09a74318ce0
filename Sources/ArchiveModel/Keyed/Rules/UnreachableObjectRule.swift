/// Objects nothing reaches from `$top` are never decoded by NSKeyedUnarchiver; they are kept in the
/// browser's lost-and-found group. Reported once per lost subgraph: at each lost object that no other
/// object refers to (or one member of a lost cycle), with the number of lost objects behind it.
enum UnreachableObjectRule: KeyedGraphRule {
    static let listed = 100

    static func check(_ graph: KeyedArchiveGraph, index: GraphIndex) -> [Diagnostic] {
        let lost = index.unreachable.filter { $0 != 0 && graph.object($0).kind != .nullMarker }
        guard !lost.isEmpty else { return [] }
        var covered = Set<ObjectID>()
        var found: [Diagnostic] = []
        // Instances first: a lost class dictionary is covered by its lost instances.
        let isClass = Dictionary(uniqueKeysWithValues: lost.map { ($0, graph.object($0).kind == .classDescription) })
        let roots = lost.filter { index.referrerCounts[$0] == 0 && isClass[$0] != true } + lost
        let lostSet = Set(lost)
        for root in roots where !covered.contains(root) {
            let behind = lostSubgraph(from: root, graph: graph, lost: lostSet, covered: &covered)
            guard found.count < listed else { continue }
            let object = graph.object(root)
            found.append(Diagnostic("keyed.object.unreachable", .warning, Messages.unreachable(root, object.className, behind - 1),
                                    range: object.range, position: object.position, object: root))
        }
        if covered.count > 0, found.count >= listed {
            found.append(Diagnostic("keyed.object.unreachable", .warning, Messages.more(lost.count)))
        }
        return found
    }

    /// Marks the lost objects reachable from `root` as covered; returns how many were newly covered.
    private static func lostSubgraph(from root: ObjectID, graph: KeyedArchiveGraph, lost: Set<ObjectID>, covered: inout Set<ObjectID>) -> Int {
        var stack = [root]
        var count = 0
        covered.insert(root)
        while let id = stack.popLast() {
            count += 1
            let object = graph.object(id)
            if let c = object.classObjectID, lost.contains(c), covered.insert(c).inserted { stack.append(c) }
            for field in object.fields {
                field.value.forEachReference { ref in
                    if let t = ref.objectID, lost.contains(t), covered.insert(t).inserted { stack.append(t) }
                }
            }
        }
        return count
    }

    enum Messages {
        static func unreachable(_ id: Int, _ cls: String?, _ behind: Int) -> String {
            let name = cls.map { " (" + ValueFormatter.excerpt($0) + ")" } ?? ""
            let tail = behind > 0 ? ", nor \(behind) object\(behind == 1 ? "" : "s") only it leads to" : ""
            return "object #\(id)\(name) is not reachable from $top\(tail)"
        }
        static func more(_ n: Int) -> String { "\(n) objects in all are not reachable from $top (only the first \(listed) groups are listed)" }
    }
}

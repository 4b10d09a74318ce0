import ArchiveCore

/// Objects the root object #0 does not reach: no loader instantiates them. Reported one by one (the
/// first `NIBArchiveCheck.reportLimit`), as `nib.object.unreachable`.
enum NIBUnreachableRule {
    static func check(_ graph: NIBArchiveGraph, reachability: GraphReachability) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for id in 0..<graph.objectCount where !reachability.reachable[id] {
            let name = graph.objectEntry(id).flatMap { graph.className($0.classIndex) }.map(ValueFormatter.excerpt) ?? "no class"
            found.append(NIBArchiveIssue.objectUnreachable(id: id, className: name).diagnostic(graph.objectRange(id), object: id))
            if found.count >= NIBArchiveCheck.reportLimit { break }
        }
        return found
    }
}

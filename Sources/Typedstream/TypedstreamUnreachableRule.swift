import ArchiveCore

/// Entries of the object table that no top-level value leads to (through fields, superclasses and
/// classes). NSArchiver writes each object inside the value that first refers to it, so only damage
/// leaves one lost. Reported once per lost subgraph, as keyed archives' `keyed.object.unreachable` is.
enum TypedstreamUnreachableRule {
    /// Most lost subgraphs reported one by one.
    static let listed = 100

    static func check(_ graph: TypedstreamGraph, reachability: GraphReachability) -> [Diagnostic] {
        let lost = LostObjects(graph, reachability: reachability) { _, _ in true }
        let (groups, more) = lost.groups(in: graph, reachability: reachability, limit: listed)
        var found = groups.map { group in
            let issue = TypedstreamIssue.objectUnreachable(id: group.root.id, className: group.root.className, behind: group.behind)
            return Diagnostic(issue.code, issue.message, range: group.root.range, object: group.root.id)
        }
        if more { found.append(TypedstreamIssue.objectsUnreachable(count: lost.ids.count, listed: listed).diagnostic(nil)) }
        return found
    }
}

import ArchiveCore

/// Objects nothing reaches from `$top` are never decoded by NSKeyedUnarchiver; they are kept in the
/// browser's lost-and-found group. Reported once per lost subgraph: at each lost object that no other
/// object refers to (or one member of a lost cycle), with the number of lost objects behind it.
enum UnreachableObjectRule: KeyedGraphRule {
    static let listed = 100

    /// Reads each lost object once, without its rules (`structure`), keeping its references; only the
    /// (at most `listed`) reported roots are read again, for their class and place. When `$top` is
    /// broken every object is lost, so this is a whole-file pass on exactly the files a user checks.
    static func check(_ graph: KeyedArchiveGraph, reachability: GraphReachability) -> [Diagnostic] {
        // `$null` markers and object 0 (`$null` in every archive NSKeyedArchiver writes) are left out.
        let lost = LostObjects(graph, reachability: reachability) { id, object in id != 0 && object.kind != .nullMarker }
        let (groups, more) = lost.groups(in: graph, reachability: reachability, limit: listed)
        var found = groups.map { group in
            Diagnostic(KeyedArchiveCode.objectUnreachable, Messages.unreachable(group.root.id, group.root.className, group.behind),
                       range: group.root.range, position: group.root.position, object: group.root.id)
        }
        if more { found.append(Diagnostic(KeyedArchiveCode.objectUnreachable, Messages.more(lost.ids.count))) }
        return found
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

/// Objects nothing reaches from `$top` are never decoded by NSKeyedUnarchiver; they are kept in the
/// browser's lost-and-found group and reported here.
enum UnreachableObjectRule: KeyedGraphRule {
    static let listed = 100

    static func check(_ graph: KeyedArchiveGraph, index: GraphIndex) -> [Diagnostic] {
        let lost = index.unreachable.filter { $0 != 0 && graph.object($0).kind != .nullMarker }
        var found = lost.prefix(listed).map { id in
            let object = graph.object(id)
            return Diagnostic("keyed.object.unreachable", .warning, Messages.unreachable(id, object.className),
                              range: object.range, position: object.position, object: id)
        }
        if lost.count > listed {
            found.append(Diagnostic("keyed.object.unreachable", .warning, Messages.more(lost.count - listed)))
        }
        return found
    }

    enum Messages {
        static func unreachable(_ id: Int, _ cls: String?) -> String {
            "object #\(id)\(cls.map { " (" + DisplayText.escape($0) + ")" } ?? "") is not reachable from $top"
        }
        static func more(_ n: Int) -> String { "\(n) more objects are not reachable from $top" }
    }
}

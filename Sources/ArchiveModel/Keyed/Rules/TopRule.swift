/// `$top` must be a non-empty dictionary: it holds the entry points (`root` for archivedData…).
enum TopRule: KeyedHeaderRule {
    static func check(_ header: KeyedArchiveHeader, tree: any PlistTree) -> [Diagnostic] {
        guard header.presentKeys.contains("$top") else {
            return [Diagnostic("keyed.top.missing", .error, Messages.missing, range: header.rootRange, position: header.rootPosition)]
        }
        guard let top = header.topID else { return [] }
        let node = tree.node(top)
        if case .dict(let keys, _) = node.value, keys.isEmpty {
            return [Diagnostic("keyed.top.empty", .error, Messages.empty, range: node.range, position: node.position)]
        }
        return []
    }

    enum Messages {
        static let missing = "the root has no $top key; there is no entry point into the objects"
        static let empty = "$top is an empty dictionary; no object can be decoded from it"
    }
}

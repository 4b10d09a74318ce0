/// `$objects` must be an array whose element 0 is the string `$null`.
enum ObjectsRule: KeyedHeaderRule {
    static func check(_ header: KeyedArchiveHeader, tree: any PlistTree) -> [Diagnostic] {
        guard header.presentKeys.contains("$objects") else {
            return [Diagnostic("keyed.objects.missing", .error, Messages.missing, range: header.rootRange, position: header.rootPosition)]
        }
        guard let first = header.objectNodeIDs.first else {
            return [Diagnostic("keyed.objects.empty", .error, Messages.empty, range: header.rootRange, position: header.rootPosition)]
        }
        let node = tree.node(first)
        if case .string(let s) = node.value, s.isLiterally("$null") { return [] }
        return [Diagnostic("keyed.objects.first-not-null", .error, Messages.firstNotNull(node.value.typeName),
                           range: node.range, position: node.position, object: 0)]
    }

    enum Messages {
        static let missing = "the root has no $objects array; the archive holds no objects"
        static let empty = "$objects is empty; element 0 must be \"$null\""
        static func firstNotNull(_ type: String) -> String { "$objects[0] is a \(type), not the string \"$null\"; UID 0 would not mean nil" }
    }
}

import ArchiveCore

/// `$objects` must be an array whose element 0 is the string `$null`.
enum ObjectsRule: KeyedHeaderRule {
    static func check(_ header: KeyedArchiveHeader, tree: any PlistTree) -> [Diagnostic] {
        guard header.presentKeys.contains("$objects") else {
            return [Diagnostic(KeyedArchiveCode.objectsMissing, Messages.missing, range: header.rootRange, position: header.rootPosition,
                               notes: header.nearMisses(of: "$objects"))]
        }
        guard let first = header.objectNodeIDs.first else {
            let array = header.objectsID.map { tree.node($0) }
            return [Diagnostic(KeyedArchiveCode.objectsEmpty, Messages.empty, range: array?.range ?? header.rootRange,
                               position: array?.position ?? header.rootPosition)]
        }
        let node = tree.node(first)
        if case .string(let s) = node.value, s.isLiterally("$null") { return [] }
        return [Diagnostic(KeyedArchiveCode.objectsFirstNotNull, Messages.firstNotNull(node.value),
                           range: node.range, position: node.position, object: 0)]
    }

    enum Messages {
        static let missing = "the root has no $objects array; the archive holds no objects"
        static let empty = "$objects is empty; element 0 must be \"$null\""
        static func firstNotNull(_ value: PlistValue) -> String {
            let found = if case .string(let s) = value { "the string \"\(ValueFormatter.excerpt(s))\"" } else { value.typeNoun }
            return "$objects[0] is \(found), not the string \"$null\"; UID 0 would not mean nil"
        }
    }
}

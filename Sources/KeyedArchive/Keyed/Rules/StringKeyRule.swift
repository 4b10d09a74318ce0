import ArchiveCore

/// Keys of object and class dictionaries must be strings (the binary plist layer allows others).
enum StringKeyRule: KeyedObjectRule {
    static func check(_ context: KeyedObjectContext) -> [Diagnostic] {
        // Key names come from a cache; only a name marked non-string needs its node decoded.
        return context.entries.enumerated().compactMap { i, entry -> Diagnostic? in
            guard entry.key.hasLiteralPrefix(KeyedArchiveGraph.nonStringKeyPrefix) else { return nil }
            let node = context.graph.tree.node(entry.keyNode)
            if case .string = node.value { return nil }
            return context.diagnostic(.keyNotString, Messages.notString(context.id, i, node.value.typeNoun), at: node)
        }
    }

    enum Messages {
        static func notString(_ id: Int, _ index: Int, _ type: String) -> String {
            "object #\(id): key \(index) is \(type), not a string; keyed coders look values up by string key"
        }
    }
}

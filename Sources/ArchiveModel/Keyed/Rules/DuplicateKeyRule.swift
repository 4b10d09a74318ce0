/// A key may appear once per object (GNUstep raises on duplicates, corelibs logs and replaces).
enum DuplicateKeyRule: KeyedObjectRule {
    static func check(_ context: KeyedObjectContext) -> [Diagnostic] {
        var seen: Set<String> = []
        var found: [Diagnostic] = []
        for entry in context.entries where !seen.insert(entry.key).inserted {
            found.append(context.diagnostic("keyed.key.duplicate", .warning, Messages.duplicate(context.id, entry.key),
                                            range: context.graph.tree.node(entry.keyNode).range))
        }
        return found
    }

    enum Messages {
        static func duplicate(_ id: Int, _ key: String) -> String {
            "object #\(id) has key \"\(DisplayText.escape(key))\" more than once; which value a decoder sees is unspecified"
        }
    }
}

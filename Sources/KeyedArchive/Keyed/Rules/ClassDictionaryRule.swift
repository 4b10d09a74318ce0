import ArchiveCore

/// A class dictionary needs `$classname`, and `$classes` (when present) must start with it.
enum ClassDictionaryRule: KeyedObjectRule {
    static func check(_ context: KeyedObjectContext) -> [Diagnostic] {
        let entries = context.entries
        let isClassLike = entries.contains { $0.key.isLiterally("$classes") || $0.key.isLiterally("$classname") }
        guard isClassLike else { return [] }
        let cls = context.cache.keyedClass(context.id, in: context.graph)
        guard let name = cls.name else {
            return [context.diagnostic(.classnameMissing, Messages.missing(context.id),
                                       notes: KeyNearMiss.notes(entries, of: "$classname", in: context.graph.tree))]
        }
        if let first = cls.chain.first, !first.isLiterally(name) {
            return [context.diagnostic(.classesMismatch, Messages.mismatch(context.id, name, first))]
        }
        if !entries.contains(where: { $0.key.isLiterally("$classes") }) {
            return [context.diagnostic(.classesMissing, Messages.noChain(context.id, name))]
        }
        return []
    }

    enum Messages {
        static func missing(_ id: Int) -> String { "class dictionary #\(id) has no string $classname; objects of this class cannot be decoded" }
        static func mismatch(_ id: Int, _ name: String, _ first: String) -> String {
            "class dictionary #\(id): $classes starts with \"\(ValueFormatter.excerpt(first))\", not its $classname \"\(ValueFormatter.excerpt(name))\""
        }
        static func noChain(_ id: Int, _ name: String) -> String {
            "class dictionary #\(id) (\(ValueFormatter.excerpt(name))) has no $classes chain (written this way when a class-name mapping is in effect)"
        }
    }
}

import ArchiveCore

/// A key may appear once per object (GNUstep raises on duplicates, corelibs logs and replaces).
enum DuplicateKeyRule: KeyedObjectRule {
    static func check(_ context: KeyedObjectContext) -> [Diagnostic] {
        let entries = context.entries
        guard entries.count > 1 else { return [] }
        var found: [Diagnostic] = []
        var seen: Set<LiteralText> = []
        // Small dictionaries (nearly all objects) compare pairwise instead of hashing.
        let duplicates = entries.count <= 8
            ? entries.indices.filter { i in (0..<i).contains { entries[$0].key.isLiterally(entries[i].key) } }.map { entries[$0] }
            : entries.filter { !seen.insert(LiteralText($0.key)).inserted }
        for entry in duplicates {
            found.append(context.diagnostic(.keyDuplicate, Messages.duplicate(context.id, entry.key),
                                            at: context.graph.tree.node(entry.keyNode)))
        }
        return found
    }

    enum Messages {
        static func duplicate(_ id: Int, _ key: String) -> String {
            "object #\(id) has key \"\(ValueFormatter.excerpt(key))\" more than once; which value a decoder sees is unspecified"
        }
    }
}

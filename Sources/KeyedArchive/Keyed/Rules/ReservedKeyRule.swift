import ArchiveCore

/// Keys starting with a single `$` are reserved for the archiver (`$class`, `$0`…); user keys are
/// escaped as `$$key`. Anything else (e.g. `$classy`) is a sign of a hand-made or damaged archive.
enum ReservedKeyRule: KeyedObjectRule {
    static func check(_ context: KeyedObjectContext) -> [Diagnostic] {
        guard context.object.kind == .instance else { return [] }
        return context.entries.compactMap { entry -> Diagnostic? in
            let key = entry.key
            guard key.hasLiteralPrefix("$"), !key.hasLiteralPrefix("$$"), !key.isLiterally("$class"),
                  !(key.utf8.count > 1 && key.utf8.dropFirst().allSatisfy { $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return context.diagnostic(.keyReserved, Messages.reserved(context.id, key),
                                      at: context.graph.tree.node(entry.keyNode))
        }
    }

    enum Messages {
        static func reserved(_ id: Int, _ key: String) -> String {
            "object #\(id) has key \"\(ValueFormatter.excerpt(key))\": keys starting with one $ are reserved for the archiver (user keys are written $$key)"
        }
    }
}

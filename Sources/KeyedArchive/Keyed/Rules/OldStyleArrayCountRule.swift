import ArchiveCore

/// `_NSKeyedCoderOldStyleArray`: `NS.count` must match the `$0…$n-1` values present (GNUstep fixed a
/// heap overflow from a hostile count).
enum OldStyleArrayCountRule: KeyedObjectRule {
    static func check(_ context: KeyedObjectContext) -> [Diagnostic] {
        guard context.object.className?.isLiterally("_NSKeyedCoderOldStyleArray") == true,
              case .scalar(.integer(let count, _))? = context.object.field("NS.count")?.value else { return [] }
        let present = context.object.fields.filter(\.isPositional).count
        guard count != Int128(present) else { return [] }
        return [context.diagnostic(.collectionCountMismatch, Messages.mismatch(context.id, count, present))]
    }

    enum Messages {
        static func mismatch(_ id: Int, _ count: Int128, _ present: Int) -> String {
            "old-style array #\(id) claims NS.count \(count) but holds \(English.count(present, "value")) ($0…)"
        }
    }
}

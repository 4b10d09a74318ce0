import ArchiveCore

/// `NS.keys` and `NS.objects` of a dictionary must have the same length.
enum KeysObjectsCountRule: KeyedObjectRule {
    static func check(_ context: KeyedObjectContext) -> [Diagnostic] {
        guard let keys = context.object.field("NS.keys"), let objects = context.object.field("NS.objects"),
              case .list(let k) = keys.value, case .list(let o) = objects.value, k.count != o.count else { return [] }
        // Which array lost or gained entries is not known: the object is the place, the arrays are notes.
        return [context.diagnostic(.dictionaryCountMismatch, Messages.mismatch(context.id, k.count, o.count), notes: [
            DiagnosticNote("NS.keys: \(English.count(k.count, "entry", plural: "entries"))", range: keys.range),
            DiagnosticNote("NS.objects: \(English.count(o.count, "entry", plural: "entries"))", range: objects.range),
        ])]
    }

    enum Messages {
        static func mismatch(_ id: Int, _ keys: Int, _ objects: Int) -> String {
            "object #\(id) has \(keys) NS.keys but \(objects) NS.objects; the extra entries are dropped or misread"
        }
    }
}

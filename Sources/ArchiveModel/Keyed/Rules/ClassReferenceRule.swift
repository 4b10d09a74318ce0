/// An object dictionary must have `$class`, a UID leading to a class dictionary.
enum ClassReferenceRule: KeyedObjectRule {
    static func check(_ context: KeyedObjectContext) -> [Diagnostic] {
        guard context.object.kind == .instance else { return [] }
        guard let entry = context.entries.first(where: { $0.key.isLiterally("$class") }) else {
            let keys = context.entries.prefix(6).map { ValueFormatter.excerpt($0.key) }.joined(separator: ", ")
            let notes = context.entries.prefix(64).filter { KeyNearMiss.isNearMiss($0.key, of: "$class") }.prefix(3).map {
                let key = context.graph.tree.node($0.keyNode)
                return DiagnosticNote(KeyNearMiss.message($0.key, of: "$class"), range: key.range, position: key.position)
            }
            return [context.diagnostic(.classMissing, Messages.missing(context.id, keys), notes: Array(notes))]
        }
        let value = context.graph.tree.node(entry.valueNode)
        guard case .uid(let uid) = value.value else {
            return [context.diagnostic(.classNotUID, Messages.notUID(context.id, value.value.typeNoun), at: value)]
        }
        guard uid < UInt64(context.graph.objectCount) else {
            return [context.diagnostic(.classOutOfRange, Messages.outOfRange(context.id, uid, context.graph.objectCount), at: value)]
        }
        let cls = context.cache.keyedClass(Int(uid), in: context.graph)
        guard cls.isClassDictionary else {
            return [context.diagnostic(.classNotClassDictionary, Messages.notClassDict(context.id, uid, cls.actualType), at: value)]
        }
        return []
    }

    enum Messages {
        static func missing(_ id: Int, _ keys: String) -> String {
            "object #\(id) is a dictionary without $class (keys: \(keys)); NSKeyedUnarchiver cannot tell its class"
        }
        static func notUID(_ id: Int, _ type: String) -> String {
            "object #\(id) has a $class that is \(type), not a UID; swift-corelibs-foundation decodes it as a plain dictionary"
        }
        static func outOfRange(_ id: Int, _ uid: UInt64, _ count: Int) -> String {
            "object #\(id) has $class UID \(uid), out of range ($objects has \(English.count(count, "entry", plural: "entries")))"
        }
        static func notClassDict(_ id: Int, _ uid: UInt64, _ type: String) -> String {
            "object #\(id) has $class → #\(uid), which is \(English.article(type)), not a class dictionary"
        }
    }
}



@_spi(ArchiveInternals) import ArchiveCore

/// An object dictionary must have `$class`, a UID leading to a class dictionary.
enum ClassReferenceRule: KeyedObjectRule {
    static func check(_ context: KeyedObjectContext) -> [Diagnostic] {
        guard context.object.kind == .instance else { return [] }
        guard let entry = context.entries.first(where: { $0.key.isLiterally("$class") }) else {
            let keys = context.entries.prefix(6).map { ValueFormatter.excerpt($0.key) }.joined(separator: ", ")
            let notes = KeyNearMiss.notes(context.entries, of: "$class", in: context.graph.tree)
            return [context.diagnostic(.classMissing, Messages.missing(context.id, keys), notes: notes)]
        }
        // A well-formed UID is read from the bytes; the node is decoded only to place a problem.
        let uid: UInt64
        if let fast = context.graph.binaryTree?.wellFormedUID(entry.valueNode) {
            uid = fast
        } else {
            let value = context.graph.tree.node(entry.valueNode)
            guard case .uid(let read) = value.value else {
                return [context.diagnostic(.classNotUID, Messages.notUID(context.id, value.value.typeNoun), at: value)]
            }
            uid = read
        }
        guard uid < UInt64(context.graph.objectCount) else {
            return [context.diagnostic(.classOutOfRange, Messages.outOfRange(context.id, uid, context.graph.objectCount),
                                       at: context.graph.tree.node(entry.valueNode))]
        }
        let cls = context.cache.keyedClass(Int(uid), in: context.graph)
        guard cls.isClassDictionary else {
            return [context.diagnostic(.classNotClassDictionary, Messages.notClassDict(context.id, uid, cls.actualType),
                                       at: context.graph.tree.node(entry.valueNode), notes: classNameNearMisses(Int(uid), context))]
        }
        return []
    }

    /// Keys of the dictionary at `id` that are almost `$classname` (a class dictionary whose key was damaged).
    private static func classNameNearMisses(_ id: Int, _ context: KeyedObjectContext) -> [DiagnosticNote] {
        let objects = context.graph.objectNodeIDs
        guard id >= 0, id < objects.count else { return [] }
        let node = context.graph.tree.node(objects[id])
        guard case .dict(let keys, let values) = node.value else { return [] }
        let entries = zip(keys.prefix(64), values).map { (key: context.cache.keyName($0.0, in: context.graph), keyNode: $0.0, valueNode: $0.1) }
        return KeyNearMiss.notes(entries, of: "$classname", in: context.graph.tree)
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

import ArchiveCore

/// Key strings and class dictionaries remembered while reading objects: archives share a handful of
/// key nodes and class dictionaries across all objects. One cache per thread; never shared unlocked.
final class KeyedReadCache {
    private var keys: [Int: String] = [:]
    private var classes: [ObjectID: KeyedClass] = [:]
    /// What `AttributedStringRunRule` read from objects that attributed strings refer to.
    private var texts: [ObjectID: AttributedStringPart<Int>?] = [:]
    private var runTables: [ObjectID: AttributedStringPart<AttributeRunTable>?] = [:]
    private var runTableBytes = 0
    /// Beyond this many entries a cache stops growing (XML archives have a node per key occurrence).
    static let limit = 65_536
    /// Beyond this many bytes of `NSAttributeInfo` the run tables stop being kept.
    static let runTableByteLimit = 32 << 20

    func keyName(_ nodeID: Int, in graph: KeyedArchiveGraph) -> String {
        if let hit = keys[nodeID] { return hit }
        let name = graph.loadKeyName(nodeID)
        if keys.count < Self.limit { keys[nodeID] = name }
        return name
    }

    func keyedClass(_ id: ObjectID, in graph: KeyedArchiveGraph) -> KeyedClass {
        if let hit = classes[id] { return hit }
        let value = graph.loadClass(id)
        if classes.count < Self.limit { classes[id] = value }
        return value
    }

    /// The UTF-16 length of the string object `id` (and its bytes), read once.
    func textLength(_ id: ObjectID, load: () -> AttributedStringPart<Int>?) -> AttributedStringPart<Int>? {
        if let hit = texts[id] { return hit }
        let value = load()
        if texts.count < Self.limit { texts[id] = value }
        return value
    }

    /// The runs of the data object `id` (and its bytes), decoded once.
    func runTable(_ id: ObjectID, load: () -> AttributedStringPart<AttributeRunTable>?) -> AttributedStringPart<AttributeRunTable>? {
        if let hit = runTables[id] { return hit }
        let value = load()
        let size = value?.value.info.count ?? 0
        if runTables.count < Self.limit, runTableBytes <= Self.runTableByteLimit - size {
            runTables[id] = value
            runTableBytes += size
        }
        return value
    }
}

/// A value an attributed string refers to, with where it is.
struct AttributedStringPart<Value: Sendable>: Sendable {
    var value: Value
    var range: ByteRange?
    var position: TextPosition?
}

/// Key strings and class dictionaries remembered while reading objects: archives share a handful of
/// key nodes and class dictionaries across all objects. One cache per thread; never shared unlocked.
final class KeyedReadCache {
    private var keys: [Int: String] = [:]
    private var classes: [ObjectID: KeyedClass] = [:]
    /// Beyond this many entries a cache stops growing (XML archives have a node per key occurrence).
    static let limit = 65_536

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
}

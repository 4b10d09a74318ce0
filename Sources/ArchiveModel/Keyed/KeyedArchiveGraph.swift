import Synchronization

/// An NSKeyedArchiver archive read from a property list: objects are the `$objects` entries, decoded on
/// demand. Everything NSKeyedUnarchiver would see is shown, and every departure from the format is a
/// diagnostic (see the rules in `Rules/`).
public final class KeyedArchiveGraph: ObjectGraph, @unchecked Sendable {
    // Safety: all stored state is immutable except the class cache, which a Mutex guards.
    public let tree: any PlistTree
    let header: KeyedArchiveHeader
    /// Plist node id of each `$objects` entry.
    let objectNodeIDs: [Int]
    public let openDiagnostics: [Diagnostic]
    private let classCache = Mutex<[ObjectID: KeyedClass]>([:])
    /// Key strings by plist node id: archives share a handful of key nodes across all objects.
    private let keyCache = Mutex<[Int: String]>([:])

    public init(tree: any PlistTree) {
        self.tree = tree
        header = KeyedArchiveHeader(tree: tree)
        objectNodeIDs = header.objectNodeIDs
        openDiagnostics = tree.openDiagnostics + header.diagnostics + KeyedArchiveRules.checkHeader(header, tree: tree)
    }

    public var container: ContainerFormat { tree.format }
    public var archiveKind: String { header.archiver.map { DisplayText.escape($0) } ?? "keyed archive (no $archiver)" }
    public var input: InputBytes { tree.input }
    public var objectCount: Int { objectNodeIDs.count }
    /// `$version`, when it is an integer.
    public var version: Int128? { header.version }

    public var topLevel: [Field] {
        guard let top = header.topID, case .dict(let keys, let values) = tree.node(top).value else { return [] }
        return zip(keys, values).map { k, v in
            let name = keyName(k)
            return makeField(rawKey: name, valueNodeID: v)
        }
    }

    public func object(_ id: ObjectID) -> GraphObject {
        guard id >= 0, id < objectNodeIDs.count else {
            return GraphObject(id: id, kind: .invalid, diagnostics: [Diagnostic("keyed.object.no-such-id", .error,
                "object #\(id) does not exist ($objects has \(objectNodeIDs.count) entries)")])
        }
        return read(id, rules: true)
    }

    public func structure(_ id: ObjectID) -> GraphObject {
        guard id >= 0, id < objectNodeIDs.count else { return object(id) }
        return read(id, rules: false)
    }

    private func read(_ id: ObjectID, rules: Bool) -> GraphObject {
        let node = tree.node(objectNodeIDs[id])
        var object = KeyedObjectReader(graph: self, id: id, node: node).read(rules: rules)
        if !node.diagnostics.isEmpty { object.diagnostics = node.diagnostics.map { $0.reassigned(to: id) } + object.diagnostics }
        return object
    }

    public func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] {
        var all: [Diagnostic] = []
        let treeDiagnostics = tree.fullCheck(progress: { progress($0 * 0.4) })
        let objectOf = reverseObjectMap()
        all.append(contentsOf: treeDiagnostics.map { d in d.object.map { d.reassigned(to: objectOf[$0]) } ?? d })
        all.append(contentsOf: header.diagnostics + KeyedArchiveRules.checkHeader(header, tree: tree))
        // One pass decodes every object with its rules and feeds the reference index at the same time.
        var objectDiagnostics: [Diagnostic] = []
        let index = GraphIndex(graph: self, progress: { progress(0.4 + 0.55 * $0) }, objects: { id in
            let object = self.read(id, rules: true)
            objectDiagnostics.append(contentsOf: object.diagnostics.filter { $0.id.hasPrefix("keyed.") })
            return object
        })
        all.append(contentsOf: objectDiagnostics)
        if let index { all.append(contentsOf: KeyedArchiveRules.checkGraph(self, index: index)) }
        return all.sortedByOffset()
    }

    /// Archive object id for each plist node id that is an `$objects` entry.
    private func reverseObjectMap() -> [Int: ObjectID] {
        var map: [Int: ObjectID] = [:]
        for (id, node) in objectNodeIDs.enumerated() where map[node] == nil { map[node] = id }
        return map
    }

    /// The string of a key node, or a bracketed description of a non-string key.
    func keyName(_ keyNodeID: Int) -> String {
        if let hit = keyCache.withLock({ $0[keyNodeID] }) { return hit }
        let node = tree.node(keyNodeID)
        let name: String
        if case .string(let s) = node.value { name = s } else { name = "<non-string key: \(node.value.typeName)>" }
        keyCache.withLock { cache in
            if cache.count < 65_536 { cache[keyNodeID] = name }
        }
        return name
    }

    /// The class description at `id`, cached.
    func keyedClass(_ id: ObjectID) -> KeyedClass {
        if let hit = classCache.withLock({ $0[id] }) { return hit }
        let nodeID = id >= 0 && id < objectNodeIDs.count ? objectNodeIDs[id] : -1
        let value = KeyedClass(tree: tree, nodeID: nodeID)
        classCache.withLock { cache in
            if cache.count > 4096 { cache.removeAll() }
            cache[id] = value
        }
        return value
    }

    /// What a UID leads to: nil, a conditional never encoded, a dangling number, or an object.
    func resolve(uid: UInt64) -> Reference {
        if uid == 0 { return .null }
        guard uid < UInt64(objectNodeIDs.count) else {
            return .dangling(raw: uid, reason: "UID \(uid) is out of range ($objects has \(objectNodeIDs.count) entries)")
        }
        let id = Int(uid)
        if tree.isString(objectNodeIDs[id], equalTo: "$null") { return .conditionalNull(id) }
        return .reference(id)
    }
}

extension Reference {
    fileprivate static func reference(_ id: ObjectID) -> Reference { .object(id) }
}

extension Diagnostic {
    /// The same diagnostic attributed to another object id.
    func reassigned(to object: Int?) -> Diagnostic {
        Diagnostic(id, severity, message, range: range, position: position, object: object)
    }
}

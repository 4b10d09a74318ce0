/// Turns one `$objects` entry into a `GraphObject`, running the per-object rules.
struct KeyedObjectReader {
    let graph: KeyedArchiveGraph
    let cache: KeyedReadCache
    let id: ObjectID
    let node: PlistNode

    /// Inline arrays nested deeper than this are not expanded (bounds recursion on hostile input).
    static let inlineDepthLimit = 8

    func read(rules: Bool = true) -> GraphObject {
        var object = GraphObject(id: id, kind: .value, range: node.range, position: node.position)
        switch node.value {
        case .string("$null"):
            object.kind = .nullMarker
        case .dict(let keys, let values):
            readDictionary(keys: keys, values: values, into: &object)
        case .array, .set:
            object.kind = .container
            object.className = node.value.typeName
            object.fields = node.value.childIDs.enumerated().map { i, child in
                Field(key: "[\(i)]", value: graph.convert(child, depth: 1), isPositional: true)
            }
        case .invalid(let why):
            object.kind = .invalid
            object.diagnostics.append(Diagnostic("keyed.object.undecodable", .error, "object #\(id) cannot be decoded: \(why)",
                                                 range: node.range, object: id))
        default:
            object.value = PlistObjectGraph.scalar(node.value)
        }
        guard rules else { return object }
        let context = KeyedObjectContext(graph: graph, cache: cache, id: id, node: node, object: object)
        object.diagnostics.append(contentsOf: KeyedArchiveRules.checkObject(context))
        return object
    }

    private func readDictionary(keys: [Int], values: [Int], into object: inout GraphObject) {
        let names = keys.map { cache.keyName($0, in: graph) }
        if names.contains("$classname") || names.contains("$classes") {
            object.kind = .classDescription
            let cls = cache.keyedClass(id, in: graph)
            object.className = cls.name
            object.classChain = cls.displayChain
            object.fields = zip(names, values).map { graph.makeField(rawKey: $0.0, valueNodeID: $0.1, unmangle: false) }
            return
        }
        object.kind = .instance
        for (name, value) in zip(names, values) {
            if name == "$class" {
                if case .uid(let u) = graph.tree.node(value).value, u < UInt64(graph.objectCount) {
                    let classID = Int(u)
                    object.classObjectID = classID
                    let cls = cache.keyedClass(classID, in: graph)
                    object.className = cls.name
                    object.classChain = cls.displayChain
                }
                continue
            }
            object.fields.append(graph.makeField(rawKey: name, valueNodeID: value))
        }
    }
}

extension KeyedArchiveGraph {
    /// A field for `rawKey`, un-mangling `$$x` to `$x` and marking `$0…$n` as positional.
    func makeField(rawKey: String, valueNodeID: Int, unmangle: Bool = true) -> Field {
        let node = tree.node(valueNodeID)
        let value = convert(node, depth: 0)
        guard unmangle, rawKey.hasPrefix("$") else { return Field(key: rawKey, value: value, range: node.range) }
        if rawKey.hasPrefix("$$") {
            return Field(key: String(rawKey.dropFirst()), rawKey: rawKey, value: value, range: node.range)
        }
        let positional = rawKey.count > 1 && rawKey.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
        return Field(key: rawKey, value: value, range: node.range, isPositional: positional)
    }

    /// A field value for plist node `nodeID`: UIDs become references, inline arrays lists.
    func convert(_ nodeID: Int, depth: Int) -> FieldValue { convert(tree.node(nodeID), depth: depth) }

    /// A field value for an already decoded plist node.
    func convert(_ node: PlistNode, depth: Int) -> FieldValue {
        switch node.value {
        case .uid(let u):
            return .reference(resolve(uid: u))
        case .array(let ids), .set(let ids):
            guard depth < KeyedObjectReader.inlineDepthLimit else {
                return .invalid("inline arrays nested deeper than \(KeyedObjectReader.inlineDepthLimit) levels")
            }
            return .list(ids.map { convert($0, depth: depth + 1) })
        case .dict(let keys, _):
            return .invalid("inline dictionary with \(keys.count) entries (archives store dictionaries as objects)")
        case .invalid(let why):
            return .invalid(why)
        default:
            return PlistObjectGraph.scalar(node.value).map { .scalar($0) } ?? .invalid("unreadable value")
        }
    }
}

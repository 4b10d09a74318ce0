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
            var converted: [Int: (value: FieldValue, size: Int)] = [:]
            object.fields = node.value.childIDs.enumerated().map { i, child in
                Field(key: "[\(i)]", value: graph.convert(child, depth: 1, converted: &converted), isPositional: true)
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
            var converted: [Int: (value: FieldValue, size: Int)] = [:]
            object.fields = zip(names, values).map { graph.makeField(rawKey: $0.0, valueNodeID: $0.1, unmangle: false, converted: &converted) }
            return
        }
        object.kind = .instance
        var converted: [Int: (value: FieldValue, size: Int)] = [:]  // shared by all fields: one inline array is converted once per object
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
            object.fields.append(graph.makeField(rawKey: name, valueNodeID: value, converted: &converted))
        }
    }
}

extension KeyedArchiveGraph {
    /// A field for `rawKey`, un-mangling `$$x` to `$x` and marking `$0…$n` as positional.
    func makeField(rawKey: String, valueNodeID: Int, unmangle: Bool = true) -> Field {
        var converted: [Int: (value: FieldValue, size: Int)] = [:]
        return makeField(rawKey: rawKey, valueNodeID: valueNodeID, unmangle: unmangle, converted: &converted)
    }

    /// `makeField` sharing the inline arrays already converted with the object's other fields.
    func makeField(rawKey: String, valueNodeID: Int, unmangle: Bool = true, converted: inout [Int: (value: FieldValue, size: Int)]) -> Field {
        let value = convert(valueNodeID, depth: 0, converted: &converted)
        let range = tree.node(valueNodeID).range
        guard unmangle, rawKey.hasPrefix("$") else { return Field(key: rawKey, value: value, range: range) }
        if rawKey.hasPrefix("$$") {
            return Field(key: String(rawKey.dropFirst()), rawKey: rawKey, value: value, range: range)
        }
        let positional = rawKey.count > 1 && rawKey.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
        return Field(key: rawKey, value: value, range: range, isPositional: positional)
    }

    /// A field value for plist node `nodeID`: UIDs become references, inline arrays lists.
    func convert(_ nodeID: Int, depth: Int) -> FieldValue {
        var converted: [Int: (value: FieldValue, size: Int)] = [:]
        return convert(nodeID, depth: depth, converted: &converted)
    }

    /// `convert` that converts each inline array node once per object. A repeat reuses a small result
    /// (plistlib writes a list used twice only once) and stands in for a large one with an invalid
    /// value; an array containing itself gets an invalid item. So a value never holds more than 64
    /// values per input byte. Without this, an array listing itself ten times expanded 10^8 times
    /// within the depth limit (an 860-byte file took 19 s).
    func convert(_ nodeID: Int, depth: Int, converted: inout [Int: (value: FieldValue, size: Int)]) -> FieldValue {
        convertCounting(nodeID, depth: depth, converted: &converted).value
    }

    /// Largest inline array (in values, nested lists counted in full) repeated where it is listed again.
    static let repeatedInlineLimit = 64

    /// The value and the number of values in it.
    private func convertCounting(_ nodeID: Int, depth: Int, converted: inout [Int: (value: FieldValue, size: Int)]) -> (value: FieldValue, size: Int) {
        let node = tree.node(nodeID)
        switch node.value {
        case .uid(let u):
            return (.reference(resolve(uid: u)), 1)
        case .array(let ids), .set(let ids):
            guard depth < KeyedObjectReader.inlineDepthLimit else {
                return (.invalid("inline arrays nested deeper than \(KeyedObjectReader.inlineDepthLimit) levels"), 1)
            }
            if let done = converted[nodeID] {
                if done.size <= Self.repeatedInlineLimit { return done }
                return (.invalid("inline array (plist object \(nodeID), \(done.size) values) listed again; shown where first listed"), 1)
            }
            converted[nodeID] = (.invalid("inline array (plist object \(nodeID)) contains itself"), 1)
            var items: [FieldValue] = []
            items.reserveCapacity(ids.count)
            var size = 1
            for id in ids {
                let item = convertCounting(id, depth: depth + 1, converted: &converted)
                items.append(item.value)
                size += item.size
            }
            converted[nodeID] = (.list(items), size)
            return (.list(items), size)
        case .dict(let keys, _):
            return (.invalid("inline dictionary with \(keys.count) entries (archives store dictionaries as objects)"), 1)
        case .invalid(let why):
            return (.invalid(why), 1)
        default:
            return (PlistObjectGraph.scalar(node.value).map { .scalar($0) } ?? .invalid("unreadable value"), 1)
        }
    }
}

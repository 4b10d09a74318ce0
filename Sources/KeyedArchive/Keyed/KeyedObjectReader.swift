

@_spi(ArchiveInternals) import ArchiveCore

/// Turns one `$objects` entry into a `GraphObject`; runs the per-object rules over it when asked
/// (`ruleDiagnostics`), apart from decoding.
struct KeyedObjectReader {
    let graph: KeyedArchiveGraph
    let cache: KeyedReadCache
    let id: ObjectID
    let node: PlistNode
    /// Inline arrays several objects reach: shown under their owner only (see `SharedInlineList`).
    var shared: [Int: SharedInlineList] = [:]
    /// Nodes that are a lower node's bytes (see `PlistSharing.offsetSharers`).
    var canonical: [Int: Int] = [:]
    /// What the read is for: whether it records links to shared lists and reads long lists up front.
    var purpose = KeyedReadPurpose.show

    private func newConversion() -> InlineConversion {
        InlineConversion(object: id, shared: shared, canonical: canonical, purpose: purpose)
    }

    /// Inline arrays nested deeper than this are not expanded (bounds recursion on hostile input).
    static let inlineDepthLimit = 8

    /// The object as decoded, with the problems met decoding it, its node's first (no rules: see
    /// `ruleDiagnostics`). For the full check lazily read lists are read once, up front (its passes go
    /// through every item several times).
    func read() -> GraphObject {
        var names: [String] = []
        return read(keyNames: &names)
    }

    /// `read`, giving the names of a dictionary's keys in order too (for `ruleDiagnostics`).
    func read(keyNames: inout [String]) -> GraphObject {
        var object = GraphObject(id: id, kind: .value, range: node.range, position: node.position,
                                 diagnostics: node.diagnostics.isEmpty ? [] : node.diagnostics.map { $0.reassigned(to: id) })
        decode(into: &object, keyNames: &keyNames)
        readListsUpFront(of: &object)
        return object
    }

    /// What `read` decodes, into `object`: one object built and changed in place (building it in
    /// `read`'s branches made the optimiser copy it whole, every field and text retained and
    /// released, twice a read: issue 39).
    private func decode(into object: inout GraphObject, keyNames: inout [String]) {
        switch node.value {
        case .string(let s) where s.isLiterally("$null"):
            object.kind = .nullMarker
        case .dict(let keys, let values):
            keyNames = keys.map { cache.keyName($0, in: graph) }
            readDictionary(names: keyNames, values: values, into: &object)
        case .array, .set:
            object.kind = .container
            object.className = node.value.typeName
            var conversion = newConversion()
            object.fields = FieldCollection(node.value.childIDs.enumerated().map { i, child in
                Field(key: "[\(i)]", value: graph.convert(child, depth: 1, conversion: &conversion), isPositional: true)
            })
            object.sharedListLinks = conversion.links
        case .invalid(let why):
            object.kind = .invalid
            object.diagnostics.append(Diagnostic(KeyedArchiveCode.objectUndecodable, "object #\(id) cannot be decoded: \(why)",
                                                 range: node.range, object: id))
        default:
            object.value = PlistObjectGraph.scalar(node.value)
        }
    }

    /// A whole-file pass's read: lazily read lists read once, up front.
    private func readListsUpFront(of object: inout GraphObject) {
        guard purpose.readsListsUpFront else { return }
        for i in object.fields.indices {
            if case .list(let items) = object.fields[i].value, items.isLazy, items.count <= KeyedReadPurpose.upFrontListLimit {
                object.fields[i].value = .list(graph.storedList(items, canonical: canonical))
            }
        }
    }

    /// The per-object rules' diagnostics for `object` (this entry as `read` decoded it), which look at
    /// the first `lazyItemLimit` items of a lazily read list; first the notes on inline arrays it
    /// shares with other objects (known when a whole-file pass read it).
    /// `keyNames`, when given, are the names of the dictionary's keys (as `read` gave them).
    func ruleDiagnostics(for object: GraphObject, lazyItemLimit: Int = .max, keyNames: [String] = []) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for link in object.sharedListLinks where link.targets != nil {
            if let list = shared[link.node] {
                found.append(KeyedArchiveGraph.sharedListDiagnostic(list, range: graph.tree.arrayElements(link.node)?.range))
            }
        }
        let context = KeyedObjectContext(graph: graph, cache: cache, id: id, node: node, object: object, keyNames: keyNames,
                                         lazyItemLimit: lazyItemLimit)
        found.append(contentsOf: KeyedArchiveRules.checkObject(context))
        return found
    }

    private func readDictionary(names: [String], values: [Int], into object: inout GraphObject) {
        if names.contains(where: { $0.isLiterally("$classname") || $0.isLiterally("$classes") }) {
            object.kind = .classDescription
            let cls = cache.keyedClass(id, in: graph)
            object.className = cls.name
            object.classChain = cls.displayChain
            var conversion = newConversion()
            for (name, value) in zip(names, values) { addField(name, value, unmangle: false, conversion: &conversion, to: &object) }
            return
        }
        object.kind = .instance
        var conversion = newConversion()  // shared by all fields: one inline array is converted once per object
        for (name, value) in zip(names, values) {
            if name.isLiterally("$class") {
                if let u = graph.binaryTree?.wellFormedUID(value) ?? graph.tree.node(value).value.uid, u < UInt64(graph.objectCount) {
                    let classID = Int(u)
                    object.classObjectID = classID
                    let cls = cache.keyedClass(classID, in: graph)
                    object.className = cls.name
                    object.classChain = cls.displayChain
                }
                continue
            }
            addField(name, value, unmangle: true, conversion: &conversion, to: &object)
        }
    }

    /// Appends the field for `value`, noting the links to shared inline lists it reached.
    private func addField(_ name: String, _ value: Int, unmangle: Bool, conversion: inout InlineConversion,
                          to object: inout GraphObject) {
        object.fields.append(graph.makeField(rawKey: name, valueNodeID: value, unmangle: unmangle, conversion: &conversion))
        object.sharedListLinks = conversion.links
    }
}

extension PlistValue {
    /// The value of a UID, nil for other values.
    fileprivate var uid: UInt64? {
        if case .uid(let u) = self { return u }
        return nil
    }
}

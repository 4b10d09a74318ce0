import ArchiveCore

/// A rule over the root of a keyed archive (`$archiver`, `$version`, `$top`, `$objects`).
protocol KeyedHeaderRule {
    static func check(_ header: KeyedArchiveHeader, tree: any PlistTree) -> [Diagnostic]
}

/// A rule over one `$objects` entry; runs each time the object is decoded, so it must be cheap.
protocol KeyedObjectRule {
    static func check(_ context: KeyedObjectContext) -> [Diagnostic]
}

/// A rule that needs the whole graph (reachability).
protocol KeyedGraphRule {
    static func check(_ graph: KeyedArchiveGraph, reachability: GraphReachability) -> [Diagnostic]
}

/// What an object rule may look at: the raw plist node, its entries, and the object as decoded.
struct KeyedObjectContext {
    let graph: KeyedArchiveGraph
    let cache: KeyedReadCache
    let id: ObjectID
    let node: PlistNode
    let object: GraphObject
    /// The raw dictionary entries (key text, key node id, value node id); empty for non-dictionaries.
    let entries: [(key: String, keyNode: Int, valueNode: Int)]
    /// How many items of a lazily read list the rules look at: all in a full check, the first few
    /// thousand when an object is decoded to be shown (see `KeyedArchiveGraph.object(_:)`).
    let lazyItemLimit: Int

    /// `keyNames`, when given, are the names of the dictionary's keys in order (already looked up).
    init(graph: KeyedArchiveGraph, cache: KeyedReadCache, id: ObjectID, node: PlistNode, object: GraphObject,
         keyNames: [String] = [], lazyItemLimit: Int = .max) {
        self.graph = graph
        self.cache = cache
        self.id = id
        self.node = node
        self.object = object
        self.lazyItemLimit = lazyItemLimit
        if case .dict(let keys, let values) = node.value {
            let names = keyNames.count == keys.count ? keyNames : keys.map { cache.keyName($0, in: graph) }
            entries = zip(names, zip(keys, values)).map { ($0, $1.0, $1.1) }
        } else {
            entries = []
        }
    }

    /// The items of `items` the rules look at (a prefix of a lazily read list, see `lazyItemLimit`).
    func scanned(_ items: FieldList) -> FieldList.SubSequence {
        items.isLazy ? items.prefix(lazyItemLimit) : items[...]
    }

    /// A diagnostic of kind `code` about this object, located at its bytes (or at `located`, a node
    /// inside it, when given: its range and its line and column), with the kind's severity unless
    /// `severity` is given.
    func diagnostic(_ code: KeyedArchiveCode, _ message: String, severity: Severity? = nil, at located: PlistNode? = nil,
                    notes: [DiagnosticNote] = []) -> Diagnostic {
        let place = located ?? node
        return Diagnostic(code, message, severity: severity, range: place.range ?? node.range, position: place.range == nil ? node.position : place.position,
                          object: id, notes: notes)
    }

    /// The plist node holding `field`'s value (a `CF$UID` dictionary, an `<array>`…), when the field is
    /// one of this dictionary's entries.
    func valueNode(of field: Field) -> PlistNode? {
        let stored = field.rawKey ?? field.key
        return entries.first { $0.key.isLiterally(stored) }.map { graph.tree.node($0.valueNode) }
    }

    /// The plist node of item `index` of `field`'s list (for an `NS.objects` element: its `CF$UID`
    /// dictionary in XML), so that a diagnostic about one element points at it, not at the whole list.
    func itemNode(of field: Field, at index: Int) -> PlistNode? {
        let stored = field.rawKey ?? field.key
        guard let entry = entries.first(where: { $0.key.isLiterally(stored) }),
              let elements = graph.tree.arrayElements(entry.valueNode), index >= 0, index < elements.count else { return nil }
        return graph.tree.node(elements[index])
    }
}

/// The registry of keyed-archive validation rules, one type per file.
enum KeyedArchiveRules {
    nonisolated(unsafe) static let headerRules: [any KeyedHeaderRule.Type] = [ArchiverRule.self, VersionRule.self, TopRule.self, ObjectsRule.self]
    nonisolated(unsafe) static let objectRules: [any KeyedObjectRule.Type] = [
        ClassReferenceRule.self, ClassDictionaryRule.self, DanglingReferenceRule.self, KeysObjectsCountRule.self,
        OldStyleArrayCountRule.self, StringKeyRule.self, DuplicateKeyRule.self, NilElementRule.self, ReservedKeyRule.self,
        AttributedStringRunRule.self,
    ]
    nonisolated(unsafe) static let graphRules: [any KeyedGraphRule.Type] = [UnreachableObjectRule.self]

    static func checkHeader(_ header: KeyedArchiveHeader, tree: any PlistTree) -> [Diagnostic] {
        headerRules.flatMap { $0.check(header, tree: tree) }
    }

    static func checkObject(_ context: KeyedObjectContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for rule in objectRules {
            let d = rule.check(context)
            if !d.isEmpty { found += d }
        }
        return found
    }

    static func checkGraph(_ graph: KeyedArchiveGraph, reachability: GraphReachability) -> [Diagnostic] {
        graphRules.flatMap { $0.check(graph, reachability: reachability) }
    }
}

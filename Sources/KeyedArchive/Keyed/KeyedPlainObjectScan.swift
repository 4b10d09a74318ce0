@_spi(ArchiveInternals) import ArchiveCore
import BinaryPlist

/// The full check's shortcut for the objects a binary keyed archive is nearly all made of: a value
/// (string, number, data, date, bool) or an instance dictionary whose keys are ordinary strings, whose
/// `$class` leads to a class dictionary and whose values are values, UIDs into `$objects` or inline
/// arrays of them. For such an object every rule in `Rules/` is silent by construction, so the check
/// only needs its references, and this reads them straight from the bytes into `GraphEdges` (the same
/// edges `GraphEdges.add(_:)` records from the decoded object) without building the object or its
/// fields.
///
/// Anything else — a class dictionary, a key starting with `$` other than `$class`, a duplicate or
/// non-string key, a dangling or nil reference where a rule looks, `NS.keys` and `NS.objects` of
/// different lengths, classes and keys with rules of their own, a header or reference the decoder
/// would report — is not plain: `scan` adds nothing and the caller reads the object in full with its
/// rules. The two paths give the same diagnostics and edges (`KeyedPlainObjectScanTests` compares them).
struct KeyedPlainObjectScan {
    let graph: KeyedArchiveGraph
    let tree: BinaryPlistTree
    let cache: KeyedReadCache
    /// What each key node is, by plist node id (archives share a handful of key nodes).
    private var roles: [Int: KeyRole] = [:]
    /// Interned key names, so that duplicate keys compare as integers.
    private var names: [String: Int32] = [:]
    /// Whether each class id leads to a class dictionary with no rule of its own for its instances.
    private var plainClasses: [ObjectID: Bool] = [:]
    /// The references of the object being scanned, committed to the edges only when it is plain.
    private var pending: [(target: Int32, field: Int32, item: Int32)] = []
    /// The key names and inline array nodes of the object being scanned.
    private var seenNames: [Int32] = [], listNodes: [Int] = []

    init(graph: KeyedArchiveGraph, tree: BinaryPlistTree, cache: KeyedReadCache) {
        self.graph = graph
        self.tree = tree
        self.cache = cache
    }

    /// What a key of an instance dictionary is to the scan.
    private enum KeyRole {
        case classKey
        /// An ordinary key (its interned name); `NS.keys` and `NS.objects`, whose items must not be
        /// nil and whose counts must agree, are told apart.
        case field(name: Int32, collection: Collection?)
        /// A key some rule looks at or reports: the object is read in full.
        case unusual
    }

    private enum Collection { case keys, objects }

    /// Instance dictionaries with more keys than this are read in full (duplicates are looked for
    /// pairwise).
    static let keyLimit = 32

    /// Adds the references of object `id` (whose node is `nodeID`) to `edges` and returns true when
    /// the object is plain; returns false and adds nothing otherwise.
    mutating func scan(_ id: ObjectID, nodeID: Int, into edges: inout GraphEdges) -> Bool {
        guard let marker = tree.marker(of: nodeID) else { return false }
        switch marker >> 4 {
        case 0xD: return scanInstance(id, nodeID: nodeID, into: &edges)
        case 0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6: return isReadableValue(nodeID)
        default: return false
        }
    }

    /// A value entry reads as a value with no references; only an undecodable one has a diagnostic.
    /// The container's full check has decoded every node already (its markers here are values).
    private func isReadableValue(_ nodeID: Int) -> Bool {
        if let known = tree.knownToDecode(nodeID) { return known }
        guard let layout = tree.layout else { return false }
        let node = BinaryPlistObjectDecoder.validating(input: tree.input, layout: layout).decode(id: nodeID)
        switch node.value {
        case .invalid, .uid, .array, .set, .dict: return false
        default: return true
        }
    }

    private mutating func scanInstance(_ id: ObjectID, nodeID: Int, into edges: inout GraphEdges) -> Bool {
        guard let (keysOrNil, values) = tree.wellFormedContainer(nodeID), let keys = keysOrNil, keys.count <= Self.keyLimit else { return false }
        var classID: ObjectID? = nil, field = 0
        var counts: (keys: Int?, objects: Int?) = (nil, nil)
        pending.removeAll(keepingCapacity: true)
        seenNames.removeAll(keepingCapacity: true)
        listNodes.removeAll(keepingCapacity: true)
        for i in keys.indices {
            guard let role = role(ofKey: keys[i]) else { return false }
            switch role {
            case .unusual:
                return false
            case .classKey:
                guard classID == nil, let uid = tree.wellFormedUID(values[i]), uid < UInt64(graph.objectCount),
                      isPlainClass(Int(uid)) else { return false }
                classID = Int(uid)
            case .field(let name, let collection):
                guard !seenNames.contains(name), let listCount = addReferences(of: values[i], field: field, nilAllowed: collection == nil) else { return false }
                seenNames.append(name)
                switch collection {
                case .keys?: counts.keys = listCount
                case .objects?: counts.objects = listCount
                case nil: break
                }
                field += 1
            }
        }
        guard let classID else { return false }
        if let k = counts.keys, let o = counts.objects, k != o { return false }
        for p in pending { edges.addReference(from: id, to: Int(p.target), field: Int(p.field), item: Int(p.item)) }
        edges.addClassLink(from: id, to: classID)
        return true
    }

    /// Records the references of the value at `valueNode` (field number `field`; nil items refused
    /// unless `nilAllowed`). Nil when the value is not plain; else the item count when it is an inline
    /// array, `.some(nil)` for other values.
    private mutating func addReferences(of valueNode: Int, field: Int, nilAllowed: Bool) -> Int?? {
        guard let marker = tree.marker(of: valueNode) else { return nil }
        switch marker >> 4 {
        case 0x8:
            guard let target = plainTarget(of: valueNode, nilAllowed: true) else { return nil }
            if target >= 0 { pending.append((Int32(truncatingIfNeeded: target), Int32(truncatingIfNeeded: field), -1)) }
            return .some(nil)
        case 0xA, 0xC:
            // An array listed twice by one object is shown once (see `convert`): left to the full read.
            guard !listNodes.contains(valueNode), let (_, items) = tree.wellFormedContainer(valueNode) else { return nil }
            listNodes.append(valueNode)
            for (i, item) in items.enumerated() {
                guard let target = plainTarget(of: item, nilAllowed: nilAllowed) else { return nil }
                if target >= 0 {
                    pending.append((Int32(truncatingIfNeeded: target), Int32(truncatingIfNeeded: field), Int32(truncatingIfNeeded: i)))
                }
            }
            return .some(items.count)
        case 0xB, 0xD, 0x7, 0x9, 0xE, 0xF:
            return nil  // an ordered set, an inline dictionary, v1x or unknown markers: left to the full read
        default:
            return .some(nil)  // a value: no reference, and no rule looks at it in a plain object
        }
    }

    /// The object a well-formed UID at `node` leads to, -1 for nil (UID 0 or a `$null` entry) when
    /// `nilAllowed`; nil when the node is not a well-formed UID or leads nowhere (a dangling reference).
    private func plainTarget(of node: Int, nilAllowed: Bool) -> Int? {
        guard node >= 0, node < tree.nodeCount, let uid = tree.wellFormedUID(node), uid < UInt64(graph.objectCount) else { return nil }
        let target = Int(uid)
        if uid == 0 || graph.isNullMarker(graph.objectNodeIDs[target]) { return nilAllowed ? -1 : nil }
        return target
    }

    /// The role of the key at plist node `keyNode`, nil when the node is out of range.
    private mutating func role(ofKey keyNode: Int) -> KeyRole? {
        guard keyNode >= 0, keyNode < tree.nodeCount else { return nil }
        if let known = roles[keyNode] { return known }
        let name = cache.keyName(keyNode, in: graph)
        let role: KeyRole
        if name.isLiterally("$class") {
            role = .classKey
        } else if name.hasLiteralPrefix("$") || name.hasLiteralPrefix("<") || name.isLiterally("NSAttributeInfo") {
            role = .unusual  // reserved, positional, mangled or non-string keys; attributed-string runs
        } else {
            let interned = names[name] ?? Int32(truncatingIfNeeded: names.count)
            names[name] = interned
            let collection: Collection? = name.isLiterally("NS.keys") ? .keys : name.isLiterally("NS.objects") ? .objects : nil
            role = .field(name: interned, collection: collection)
        }
        if roles.count < KeyedReadCache.limit { roles[keyNode] = role }
        return role
    }

    /// Whether `classID` is a class dictionary whose instances have no class-specific rule.
    private mutating func isPlainClass(_ classID: ObjectID) -> Bool {
        if let known = plainClasses[classID] { return known }
        let cls = cache.keyedClass(classID, in: graph)
        let plain = cls.isClassDictionary && cls.name?.isLiterally("_NSKeyedCoderOldStyleArray") != true
        if plainClasses.count < KeyedReadCache.limit { plainClasses[classID] = plain }
        return plain
    }
}

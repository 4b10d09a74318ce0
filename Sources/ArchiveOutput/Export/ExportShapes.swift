import ArchiveCore
import KeyedArchive
import Typedstream

/// Reads the objects of a graph as `ExportValue`s: the resolved document of `--unarchive`, the tree
/// `--extract` walks and `--diff` compares.
///
/// Known classes become their natural values (see `ExportShapes+Known.swift`); every other object a
/// dictionary of `"$class"` (its class chain), `"$id"` and its keys. A key that starts with `$` gets
/// one more `$` (as NSKeyedArchiver itself mangles such keys), so the `$` keys this export adds
/// cannot be mistaken for the archive's; a plain property list keeps its keys as they are.
public struct ExportShapes {
    /// The graph whose objects are read as values.
    public let graph: any ObjectGraph
    /// The plain property list behind a `PlistObjectGraph` (its dictionaries' keys are nodes).
    let plain: PlistObjectGraph?
    /// Whether object dictionaries carry `"$id"` (`--diff` leaves it out: ids differ between layouts).
    let includesIDs: Bool
    private let read: (ObjectID) -> GraphObject
    /// A plain property list's table entries that repeat a lower container's offset
    /// (`PlistSharing.offsetSharers`): read through the graph, which shows them as stand-ins.
    private let plainSharers: [Int: Int]
    /// A plain property list's key texts by key node (a key node is shared by the dictionaries that list
    /// it); in an archive, its dictionaries' key strings by object (`ExportShapes+Known.swift`).
    let keyTexts = ExportKeyTexts()
    /// Archives embedded in data values (an iMessage typedstream in a plist, a nib in a typedstream):
    /// given a data value's bytes, the export of the archive inside, or nil to write the bytes as
    /// data. Unset, every data value is written as data (`--diff` opens embedded archives itself, in
    /// `GraphDiffWalk+Embedded.swift`); `followingEmbeddedArchives` sets it (its result is written as the value, once per
    /// object like any other non-leaf).
    var embeddedArchive: (([UInt8]) -> ExportValue?)?
    /// Whether a standalone bookmark's or alias record's root is its decoded record (`{"$bookmark": …}`,
    /// what `--unarchive` writes and `--extract` reads); `--diff` sets it false to walk the record's
    /// graph instead, whose objects give each difference its byte range.
    var readsRecordsDecoded = true

    /// Reads `graph`'s objects as values; `includesIDs` adds each object's id to its dictionary (`$id`).
    public init(graph: any ObjectGraph, includesIDs: Bool = true) {
        self.graph = graph
        plain = graph as? PlistObjectGraph
        self.includesIDs = includesIDs
        read = graph.makeStructureReader()
        plainSharers = plain?.tree.sharing().offsetSharers ?? [:]
    }

    /// Whether the input is a plain property list (converted as `plutil -convert` would).
    var isPlainPlist: Bool { plain != nil }

    /// The whole document: a plain property list's root value; a typedstream's root values as an
    /// array; a bookmark's or alias record's decoded record (`{"$bookmark": …}`, as inside data
    /// values); otherwise a dictionary of the top-level entries (`$top`, a nib's `root`). Shortcut rows
    /// (a nib's connections listed again for the browser) are not stored data and are left out.
    public var root: ExportValue {
        if readsRecordsDecoded, graph.graphKind == .bookmark, case .bookmark(let alias) = graph.container {
            return Self.recordValue(graph.input, alias: alias)
        }
        let top = graph.topLevel.filter { !$0.isShortcut }
        if plain != nil, top.count == 1, let only = top.first { return value(only.value) }
        if graph is TypedstreamGraph, !top.isEmpty, top.allSatisfy(\.isPositional) { return .array(ExportItems(top.map { value($0.value) })) }
        return .dictionary(entries(top.map { ($0.isPositional ? $0.key : exportKey($0.key), value($0.value)) }, escaping: false))
    }

    /// A stored value as an export value: references stay `.object` for the walker to expand.
    public func value(_ field: FieldValue) -> ExportValue {
        switch field {
        case .scalar(let s): return leaf(s)
        case .reference(.object(let id)): return .object(id)
        case .reference(.null): return .scalar(.null)
        case .reference(.conditionalNull(let id)):
            // Without ids (`--diff`), which slot a conditional object had is layout, not content.
            return .tagged("$conditional", .scalar(includesIDs ? .integer(Int128(id)) : .bool(true)))
        case .reference(.dangling(let raw, let reason)):
            return .dictionary(ExportEntries([("$dangling", .scalar(.integer(Int128(raw)))), ("$reason", .scalar(.string(reason)))]))
        case .list(let items): return .array(ExportItems(count: items.count) { value(items[$0]) })
        case .invalid(let why): return .tagged("$invalid", .scalar(.string(why)))
        case .sameAs(let same): return .tagged("$sameAs", .object(same.owner))
        }
    }

    /// The object `id` read as a value, and whether it is a leaf: a string, number, data … (a bare
    /// value or an NSString instance alike), which may be written again where it is met again.
    public func shape(of id: ObjectID) -> (value: ExportValue, isLeaf: Bool) {
        let value = plainValue(id) ?? objectValue(read(id))
        if case .scalar = value { return (value, true) }
        return (value, false)
    }

    private func objectValue(_ o: GraphObject) -> ExportValue {
        switch o.kind {
        case .value: o.value.map(leaf) ?? .scalar(.null)
        case .nullMarker: .scalar(.null)
        case .container: container(o)
        case .instance: known(o) ?? generic(o)
        case .classDescription, .classRecord, .invalid: generic(o)
        }
    }

    /// A stored scalar; data goes through `embeddedArchive` when it is set.
    func leaf(_ s: ScalarValue) -> ExportValue {
        if case .data(let bytes) = s, let embeddedArchive, let inside = embeddedArchive(bytes) { return inside }
        return .scalar(ExportScalar(s))
    }

    /// A key as the export writes it: one more `$` before a key starting with `$` (archives only).
    func exportKey(_ key: String) -> String {
        plain == nil && key.utf8.first == UInt8(ascii: "$") ? "$" + key : key
    }

    /// A dictionary of `pairs` (keys already as exported); a key met again in a damaged object is
    /// written as `$dup2:key`, `$dup3:key` …, so that nothing is dropped and no key repeats.
    func entries(_ pairs: [(String, ExportValue)], escaping: Bool = true) -> ExportEntries {
        var seen: [LiteralText: Int] = [:]
        var out: [(String, ExportValue)] = []
        out.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            let k = escaping ? exportKey(key) : key
            let n = (seen[LiteralText(k)] ?? 0) + 1
            seen[LiteralText(k)] = n
            out.append((n == 1 ? k : "$dup\(n):" + k, value))
        }
        return ExportEntries(out)
    }

    /// Any object as a dictionary: `$class` (and typedstream `$classVersions`), `$id`, then its keys;
    /// a typedstream object's positional values as `$values` with their `$types`.
    func generic(_ o: GraphObject) -> ExportValue {
        var head: [(String, ExportValue)] = []
        let names = o.classChain.isEmpty ? [o.className].compactMap { $0 } : o.classChain.map(\.name)
        if !names.isEmpty { head.append(("$class", .array(ExportItems(names.map { .scalar(.string($0)) })))) }
        if o.classChain.contains(where: { $0.version != nil }) {
            head.append(("$classVersions", .array(ExportItems(o.classChain.map { c in .scalar(c.version.map { .integer(Int128($0)) } ?? .null) }))))
        }
        switch o.kind {
        case .classDescription: head.append(("$kind", .scalar(.string("class description"))))
        case .classRecord: head.append(("$kind", .scalar(.string("class record"))))
        case .invalid: head.append(("$invalid", .scalar(.string(o.diagnostics.first?.message ?? "an object that cannot be decoded"))))
        default: break
        }
        if includesIDs { head.append(("$id", .scalar(.integer(Int128(o.id))))) }
        if o.fields.contains(where: { $0.typeEncoding != nil }) {
            head.append(("$types", .array(ExportItems(o.fields.map { .scalar($0.typeEncoding.map { .string($0) } ?? .null) }))))
        }
        if !o.fields.isEmpty, o.fields.allSatisfy(\.isPositional), o.fields.contains(where: { $0.typeEncoding != nil }) {
            let values = o.fields.map { value($0.value) }
            return .dictionary(ExportEntries(head + [("$values", .array(ExportItems(values)))]))
        }
        // `$0`, `$1` … (values encoded without a key) are stored so; other keys starting with `$` get one more.
        let fields = entries(o.fields.map { ($0.isPositional ? $0.key : exportKey($0.key), value($0.value)) }, escaping: false)
        let headCount = head.count
        return .dictionary(ExportEntries(count: headCount + fields.count) { i in
            i < headCount ? (head[i].0, head[i].1) : fields[i - headCount]
        })
    }

    /// A plain property list's node as a value, read straight from its tree (issue 39: no
    /// `GraphObject`, whose fields and key texts the export does not use, so a plain plist converts
    /// without building the resolved tree); nil where the graph reads the node otherwise (a stand-in
    /// for a shared container, an invalid node), which `objectValue` then writes.
    private func plainValue(_ id: ObjectID) -> ExportValue? {
        guard let plain, id >= 0, id < plain.tree.nodeCount, plainSharers[id] == nil else { return nil }
        switch plain.tree.node(id).value {
        case .array(let ids): return .array(ExportItems(count: ids.count) { value(plain.reference(ids[$0])) })
        case .set(let ids): return .tagged("$set", .array(ExportItems(count: ids.count) { value(plain.reference(ids[$0])) }))
        case .dict(let keys, let values): return plainDictionary(plain, keys, values)
        case .invalid: return nil
        case let scalar: return PlistObjectGraph.scalar(scalar).map(leaf)
        }
    }

    private func plainDictionary(_ plain: PlistObjectGraph, _ keys: [Int], _ values: [Int]) -> ExportValue {
        stringKeyedDictionary(plain, keys, values)
            ?? dictionary(zip(keys, values).map { k, v in (key: keyValue(plain, k), value: value(plain.reference(v))) })
    }

    /// `dictionary(_:)`'s dictionary for the common case, when every key is a remembered string key
    /// and no two keys have one text (compared by their numbers, `ExportKeyTexts`); nil otherwise, for
    /// `dictionary(_:)` to decide. Names and values are kept apart: an array of pairs of
    /// `ExportValue`s was copied pair by pair through the runtime's generic tuple copy (7% of
    /// `--unarchive xml1`).
    private func stringKeyedDictionary(_ plain: PlistObjectGraph, _ keys: [Int], _ values: [Int]) -> ExportValue? {
        let count = Swift.min(keys.count, values.count)
        var names: [String] = [], numbers: [Int] = []
        names.reserveCapacity(count)
        numbers.reserveCapacity(count)
        for k in keys.prefix(count) {
            guard let key = keyTexts.key(of: k, load: { plainKeyText(plain, $0) }), let number = key.number else { return nil }
            names.append(key.text)
            numbers.append(number)
        }
        guard !Self.repeatsANumber(numbers) else { return nil }
        let items = values.prefix(count).map { value(plain.reference($0)) }
        return .dictionary(ExportEntries(count: count) { (names[$0], items[$0]) })
    }

    /// Whether a number occurs twice: a few compared pairwise, more through a set.
    static func repeatsANumber(_ numbers: [Int]) -> Bool {
        if numbers.count <= 16 {
            for i in numbers.indices where numbers[(i + 1)...].contains(numbers[i]) { return true }
            return false
        }
        var seen = Set<Int>(minimumCapacity: numbers.count)
        return numbers.contains { !seen.insert($0).inserted }
    }

    /// A plain property list's array, set or dictionary.
    private func container(_ o: GraphObject) -> ExportValue {
        if case .sameAs(let same)? = o.fields.first?.value { return .tagged("$sameAs", .object(same.owner)) }
        switch o.className {
        case "array": return .array(ExportItems(o.fields.map { value($0.value) }))
        case "set": return .tagged("$set", .array(ExportItems(o.fields.map { value($0.value) })))
        default:
            guard let plain, case .dict(let keys, let values) = plain.tree.node(o.id).value else { return generic(o) }
            return plainDictionary(plain, keys, values)
        }
    }

    /// A plain dictionary key: its text, or (a number, a date …) its value.
    private func keyValue(_ plain: PlistObjectGraph, _ node: Int) -> ExportValue {
        let text = keyTexts.text(of: node) { plainKeyText(plain, $0) }
        return text.map { .scalar(.string($0)) } ?? value(plain.reference(node))
    }

    /// The text of a string key node; nil for any other node.
    private func plainKeyText(_ plain: PlistObjectGraph, _ node: Int) -> String? {
        guard node >= 0, node < plain.tree.nodeCount, case .string(let s) = plain.tree.node(node).value else { return nil }
        return s
    }

    /// Key/value pairs as a dictionary when every key is a string and no key repeats; otherwise
    /// `{"$entries": [[key, value], …]}`, which keeps keys of any type and every repeat.
    func dictionary(_ pairs: [(key: ExportValue, value: ExportValue)]) -> ExportValue {
        var names: [String] = []
        var seen = Set<LiteralText>()
        names.reserveCapacity(pairs.count)
        // A few keys are compared with each other (no hashing); more through the set.
        let small = pairs.count <= 16
        for pair in pairs {
            guard case .scalar(.string(let s)) = pair.key else { return entriesDictionary(pairs) }
            let name = exportKey(s)
            let isNew = small ? !names.contains { $0.isLiterally(name) } : seen.insert(LiteralText(name)).inserted
            guard isNew else { return entriesDictionary(pairs) }
            names.append(name)
        }
        return .dictionary(ExportEntries(count: pairs.count) { (names[$0], pairs[$0].value) })
    }

    /// `{"$entries": [[key, value], …]}`.
    private func entriesDictionary(_ pairs: [(key: ExportValue, value: ExportValue)]) -> ExportValue {
        .tagged("$entries", .array(ExportItems(pairs.map { .array(ExportItems([$0.key, $0.value])) })))
    }
}

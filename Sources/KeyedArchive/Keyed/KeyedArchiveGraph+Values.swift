

@_spi(ArchiveInternals) import ArchiveCore

/// Field values of keyed-archive objects: UIDs become references, inline arrays lists.
extension KeyedArchiveGraph {
    /// Inline arrays with more items than this are read on demand (a lazy `FieldList`): an
    /// `NS.objects` of millions of UIDs is not converted to draw the row of its array.
    static let lazyListThreshold = 1024

    /// A field for `rawKey`, un-mangling `$$x` to `$x` and marking `$0…$n` as positional.
    func makeField(rawKey: String, valueNodeID: Int, unmangle: Bool = true) -> Field {
        var conversion = InlineConversion()
        return makeField(rawKey: rawKey, valueNodeID: valueNodeID, unmangle: unmangle, conversion: &conversion)
    }

    /// `makeField` sharing the inline arrays already converted with the object's other fields.
    func makeField(rawKey: String, valueNodeID: Int, unmangle: Bool = true, conversion: inout InlineConversion) -> Field {
        let (value, _, range) = convertCounting(valueNodeID, depth: 0, conversion: &conversion)
        return makeField(rawKey: rawKey, value: value, range: range, unmangle: unmangle)
    }

    /// The field for `rawKey` holding `value` (un-mangled and marked positional as above).
    func makeField(rawKey: String, value: FieldValue, range: ByteRange?, unmangle: Bool) -> Field {
        guard unmangle, rawKey.hasLiteralPrefix("$") else { return Field(key: rawKey, value: value, range: range) }
        if rawKey.hasLiteralPrefix("$$") {
            return Field(key: String(decoding: rawKey.utf8.dropFirst(), as: UTF8.self), rawKey: rawKey, value: value, range: range)
        }
        let positional = rawKey.utf8.count > 1 && rawKey.utf8.dropFirst().allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        return Field(key: rawKey, value: value, range: range, isPositional: positional)
    }

    /// A field value for plist node `nodeID`: UIDs become references, inline arrays lists.
    func convert(_ nodeID: Int, depth: Int) -> FieldValue {
        var conversion = InlineConversion()
        return convert(nodeID, depth: depth, conversion: &conversion)
    }

    /// `convert` that converts each inline array node once per object. A repeat reuses a small result
    /// (plistlib writes a list used twice only once) and stands in for a large one with an invalid
    /// value; an array containing itself gets an invalid item. So a value never holds more than 64
    /// values per input byte. Without this, an array listing itself ten times expanded 10^8 times
    /// within the depth limit (an 860-byte file took 19 s).
    func convert(_ nodeID: Int, depth: Int, conversion: inout InlineConversion) -> FieldValue {
        convertCounting(nodeID, depth: depth, conversion: &conversion).value
    }

    /// Largest inline array (in values, nested lists counted in full) repeated where it is listed again.
    static let repeatedInlineLimit = 64

    /// The value, the number of values in it, and the bytes of the node.
    private func convertCounting(_ listedID: Int, depth: Int, conversion: inout InlineConversion)
        -> (value: FieldValue, size: Int, range: ByteRange?) {
        let nodeID = conversion.canonical[listedID] ?? listedID
        if let elements = tree.arrayElements(nodeID) {
            if let list = conversion.shared[nodeID], list.owner != conversion.object {
                conversion.link(nodeID, targets: nil)
                return (Self.sharedListStandIn(list), 1, elements.range)
            }
            let (value, size) = convertArray(nodeID, elements, depth: depth, conversion: &conversion)
            if conversion.purpose.recordsSharedLinks, conversion.shared[nodeID] != nil { // the owner, in a whole-file pass
                var targets: [ObjectID] = []
                value.forEachReference { if case .object(let t) = $0 { targets.append(t) } }
                conversion.link(nodeID, targets: targets)
            }
            return (value, size, elements.range)
        }
        if let known = conversion.leaves[nodeID] { return (known.value, 1, known.range) }
        let node = tree.node(nodeID)
        let value = leafValue(node)
        if Self.isBulky(value) { conversion.leaves[nodeID] = (value, node.range) }
        return (value, 1, node.range)
    }

    /// Data and strings: values worth sharing when one node is listed again.
    static func isBulky(_ value: FieldValue) -> Bool {
        switch value {
        case .scalar(.data(let d)): d.count > 16
        case .scalar(.string(let s)): s.utf8.count > 16
        default: false
        }
    }

    /// A lazily read list's items read once, up front, for whole-file passes. A data or string node the
    /// list names again reuses the value already read.
    func storedList(_ list: FieldList, canonical: [Int: Int]) -> FieldList {
        guard let identity = list.identity, identity.owner == ObjectIdentifier(self),
              let ids = tree.arrayElements(identity.node), ids.count == list.count else { return list.stored() }
        var leaves: [Int: FieldValue] = [:]
        var items: [FieldValue] = []
        items.reserveCapacity(ids.count)
        for listed in ids {
            let id = canonical[listed] ?? listed
            if let known = leaves[id] { items.append(known); continue }
            let value = lazyItem(id, listCount: ids.count)
            if Self.isBulky(value) { leaves[id] = value }
            items.append(value)
        }
        return FieldList(items)
    }

    private func convertArray(_ nodeID: Int, _ ids: PlistArrayElements, depth: Int,
                              conversion: inout InlineConversion) -> (value: FieldValue, size: Int) {
        guard depth < KeyedObjectReader.inlineDepthLimit else {
            return (.invalid("inline arrays nested deeper than \(KeyedObjectReader.inlineDepthLimit) levels"), 1)
        }
        if let done = conversion.converted[nodeID] {
            if done.size <= Self.repeatedInlineLimit { return done }
            return (.invalid("inline array (plist object \(nodeID), \(English.count(done.size, "value"))) listed again; shown where first listed"), 1)
        }
        if ids.count < Self.repeatedInlineLimit, let flat = flatList(ids, conversion: &conversion) { return (.list(flat), ids.count + 1) }
        if ids.count > Self.lazyListThreshold {
            let result: (FieldValue, Int) = (.list(lazyList(nodeID, ids)), ids.count + 1)
            conversion.converted[nodeID] = result
            return result
        }
        conversion.converted[nodeID] = (.invalid("inline array (plist object \(nodeID)) contains itself"), 1)
        var items: [FieldValue] = []
        items.reserveCapacity(ids.count)
        var size = 1
        for id in ids {
            let item = convertCounting(id, depth: depth + 1, conversion: &conversion)
            items.append(item.value)
            size += item.size
        }
        conversion.converted[nodeID] = (.list(items), size)
        return (.list(items), size)
    }

    /// A short list of leaves (no inline arrays in it), converted without the bookkeeping of
    /// `converted`: such a list cannot contain itself, and a repeat of it (at most 64 values) would
    /// be reused as it is anyway. Nil when an item is an array.
    private func flatList(_ ids: PlistArrayElements, conversion: inout InlineConversion) -> [FieldValue]? {
        var items: [FieldValue] = []
        items.reserveCapacity(ids.count)
        for id in ids {
            if let uid = binaryTree?.wellFormedUID(id) { items.append(.reference(resolve(uid: uid))); continue }
            if tree.arrayElements(id) != nil { return nil }
            if let known = conversion.leaves[id] { items.append(known.value); continue }
            let node = tree.node(id)
            let value = leafValue(node)
            if Self.isBulky(value) { conversion.leaves[id] = (value, node.range) }
            items.append(value)
        }
        return items
    }

    /// A long inline array whose item *i* is converted when asked for.
    private func lazyList(_ nodeID: Int, _ ids: PlistArrayElements) -> FieldList {
        FieldList(count: ids.count, identity: FieldList.Identity(owner: ObjectIdentifier(self), node: nodeID)) { [self] i in
            lazyItem(ids[i], listCount: ids.count)
        }
    }

    /// An item of a lazily read list. An inline array inside one is not expanded: keyed archives never
    /// write one, and expanding it at every read of every item could cost the square of the input.
    private func lazyItem(_ nodeID: Int, listCount: Int) -> FieldValue {
        if let uid = binaryTree?.wellFormedUID(nodeID) { return .reference(resolve(uid: uid)) }
        if let nested = tree.arrayElements(nodeID) {
            return .invalid("inline array (plist object \(nodeID), \(English.count(nested.count, "item"))) inside a list of \(English.count(listCount, "item")); not expanded")
        }
        let value = leafValue(tree.node(nodeID))
        guard Self.isBulky(value) else { return value }
        // A list naming one data node 20,000 times gives one buffer, not 20,000 copies held by rows.
        return recentLeaves.withLock { recent in
            if let known = recent[nodeID] { return known }
            if recent.count >= 64 { recent.removeAll(keepingCapacity: true) }
            recent[nodeID] = value
            return value
        }
    }

    /// The value of a node that is not an array or set.
    private func leafValue(_ node: PlistNode) -> FieldValue {
        switch node.value {
        case .uid(let u):
            return .reference(resolve(uid: u))
        case .dict(let keys, _):
            return .invalid("inline dictionary with \(English.count(keys.count, "entry", plural: "entries")) (archives store dictionaries as objects)")
        case .invalid(let why):
            return .invalid(why)
        default:
            return PlistObjectGraph.scalar(node.value).map { .scalar($0) } ?? .invalid("unreadable value")
        }
    }
}

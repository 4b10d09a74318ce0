import ArchiveCore

/// Writes a new, valid NSKeyedArchiver archive (bplist00) from whatever decodes of a damaged one.
///
/// Every `$objects` entry keeps its index, so object ids in the report are the input's. An entry that
/// does not decode as an object NSKeyedUnarchiver can read (undecodable bytes, a `$class` that is not
/// a class dictionary, a dictionary without `$class`) becomes a `SalvagePlaceholder`. A field that
/// refers to nothing (out of range) refers to a `$null` entry appended after the input's instead, as
/// a conditional reference nothing encoded does; a collection element that refers to nothing is left out (collections cannot hold
/// nil: Apple's NSArray raises), with `NS.keys` and `NS.objects` kept in step. Keys and values that
/// do not decode are left out. Each of these is a `SalvagedContent.Change`.
enum KeyedSalvage {
    static func salvage(_ graph: KeyedArchiveGraph) -> (bytes: [UInt8], report: SalvagedContent) {
        var run = KeyedSalvageRun(graph: graph)
        return run.write()
    }
}

/// One salvage: the builder, the report and what is known about each entry.
struct KeyedSalvageRun {
    let graph: KeyedArchiveGraph
    let count: Int
    var salvager: PlistSalvager
    var report = SalvagedContent()
    /// Builder indices of the entries appended after the input's (placeholder classes and values).
    private var extras: [Int] = []
    private var extraStrings: [String: Int] = [:]
    private var placeholderClassUID: Int?
    private var nullUID: Int?
    private var classCache: [Int: KeyedClass] = [:]

    init(graph: KeyedArchiveGraph) {
        self.graph = graph
        count = graph.objectCount
        salvager = PlistSalvager(tree: graph.tree)
        let n = UInt64(count)
        salvager.checkUID = { u in
            u < n ? nil : "reference \(u) is out of range ($objects has \(English.count(Int(clamping: n), "entry", plural: "entries")))"
        }
    }

    mutating func write() -> (bytes: [UInt8], report: SalvagedContent) {
        let root = salvager.builder.add(.null)
        report.objectCount = count
        var entryIndices: [Int] = []
        entryIndices.reserveCapacity(count + 1)
        entryIndices.append(salvager.string("$null"))
        if count > 0, !graph.tree.isString(graph.objectNodeIDs[0], equalTo: "$null") {
            let node = graph.tree.node(graph.objectNodeIDs[0])
            record(.rewroteRoot, object: 0, range: node.range,
                   reason: "$objects[0] must be the string \"$null\" and was \(node.value.typeNoun); written as \"$null\"")
        } else if count > 0 {
            report.keptObjects += 1
        }
        for id in 1..<Swift.max(count, 1) { entryIndices.append(entry(id)) }
        let top = writeTop()
        let objects = salvager.builder.add(.array(entryIndices + extras))
        var rootPairs: [(key: Int, value: Int)] = []
        for (key, value) in [("$archiver", BinaryPlistBuilder.Object.string("NSKeyedArchiver")), ("$version", .integer(100_000))] {
            rootPairs.append((salvager.string(key), salvager.builder.add(value)))
        }
        rootPairs.append((salvager.string("$top"), top))
        rootPairs.append((salvager.string("$objects"), objects))
        salvager.builder.objects[root] = .dict(rootPairs)
        noteHeaderChanges()
        // Entries are kept for what they hold even when no $top leads to them (a cut file loses its top
        // dictionary first): the objects are there to read, so they count.
        report.contentValues += salvager.valuesWritten
        report.changes = salvager.changes + report.changes
        report.changes.sort { ($0.range?.start ?? -1, $0.object ?? -1) < ($1.range?.start ?? -1, $1.object ?? -1) }
        return (salvager.builder.build().bytes, report)
    }

    private mutating func record(_ action: SalvagedContent.Change.Action, object: Int?, key: String? = nil, range: ByteRange?, reason: String) {
        report.changes.append(.init(action, object: object, key: key, range: range, reason: reason))
    }

    // MARK: entries

    /// The builder index of entry `id`: the entry converted, or a placeholder.
    private mutating func entry(_ id: Int) -> Int {
        let nodeID = graph.objectNodeIDs[id]
        let node = graph.tree.node(nodeID)
        switch node.value {
        case .dict(let keys, let values):
            let names = keys.map { k -> String? in
                if case .string(let s) = graph.tree.node(k).value { return s }
                return nil
            }
            if names.contains(where: { $0 == "$classname" }) { return classDictionary(id, node: node) }
            guard let classIndex = names.firstIndex(where: { $0 == "$class" }) else {
                return placeholder(id, node: node, reason: "a dictionary without $class, which NSKeyedUnarchiver cannot decode")
            }
            let classNode = graph.tree.node(values[classIndex])
            guard case .uid(let u) = classNode.value else {
                return placeholder(id, node: node, reason: "its $class is \(classNode.value.typeNoun), not a reference")
            }
            if let why = classProblem(u) { return placeholder(id, node: node, reason: why) }
            return instance(id, classUID: Int(u), keys: keys, values: values, names: names)
        case .string, .integer, .real, .bool, .data, .date:
            guard let scalar = PlistSalvager.scalar(node.value) else { break }
            report.keptObjects += 1
            report.contentValues += 1
            return salvager.builder.add(scalar)
        default:
            break
        }
        let reason: String
        switch node.value {
        case .array, .set: reason = "\(node.value.typeNoun) as an entry of its own, which NSKeyedUnarchiver cannot decode"
        case .uid: reason = "a bare UID as an entry of its own, which NSKeyedUnarchiver cannot decode"
        default: reason = PlistSalvager.whyUnusable(node.value)
        }
        return placeholder(id, node: node, reason: reason)
    }

    /// Why `$class` UID `u` leads to no class, or nil when it leads to a class dictionary with a name.
    private mutating func classProblem(_ u: UInt64) -> String? {
        guard u > 0, u < UInt64(count) else { return "its $class reference \(u) is out of range ($objects has \(English.count(count, "entry", plural: "entries")))" }
        let cls = keyedClass(Int(u))
        guard cls.isClassDictionary else {
            let what = cls.actualType == "invalid" ? "does not decode" : "is \(English.article(cls.actualType))"
            return "its $class refers to object #\(u), which \(what), not a class dictionary"
        }
        guard cls.name != nil else { return "its $class refers to object #\(u), a class dictionary whose $classname is not a string" }
        return nil
    }

    private mutating func keyedClass(_ id: Int) -> KeyedClass {
        if let known = classCache[id] { return known }
        let cls = KeyedClass(tree: graph.tree, nodeID: graph.objectNodeIDs[id])
        classCache[id] = cls
        return cls
    }

    /// A class dictionary written anew from its name and chain (a missing `$classes` becomes the name alone).
    private mutating func classDictionary(_ id: Int, node: PlistNode) -> Int {
        let cls = keyedClass(id)
        guard let name = cls.name else {
            return placeholder(id, node: node, reason: "a class dictionary whose $classname is not a string")
        }
        var chain = cls.chain
        if chain.isEmpty {
            chain = [name]
            record(.rewroteRoot, object: id, key: "$classes", range: node.range,
                   reason: "the class dictionary of \(DisplayText.escape(name)) has no readable $classes; written as [\(DisplayText.escape(name))]")
        } else if chain.first.map({ !$0.isLiterally(name) }) ?? false {
            // A cut file can end inside the first name: the chain starts with the class itself.
            chain[0] = name
            record(.rewroteRoot, object: id, key: "$classes", range: node.range,
                   reason: "the $classes of \(DisplayText.escape(name)) do not start with its $classname; the first is written as \(DisplayText.escape(name))")
        } else {
            report.keptObjects += 1
        }
        let names = chain.map { salvager.string($0) }
        let pairs = [(key: salvager.string("$classname"), value: salvager.string(name)),
                     (key: salvager.string("$classes"), value: salvager.builder.add(.array(names)))]
        return salvager.builder.add(.dict(pairs))
    }

    /// An instance: `$class`, then every field that decodes.
    private mutating func instance(_ id: Int, classUID: Int, keys: [Int], values: [Int], names: [String?]) -> Int {
        let before = salvager.changes.count, recorded = report.changes.count
        var pairs: [(key: Int, value: Int)] = [(salvager.string("$class"), salvager.builder.add(.uid(UInt64(classUID))))]
        let keysIndex = names.firstIndex { $0 == "NS.keys" }, objectsIndex = names.firstIndex { $0 == "NS.objects" }
        var paired: (keys: Int, objects: Int)?
        if let k = keysIndex, let o = objectsIndex, case .array(let keyIDs) = graph.tree.node(values[k]).value,
           case .array(let objectIDs) = graph.tree.node(values[o]).value {
            paired = pairedLists(id, keyIDs: keyIDs, objectIDs: objectIDs)
        }
        for (i, (keyNode, valueNode)) in zip(keys, values).enumerated() {
            guard let name = names[i] else {
                salvager.changes.append(.init(.droppedKey, object: id, range: graph.tree.node(keyNode).range,
                                              reason: "a key that is \(graph.tree.node(keyNode).value.typeNoun), not a string, left out with its value"))
                continue
            }
            if name == "$class" { continue }
            if let paired, i == keysIndex || i == objectsIndex {
                pairs.append((salvager.string(name), i == keysIndex ? paired.keys : paired.objects))
                continue
            }
            pairs.append(contentsOf: field(id, name: name, valueNode: valueNode))
        }
        if salvager.changes.count == before, report.changes.count == recorded {
            report.keptObjects += 1
            // An object written whole (an empty set too) is content kept, not structure.
            report.contentValues += 1
        }
        return salvager.builder.add(.dict(pairs))
    }

    /// One field: a reference to nothing becomes a reference to `$null`; a value that does not decode is left out.
    private mutating func field(_ id: Int, name: String, valueNode: Int) -> [(key: Int, value: Int)] {
        let node = graph.tree.node(valueNode)
        if case .uid(let u) = node.value, let why = salvager.checkUID(u) {
            let null = conditionalNull()
            salvager.changes.append(.init(.nulled, object: id, key: name, range: node.range,
                                          reason: "\(why); it now refers to a $null entry (#\(null)), as a conditional reference never encoded does"))
            return [(salvager.string(name), salvager.builder.add(.uid(UInt64(null))))]
        }
        switch salvager.convert(valueNode, object: id, key: name, depth: 1) {
        case .written(let w): return [(salvager.string(name), w)]
        case .unusable(let why):
            // A value other readers refuse (a date out of their range) keeps its key: a placeholder entry stands for it.
            if id >= 0, PlistSalvager.refusedByReaders(node.value) {
                let uid = appendExtra(placeholder(id, key: name, node: node, reason: why))
                return [(salvager.string(name), salvager.builder.add(.uid(UInt64(uid))))]
            }
            salvager.changes.append(.init(.droppedKey, object: id, key: name, range: node.range, reason: "key left out: \(why)"))
            return []
        }
    }

    /// `NS.keys` and `NS.objects` with the pairs of which either side does not decode left out
    /// together, and the longer list cut to the shorter.
    private mutating func pairedLists(_ id: Int, keyIDs: [Int], objectIDs: [Int]) -> (keys: Int, objects: Int) {
        var keptKeys: [Int] = [], keptObjects: [Int] = []
        for i in 0..<Swift.min(keyIDs.count, objectIDs.count) {
            let k = salvager.convert(keyIDs[i], object: id, key: "NS.keys[\(i)]", depth: 2)
            let o = salvager.convert(objectIDs[i], object: id, key: "NS.objects[\(i)]", depth: 2)
            switch (k, o) {
            case (.written(let kw), .written(let ow)):
                keptKeys.append(kw)
                keptObjects.append(ow)
            case (.unusable(let why), _):
                salvager.changes.append(.init(.droppedElement, object: id, key: "NS.keys[\(i)]", range: graph.tree.node(keyIDs[i]).range,
                                              reason: "pair \(i) left out (key and value): the key: \(why)"))
            case (_, .unusable(let why)):
                salvager.changes.append(.init(.droppedElement, object: id, key: "NS.objects[\(i)]", range: graph.tree.node(objectIDs[i]).range,
                                              reason: "pair \(i) left out (key and value): the value: \(why)"))
            }
        }
        if keyIDs.count != objectIDs.count {
            let longer = keyIDs.count > objectIDs.count ? "NS.keys" : "NS.objects"
            let extra = Swift.max(keyIDs.count, objectIDs.count) - Swift.min(keyIDs.count, objectIDs.count)
            salvager.changes.append(.init(.droppedElement, object: id, key: longer, range: nil,
                                          reason: "\(longer) has \(English.count(extra, "element")) more than its partner; left out"))
        }
        return (salvager.builder.add(.array(keptKeys)), salvager.builder.add(.array(keptObjects)))
    }

    // MARK: placeholders

    /// A placeholder for entry `id` (see `SalvagePlaceholder`).
    private mutating func placeholder(_ id: Int, key: String? = nil, node: PlistNode, reason: String) -> Int {
        record(.placeholder, object: id, key: key, range: node.range, reason: reason)
        let classUID = placeholderClass()
        var keyUIDs: [Int] = [], valueUIDs: [Int] = []
        for (key, value) in SalvagePlaceholder.entries(object: id, range: node.range, reason: reason) {
            keyUIDs.append(extraString(key))
            if case .string(let s) = value { valueUIDs.append(extraString(s)) } else { valueUIDs.append(extra(value)) }
        }
        let keyList = keyUIDs.map { salvager.builder.add(.uid(UInt64($0))) }
        let valueList = valueUIDs.map { salvager.builder.add(.uid(UInt64($0))) }
        let pairs = [(key: salvager.string("$class"), value: salvager.builder.add(.uid(UInt64(classUID)))),
                     (key: salvager.string("NS.keys"), value: salvager.builder.add(.array(keyList))),
                     (key: salvager.string("NS.objects"), value: salvager.builder.add(.array(valueList)))]
        return salvager.builder.add(.dict(pairs))
    }

    /// The UID of a `$null` entry appended after the input's for the references that led nowhere (UID 0
    /// would read as an explicit nil; a `$null` slot reads as a conditional object never encoded).
    private mutating func conditionalNull() -> Int {
        if let known = nullUID { return known }
        let uid = extra(.string("$null"))
        nullUID = uid
        return uid
    }

    /// The UID of the placeholders' class dictionary, appended on first use.
    private mutating func placeholderClass() -> Int {
        if let known = placeholderClassUID { return known }
        let names = SalvagePlaceholder.classChain.map { salvager.string($0) }
        let pairs = [(key: salvager.string("$classname"), value: salvager.string(SalvagePlaceholder.className)),
                     (key: salvager.string("$classes"), value: salvager.builder.add(.array(names)))]
        let dict = salvager.builder.add(.dict(pairs))
        let uid = appendExtra(dict)
        placeholderClassUID = uid
        return uid
    }

    private mutating func extraString(_ s: String) -> Int {
        if let known = extraStrings[s] { return known }
        let uid = extra(.string(s))
        extraStrings[s] = uid
        return uid
    }

    private mutating func extra(_ value: BinaryPlistBuilder.Object) -> Int { appendExtra(salvager.builder.add(value)) }

    /// Appends builder object `index` to `$objects` after the input's entries; returns its UID.
    private mutating func appendExtra(_ index: Int) -> Int {
        extras.append(index)
        return Swift.max(count, 1) + extras.count - 1
    }

    // MARK: root

    /// `$top` with its references checked like fields; an empty one when the input has none.
    private mutating func writeTop() -> Int {
        guard let topID = graph.header.topID, case .dict(let keys, let values) = graph.tree.node(topID).value else {
            record(.rewroteRoot, object: nil, key: "$top", range: graph.header.rootRange,
                   reason: "the archive has no readable $top dictionary; an empty one was written, so nothing is decoded from the archive's top")
            return salvager.builder.add(.dict([]))
        }
        var pairs: [(key: Int, value: Int)] = []
        for (k, v) in zip(keys, values) {
            let keyNode = graph.tree.node(k)
            guard case .string(let name) = keyNode.value else {
                salvager.changes.append(.init(.droppedKey, object: nil, key: "$top", range: keyNode.range,
                                              reason: "a $top key that is \(keyNode.value.typeNoun), not a string, left out with its value"))
                continue
            }
            pairs.append(contentsOf: field(-1, name: name, valueNode: v).map { $0 })
        }
        for i in salvager.changes.indices where salvager.changes[i].object == -1 {
            salvager.changes[i].object = nil
            salvager.changes[i].key = "$top." + (salvager.changes[i].key ?? "")
        }
        return salvager.builder.add(.dict(pairs))
    }

    /// `$archiver` and `$version` are written as Apple's archiver writes them; a different input value is reported.
    private mutating func noteHeaderChanges() {
        let header = graph.header
        if header.archiver != "NSKeyedArchiver" {
            let was = header.archiver.map { "\"\(DisplayText.escape($0))\"" } ?? "missing or not a string"
            record(.rewroteRoot, object: nil, key: "$archiver", range: header.archiverRange, reason: "$archiver was \(was); written as \"NSKeyedArchiver\"")
        }
        if header.version != 100_000 {
            let was = header.version.map { "\($0)" } ?? "missing or not an integer"
            record(.rewroteRoot, object: nil, key: "$version", range: header.versionRange, reason: "$version was \(was); written as 100000")
        }
    }
}

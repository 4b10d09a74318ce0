import ArchiveCore

/// `$top` must be present; it holds the entry points (`root` for `archivedData(withRootObject:)`), and
/// each UID in it must lead to an object, as any other reference must.
enum TopRule: KeyedHeaderRule {
    /// Most diagnostics reported about the entries of `$top`.
    static let reported = 50

    static func check(_ header: KeyedArchiveHeader, tree: any PlistTree) -> [Diagnostic] {
        guard header.presentKeys.contains("$top") else {
            return [Diagnostic(KeyedArchiveCode.topMissing, Messages.missing, range: header.rootRange, position: header.rootPosition,
                               notes: header.nearMisses(of: "$top"))]
        }
        guard let top = header.topID else { return [] }
        let node = tree.node(top)
        guard case .dict(let keys, let values) = node.value else { return [] }
        if keys.isEmpty {
            return [Diagnostic(KeyedArchiveCode.topEmpty, Messages.empty, range: node.range, position: node.position)]
        }
        var found: [Diagnostic] = []
        // Each plist node is decoded once: a writer that shares equal objects may name one long key
        // string or one UID node from many entries.
        var nameOf: [Int: String?] = [:]
        let names = keys.map { key -> String? in
            if let known = nameOf[key] { return known }
            let name: String? = if case .string(let s) = tree.node(key).value { s } else { nil }
            nameOf[key] = name
            return name
        }
        if !names.contains(where: { $0?.isLiterally("root") == true }) {
            let notes = zip(names, keys).prefix(64).compactMap { name, key -> DiagnosticNote? in
                guard let name, KeyNearMiss.isNearMiss(name, of: "root") else { return nil }
                let keyNode = tree.node(key)
                return DiagnosticNote(KeyNearMiss.message(name, of: "root"), range: keyNode.range, position: keyNode.position)
            }
            found.append(Diagnostic(KeyedArchiveCode.topNoRoot, Messages.noRoot(names.compactMap { $0 }), range: node.range,
                                    position: node.position, notes: Array(notes.prefix(3))))
        }
        // Without objects every UID would be dangling: ObjectsRule reports the cause once.
        guard !header.objectNodeIDs.isEmpty else { return found }
        var targets = TopTargets(header: header, tree: tree)
        var uidOf: [Int: (uid: UInt64, range: ByteRange?, position: TextPosition?)?] = [:]
        for (name, value) in zip(names, values) where found.count < reported {
            if uidOf[value] == nil {
                let node = tree.containerValues(value) == nil ? tree.node(value) : nil
                uidOf[value] = if case .uid(let uid)? = node?.value { (uid, node?.range, node?.position) } else { .some(nil) }
            }
            guard let (uid, range, position) = uidOf[value] ?? nil else { continue }
            let key = name ?? "(non-string key)"
            if uid >= UInt64(header.objectNodeIDs.count) {
                found.append(Diagnostic(KeyedArchiveCode.refDangling, Messages.dangling(key, uid, header.objectNodeIDs.count),
                                        range: range, position: position))
            } else if uid > 0, let className = targets.classDictionaryName(Int(uid)) {
                let target = tree.node(header.objectNodeIDs[Int(uid)])
                found.append(Diagnostic(KeyedArchiveCode.refClassDictionary, Messages.classDictionary(key, uid, className),
                                        range: range, position: position,
                                        notes: [DiagnosticNote("the class dictionary #\(uid)", range: target.range, position: target.position)]))
            }
        }
        return found
    }

    /// Which `$objects` entries are class dictionaries, looked up once per plist node: a `$top` of many
    /// UIDs naming one large dictionary reads it once.
    struct TopTargets {
        let header: KeyedArchiveHeader
        let tree: any PlistTree
        var known: [Int: String?] = [:]

        /// The class name (or "no $classname") when entry `id` is a class dictionary, else nil.
        mutating func classDictionaryName(_ id: Int) -> String? {
            let nodeID = header.objectNodeIDs[id]
            if let hit = known[nodeID] { return hit }
            var result: String?
            if case .dict(let keys, let values) = tree.node(nodeID).value {
                for (k, v) in zip(keys, values) {
                    if tree.isString(k, equalTo: "$classname") {
                        if case .string(let s) = tree.node(v).value { result = s } else { result = "no string $classname" }
                        break
                    }
                    if tree.isString(k, equalTo: "$classes") { result = result ?? "no $classname" }
                }
            }
            known[nodeID] = result
            return result
        }
    }

    enum Messages {
        static let missing = "the root has no $top key; there is no entry point into the objects"
        static let empty = "$top is an empty dictionary; nothing was archived (what an archiver finished without encoding anything writes)"
        static func noRoot(_ keys: [String]) -> String {
            let shown = keys.prefix(5).map { "\"" + ValueFormatter.excerpt($0) + "\"" }.joined(separator: ", ")
            let more = keys.count > 5 ? " and \(keys.count - 5) more" : ""
            return "$top has no \"root\" key, which unarchivedObject(ofClass:from:) and unarchiveObject(with:) read; its "
                + English.noun(keys.count, "key") + " " + (keys.count == 1 ? "is" : "are") + " \(shown)\(more)"
        }
        static func dangling(_ key: String, _ uid: UInt64, _ count: Int) -> String {
            "$top key \"\(ValueFormatter.excerpt(key))\": UID \(uid) is out of range ($objects has \(English.count(count, "entry", plural: "entries")))"
        }
        static func classDictionary(_ key: String, _ uid: UInt64, _ className: String) -> String {
            "$top key \"\(ValueFormatter.excerpt(key))\" refers to #\(uid), the class dictionary of \(ValueFormatter.excerpt(className)), "
                + "not an object (swift-corelibs-foundation decodes it as the plain dictionary)"
        }
    }
}

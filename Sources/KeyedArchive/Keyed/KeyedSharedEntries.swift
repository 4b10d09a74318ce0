import ArchiveCore

/// A `$objects` dictionary (or array) that several entries point at.
///
/// NSKeyedArchiver writes one dictionary per object, but a binary plist may point any number of
/// `$objects` entries at the same node: Python's plistlib writes a dictionary used twice once, and a
/// damaged offset table can make many entries share one object's bytes. NSKeyedUnarchiver would decode
/// each entry as an object of its own, so 20,000 entries sharing a 5,000-key dictionary are 10^8
/// fields from 140 KB. Whole-file passes (full check, index, dump, JSON) read such a dictionary under
/// its lowest entry, the owner, and give the other entries a stand-in that links to it.
package struct SharedEntry: Sendable, Equatable {
    /// The plist node of the dictionary.
    package var node: Int
    /// The entry whose object shows the fields: the lowest id pointing at the node.
    package var owner: ObjectID
    /// How many entries point at it.
    package var holders: Int
    /// Number of values in the node.
    package var count: Int
    /// What the owner reads as, copied to every stand-in.
    package var kind: ObjectKind
    package var className: String?
    package var classChain: [ClassInfo]
    package var classObjectID: ObjectID?
}

/// What whole-file passes show once: inline lists and `$objects` dictionaries several objects share.
struct SharedContent: Sendable {
    /// Shared inline lists by plist node.
    var lists: [Int: SharedInlineList] = [:]
    /// Shared `$objects` entries by plist node (the lowest node at their bytes).
    var entries: [Int: SharedEntry] = [:]
    /// Nodes that are a lower node's bytes (`PlistSharing.offsetSharers`): they are that node.
    var canonical: [Int: Int] = [:]

    /// Whether nothing is shared.
    var isEmpty: Bool { lists.isEmpty && entries.isEmpty && canonical.isEmpty }
}

extension KeyedArchiveGraph {
    /// For each plist node, the first `$objects` entry that points at it and how many do (-1 and 0 for
    /// nodes no entry names). Arrays indexed by node, so the pass is linear without hashing.
    func entryHolders(canonical: [Int: Int]) -> (first: [Int32], count: [Int32]) {
        let nodes = tree.nodeCount
        var first = [Int32](repeating: -1, count: nodes), count = [Int32](repeating: 0, count: nodes)
        for id in 0..<objectNodeIDs.count {
            let node = canonical[objectNodeIDs[id]] ?? objectNodeIDs[id]
            guard node >= 0, node < nodes else { continue }
            if first[node] < 0 { first[node] = Int32(truncatingIfNeeded: id) }
            count[node] &+= 1
        }
        return (first, count)
    }

    /// `$objects` nodes that more than one entry points at, with more than `sharedListMinimum` values
    /// (smaller ones are read in every entry); each owner is read once for its class.
    func findSharedEntries(_ holders: (first: [Int32], count: [Int32])) -> [Int: SharedEntry] {
        var entries: [Int: SharedEntry] = [:]
        for node in holders.count.indices where holders.count[node] > 1 {
            guard let values = tree.containerValues(node), values.count > Self.sharedListMinimum else { continue }
            let owner = Int(holders.first[node])
            let object = read(owner, cache: KeyedReadCache(), shared: SharedContent())
            entries[node] = SharedEntry(node: node, owner: owner, holders: Int(holders.count[node]), count: values.count,
                                        kind: object.kind, className: object.className, classChain: object.classChain,
                                        classObjectID: object.classObjectID)
        }
        return entries
    }

    /// The object a non-owning entry reads as in whole-file passes: the owner's class, one field that
    /// stands for the owner's fields, and a link through which it reaches what they refer to.
    static func sharedEntryStandIn(_ id: ObjectID, _ entry: SharedEntry, range: ByteRange?) -> GraphObject {
        var object = GraphObject(id: id, kind: entry.kind, className: entry.className, classChain: entry.classChain, range: range)
        object.classObjectID = entry.classObjectID
        object.fields = [Field(key: "(fields)", value: .sameAs(SameContent(owner: entry.owner, node: entry.node,
            description: "the \(entry.count)-value dictionary of #\(entry.owner) (plist object \(entry.node)), which \(entry.holders) $objects entries share")),
            range: range)]
        object.sharedListLinks = [SharedListLink(node: entry.node, targets: nil)]
        return object
    }

    /// The link the owner of a shared entry carries: its node reaches what the owner's fields refer to.
    static func sharedEntryLink(_ entry: SharedEntry, ownerFields fields: FieldCollection) -> SharedListLink {
        var targets: [ObjectID] = []
        for field in fields { field.value.forEachReference { if case .object(let t) = $0 { targets.append(t) } } }
        return SharedListLink(node: entry.node, targets: targets)
    }

    /// The warning the owner carries, once per shared entry.
    static func sharedEntryDiagnostic(_ entry: SharedEntry, range: ByteRange?) -> Diagnostic {
        Diagnostic(KeyedArchiveCode.objectShared,
                   "$objects entry #\(entry.owner) and \(entry.holders - 1) others are the same plist object \(entry.node) (\(English.count(entry.count, "value"))); NSKeyedArchiver writes one per object. Whole-file views show its fields under #\(entry.owner) and link the other entries to it",
                   range: range, object: entry.owner)
    }
}

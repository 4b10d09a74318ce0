

@_spi(ArchiveInternals) import ArchiveCore

/// An inline array (a plist array stored as a field value, not as an object) that several objects list.
///
/// NSKeyedArchiver never writes one, but a binary plist may point any number of dictionaries at the
/// same array node (Python's plistlib does, for a list used twice). Expanded in every holder, 4,000
/// objects sharing a 4,000-UID list are 16 million references from 80 KB, so whole-file passes
/// (full check, index, dump) show such a list under one object, its owner, and link the other
/// holders to it.
struct SharedInlineList: Sendable, Equatable {
    /// The plist node of the array.
    package var node: Int
    /// The object whose field shows the list: the lowest id among the holders.
    package var owner: ObjectID
    /// How many objects list it.
    package var holders: Int
    /// Number of items.
    package var count: Int
}

/// Per-object state of converting inline values: the arrays already converted (each once per object)
/// and, for whole-file passes, the shared inline lists with the links to them.
struct InlineConversion {
    var converted: [Int: (value: FieldValue, size: Int)] = [:]
    /// Data and string leaves already decoded: one node listed many times shares one value (one 100 KB
    /// data node listed 20,000 times would otherwise be 2 GB of copies).
    var leaves: [Int: (value: FieldValue, range: ByteRange?)] = [:]
    /// The object being read, and the shared lists it shows only if it owns them.
    var object: ObjectID = -1
    var shared: [Int: SharedInlineList] = [:]
    /// Nodes that are a lower node's bytes: an array listed under several ids is one array.
    var canonical: [Int: Int] = [:]
    /// What the read is for: whole-file passes record `links`; a read to show needs only the stand-ins.
    var purpose = KeyedReadPurpose.show
    var links: [SharedListLink] = []
    var linked = Set<Int>()

    /// Records a link to shared list `node` once.
    mutating func link(_ node: Int, targets: [ObjectID]?) {
        guard purpose.recordsSharedLinks, linked.insert(node).inserted else { return }
        links.append(SharedListLink(node: node, targets: targets))
    }
}

extension KeyedArchiveGraph {
    /// Lists whose values (nested lists counted in full) number more than this count as shared when
    /// several objects reach them (shorter ones are repeated; see `repeatedInlineLimit`).
    static var sharedListMinimum: Int { repeatedInlineLimit }

    /// Inline arrays that more than one object reaches (directly or through other inline arrays), by
    /// plist node, with more than `sharedListMinimum` values. Parts of the id range are walked in
    /// parallel, each array once per part (by the first object of the part to reach it), so the walk is
    /// linear in the file; the owner is the lowest id that reaches the array. Entries that show another
    /// entry's fields (`entries`, see `SharedEntry`) are skipped.
    func findSharedInlineLists(entries: [Int: SharedEntry] = [:], canonical: [Int: Int] = [:]) -> [Int: SharedInlineList] {
        let tree = self.tree, objectNodeIDs = self.objectNodeIDs
        let parts = Parallel.map(count: objectCount, progress: { _ in true }) { range, _ -> InlineWalk in
            var walk = InlineWalk(canonical: canonical)
            for id in range {
                let node = objectNodeIDs[id]
                if let entry = entries[canonical[node] ?? node], entry.owner != id { continue }
                for value in tree.containerValues(node) ?? .empty { walk.visit(value, from: id, in: tree) }
            }
            return walk
        } ?? []
        var merged = InlineWalk()
        for part in parts { merged.merge(part) }
        var shared: [Int: SharedInlineList] = [:]
        for (node, count) in merged.holders where count > 1 && (merged.size[node] ?? 0) > Self.sharedListMinimum {
            guard let owner = merged.firstHolder[node], let elements = tree.arrayElements(node) else { continue }
            shared[node] = SharedInlineList(node: node, owner: owner, holders: count, count: elements.count)
        }
        return shared
    }

    /// The field value a holder other than the owner shows.
    static func sharedListStandIn(_ list: SharedInlineList) -> FieldValue {
        .sameAs(SameContent(owner: list.owner, node: list.node,
                            description: "the inline array of #\(list.owner) (plist object \(list.node), \(English.count(list.count, "item"))), listed by \(list.holders) objects"))
    }

    /// The diagnostic the owner carries, once per shared list.
    static func sharedListDiagnostic(_ list: SharedInlineList, range: ByteRange?) -> Diagnostic {
        Diagnostic(KeyedArchiveCode.inlineShared,
                   "inline array (plist object \(list.node), \(English.count(list.count, "item"))) is listed by \(list.holders) objects; NSKeyedArchiver never shares one. Whole-file views show it under #\(list.owner) and link the other holders to it",
                   range: range, object: list.owner)
    }
}

/// The walk behind `findSharedInlineLists`: who reaches each inline array first, how many objects
/// reach it, and how many values it holds with nested arrays counted in full.
struct InlineWalk: Sendable {
    /// Nodes that are a lower node's bytes (see `PlistSharing.offsetSharers`).
    var canonical: [Int: Int] = [:]
    var firstHolder: [Int: ObjectID] = [:]
    var holders: [Int: Int] = [:]
    var size: [Int: Int] = [:]
    private var lastHolder: [Int: ObjectID] = [:]

    init(canonical: [Int: Int] = [:]) { self.canonical = canonical }

    /// Adds the walk of a later part of the id range (objects are in one part each).
    mutating func merge(_ other: InlineWalk) {
        firstHolder.merge(other.firstHolder) { Swift.min($0, $1) }
        holders.merge(other.holders, uniquingKeysWith: +)
        size.merge(other.size) { Swift.max($0, $1) }
    }

    /// Notes that object `id` reaches array `node`; true the first time any object does.
    private mutating func reach(_ node: Int, from id: ObjectID) -> Bool {
        if lastHolder[node] != id {
            lastHolder[node] = id
            holders[node, default: 0] += 1
        }
        guard firstHolder[node] == nil else { return false }
        firstHolder[node] = id
        return true
    }

    /// Walks the inline arrays under `root` for object `id` (an array reached before is not walked
    /// again), with an explicit stack: nesting is input-controlled.
    mutating func visit(_ root: Int, from id: ObjectID, in tree: any PlistTree) {
        let root = canonical[root] ?? root
        guard let rootElements = tree.arrayElements(root), reach(root, from: id) else { return }
        var stack: [(node: Int, elements: PlistArrayElements, next: Int, size: Int, depth: Int)] = [(root, rootElements, 0, 1, 0)]
        while var frame = stack.popLast() {
            guard frame.next < frame.elements.count else {
                size[frame.node] = frame.size
                if !stack.isEmpty { stack[stack.count - 1].size += frame.size }
                continue
            }
            let child = canonical[frame.elements[frame.next]] ?? frame.elements[frame.next]
            frame.next += 1
            guard frame.depth + 1 < KeyedObjectReader.inlineDepthLimit, let nested = tree.arrayElements(child) else {
                frame.size += 1
                stack.append(frame)
                continue
            }
            guard reach(child, from: id) else {
                frame.size += size[child] ?? 1
                stack.append(frame)
                continue
            }
            stack.append(frame)
            stack.append((child, nested, 0, 1, frame.depth + 1))
        }
    }
}

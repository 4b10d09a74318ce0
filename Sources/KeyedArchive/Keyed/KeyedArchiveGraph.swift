import Dispatch
import Synchronization
@_spi(ArchiveInternals) import ArchiveCore
import BinaryPlist

/// An NSKeyedArchiver archive read from a property list: objects are the `$objects` entries, decoded on
/// demand. Everything NSKeyedUnarchiver would see is shown, and every departure from the format is a
/// diagnostic (see the rules in `Rules/`).
package final class KeyedArchiveGraph: ObjectGraph, Sendable {
    package let tree: any PlistTree
    /// `tree` when it is a binary plist, for reading UIDs straight from the bytes (`leafValue(of:)`).
    let binaryTree: BinaryPlistTree?
    package let header: KeyedArchiveHeader
    /// Plist node id of each `$objects` entry.
    package let objectNodeIDs: PlistArrayElements
    package let openDiagnostics: [Diagnostic]
    /// Key names and class dictionaries for reads made through `object(_:)`; whole-file passes give
    /// each thread its own cache instead, so they never contend on a lock.
    private let sharedCache = Mutex(KeyedReadCache())
    /// Inline arrays several objects list and `$objects` nodes several entries share, once a whole-file
    /// pass has looked (see `SharedInlineList`, `SharedEntry`).
    private let sharedContentCache = Mutex<SharedContent?>(nil)
    /// Entered while a full check announced by `expectFullCheck()` has not yet found the shared content
    /// (see `KeyedArchiveGraph+ExpectedCheck.swift`); `checkExpected` says whether it is entered.
    let expectedCheck = DispatchGroup()
    let checkExpected = Atomic<Bool>(false)
    /// How many times `sharedContent()` searched the objects for shared content (for tests).
    let sharedContentSearches = Atomic<Int>(0)
    /// The last data and string items read from lazily read lists, by node (see `lazyItem`).
    let recentLeaves = Mutex<[Int: FieldValue]>([:])

    package init(tree: any PlistTree) {
        self.tree = tree
        binaryTree = tree as? BinaryPlistTree
        header = KeyedArchiveHeader(tree: tree)
        objectNodeIDs = header.objectNodeIDs
        openDiagnostics = tree.openDiagnostics + header.diagnostics + KeyedArchiveRules.checkHeader(header, tree: tree)
    }

    package var container: ContainerFormat { tree.format }
    package var graphKind: GraphKind { .keyedArchive }
    /// The file's `$archiver` (escaped): shown, never branched on.
    package var archiveKind: String { header.archiver.map { DisplayText.escape($0) } ?? "keyed archive (no $archiver)" }
    package var input: InputBytes { tree.input }
    package var textEncoding: TextEncoding? { tree.textEncoding }
    package var objectCount: Int { objectNodeIDs.count }
    /// `$version`, when it is an integer.
    package var version: Int128? { header.version }

    package var topLevel: [Field] {
        guard let top = header.topID, case .dict(let keys, let values) = tree.node(top).value else { return [] }
        return zip(keys, values).map { k, v in
            let name = keyName(k)
            return makeField(rawKey: name, valueNodeID: v)
        }
    }

    /// The object as decoded, with the problems met decoding it; the validation rules run apart from
    /// decoding (`ruleDiagnostics(of:itemLimit:)`, `GraphValidation.shownObject`).
    package func object(_ id: ObjectID) -> GraphObject {
        guard id >= 0, id < objectNodeIDs.count else {
            return GraphObject(id: id, kind: .invalid, diagnostics: [Diagnostic(KeyedArchiveCode.objectNoSuchID,
                "object #\(id) does not exist ($objects has \(English.count(objectNodeIDs.count, "entry", plural: "entries")))")])
        }
        return read(id)
    }

    /// The object and its rules' diagnostics from one read of its node (the rules need the node and the
    /// key names the read has).
    package func objectWithRuleDiagnostics(_ id: ObjectID, itemLimit: Int) -> GraphObject {
        guard id >= 0, id < objectNodeIDs.count else { return object(id) }
        let shared = knownSharedContent
        return sharedCache.withLock { cache in
            let read = readForRules(id, cache: cache, shared: shared)
            var object = read.object
            object.diagnostics += ruleDiagnostics(of: read, cache: cache, shared: shared, itemLimit: itemLimit)
            return object
        }
    }

    /// The per-object rules' diagnostics for `object` (as `object(_:)` decoded it). Of a list read on
    /// demand (more than `lazyListThreshold` items) they look at the first `itemLimit` items, so
    /// showing an array of millions stays instant; `fullCheck` looks at all of them.
    package func ruleDiagnostics(of object: GraphObject, itemLimit: Int) -> [Diagnostic] {
        let id = object.id
        guard id >= 0, id < objectNodeIDs.count else { return [] }
        let shared = knownSharedContent
        return sharedCache.withLock { ruleDiagnostics(of: object, cache: $0, shared: shared, itemLimit: itemLimit) }
    }

    package func structure(_ id: ObjectID) -> GraphObject { object(id) }

    package func makeStructureReader() -> (ObjectID) -> GraphObject {
        let cache = KeyedReadCache()
        let shared = sharedContent()
        return { id in id >= 0 && id < self.objectNodeIDs.count ? self.read(id, cache: cache, shared: shared, for: .index) : self.object(id) }
    }

    private func read(_ id: ObjectID) -> GraphObject {
        let shared = knownSharedContent
        return sharedCache.withLock { read(id, cache: $0, shared: shared) }
    }

    /// Inline arrays and `$objects` nodes several objects share, found on the first call (whole-file
    /// passes make it). Not looked for when the container's full check saw no shared container; while
    /// an announced full check is on its way (`expectFullCheck()`), waited for from it unless
    /// `waitingForExpectedCheck` is false (the check's own call).
    func sharedContent(waitingForExpectedCheck: Bool = true) -> SharedContent {
        if let known = sharedContentCache.withLock({ $0 }) { return known }
        var mayShare = tree.knownSharing.mayShareContainers
        // Waited for also once the container pass has said "shared" (`true`): the check is then
        // searching, and a reader that searched beside it did the work twice.
        if mayShare != false, waitingForExpectedCheck, waitForExpectedCheck() {
            if let known = sharedContentCache.withLock({ $0 }) { return known }
            mayShare = tree.knownSharing.mayShareContainers
        }
        // Not held while looking: showing an object reads the cache and must never wait for the pass.
        var found = SharedContent()
        if mayShare != false {
            sharedContentSearches.add(1, ordering: .relaxed)
            let canonical = tree.sharing().offsetSharers
            let entries = findSharedEntries(entryHolders(canonical: canonical))
            found = SharedContent(lists: findSharedInlineLists(entries: entries, canonical: canonical), entries: entries,
                                  canonical: canonical)
        }
        sharedContentCache.withLock { $0 = found }
        return found
    }

    /// Inline arrays listed by several objects (see `sharedContent`).
    func sharedInlineLists() -> [Int: SharedInlineList] { sharedContent().lists }

    /// What a whole-file pass has found shared, else nothing: showing one object never waits for a
    /// pass over all of them.
    var knownSharedContent: SharedContent { sharedContentCache.withLock { $0 } ?? SharedContent() }

    /// Object `id`, read for `purpose` (see `KeyedReadPurpose`: whole-file passes record the links to
    /// shared content; the full check reads long lists once, up front).
    func read(_ id: ObjectID, cache: KeyedReadCache, shared: SharedContent, for purpose: KeyedReadPurpose = .show) -> GraphObject {
        // Not `readForRules(…).object`: taking the object out of that value copied it (every field
        // and text retained and released again), 1% of `--json` on a keyed archive.
        var node: PlistNode?, names: [String] = []
        return readObject(id, cache: cache, shared: shared, for: purpose, node: &node, keyNames: &names)
    }

    /// An object as `read` gives it, with what its rules need again: its plist node (nil for a stand-in
    /// for a shared `$objects` node, which has no rules) and its key names.
    struct ReadForRules {
        var object: GraphObject
        var node: PlistNode?
        var keyNames: [String] = []
    }

    func readForRules(_ id: ObjectID, cache: KeyedReadCache, shared: SharedContent, for purpose: KeyedReadPurpose = .show) -> ReadForRules {
        var node: PlistNode?, names: [String] = []
        let object = readObject(id, cache: cache, shared: shared, for: purpose, node: &node, keyNames: &names)
        return ReadForRules(object: object, node: node, keyNames: names)
    }

    /// `readForRules`, its node and key names given through `node` and `keyNames`.
    private func readObject(_ id: ObjectID, cache: KeyedReadCache, shared: SharedContent, for purpose: KeyedReadPurpose,
                            node nodeOut: inout PlistNode?, keyNames names: inout [String]) -> GraphObject {
        let nodeID = objectNodeIDs[id]
        let entry = shared.entries[shared.canonical[nodeID] ?? nodeID]
        if let entry, entry.owner != id {
            return Self.sharedEntryStandIn(id, entry, range: tree.containerValues(nodeID)?.range)
        }
        let node = tree.node(nodeID)
        nodeOut = node
        // The reader's object returned as it comes (its node's diagnostics are given it as it is made):
        // changing it here, even on a path not taken, made the optimiser copy it whole to return it
        // (every field and text retained and released once more).
        let read = reader(id, node: node, cache: cache, shared: shared, for: purpose)
        if let entry, purpose.recordsSharedLinks { return Self.linked(read.read(keyNames: &names), to: entry) }
        return read.read(keyNames: &names)
    }

    /// The owner of a shared `$objects` entry, with the link to it (whole-file reads).
    private static func linked(_ owner: consuming GraphObject, to entry: SharedEntry) -> GraphObject {
        let link = sharedEntryLink(entry, ownerFields: owner.fields)
        owner.sharedListLinks.append(link)
        return owner
    }

    private func reader(_ id: ObjectID, node: PlistNode, cache: KeyedReadCache, shared: SharedContent, for purpose: KeyedReadPurpose) -> KeyedObjectReader {
        KeyedObjectReader(graph: self, cache: cache, id: id, node: node, shared: shared.lists, canonical: shared.canonical,
                          purpose: purpose)
    }

    /// The rules' diagnostics for `object` (object `object.id` as `read` decoded it): none for a stand-in
    /// for a shared `$objects` node, the note on the shared node for its owner.
    func ruleDiagnostics(of object: GraphObject, cache: KeyedReadCache, shared: SharedContent, itemLimit: Int = .max) -> [Diagnostic] {
        let nodeID = objectNodeIDs[object.id]
        let entry = shared.entries[shared.canonical[nodeID] ?? nodeID]
        if let entry, entry.owner != object.id { return [] }
        return ruleDiagnostics(of: ReadForRules(object: object, node: tree.node(nodeID)), cache: cache, shared: shared, itemLimit: itemLimit)
    }

    /// The rules' diagnostics for an object read by `readForRules`.
    func ruleDiagnostics(of read: ReadForRules, cache: KeyedReadCache, shared: SharedContent, itemLimit: Int = .max) -> [Diagnostic] {
        guard let node = read.node else { return [] }
        let id = read.object.id
        var found = reader(id, node: node, cache: cache, shared: shared, for: .show)
            .ruleDiagnostics(for: read.object, lazyItemLimit: itemLimit, keyNames: read.keyNames)
        let nodeID = objectNodeIDs[id]
        if let entry = shared.entries[shared.canonical[nodeID] ?? nodeID] { found.append(Self.sharedEntryDiagnostic(entry, range: node.range)) }
        return found
    }

    package func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] {
        fullCheck(readingPlainObjectsInFull: false, progress: progress)
    }

    /// `fullCheck`; `readingPlainObjectsInFull` turns off the shortcut for plain objects
    /// (`KeyedPlainObjectScan`), for tests that compare the two.
    func fullCheck(readingPlainObjectsInFull: Bool, progress: (Double) -> Bool) -> [Diagnostic] {
        fullCheck(readingPlainObjectsInFull: readingPlainObjectsInFull, keepingEdges: false, progress: progress).diagnostics
    }

    package func fullCheckKeepingEdges(progress: (Double) -> Bool) -> (diagnostics: [Diagnostic], edges: GraphEdges?) {
        fullCheck(readingPlainObjectsInFull: false, keepingEdges: true, progress: progress)
    }

    /// The full check; with `keepingEdges`, the references collected with their positions too (one
    /// copy of them outlives the check).
    private func fullCheck(readingPlainObjectsInFull: Bool, keepingEdges: Bool, progress: (Double) -> Bool) -> (diagnostics: [Diagnostic], edges: GraphEdges?) {
        var all: [Diagnostic] = []
        let treeDiagnostics = tree.fullCheck(progress: { progress($0 * 0.4) })
        let objectOf = reverseObjectMap()
        all.append(contentsOf: treeDiagnostics.map { d in
            guard let node = d.object else { return d }
            return d.reassigned(to: node >= 0 && node < objectOf.count && objectOf[node] >= 0 ? Int(objectOf[node]) : nil)
        })
        all.append(contentsOf: header.diagnostics + KeyedArchiveRules.checkHeader(header, tree: tree))
        // One pass (split across cores) decodes every object with its rules and collects the references.
        let n = objectCount
        let shared = sharedContent(waitingForExpectedCheck: false)
        endExpectedCheck()
        let plainTree = readingPlainObjectsInFull || !shared.isEmpty ? nil : binaryTree
        guard var parts = Parallel.map(count: n, progress: { progress(0.4 + 0.55 * $0) }, { range, shouldStop in
            var edges = GraphEdges(objectCount: n, recordsPositions: keepingEdges)
            var found: [Diagnostic] = []
            let cache = KeyedReadCache()
            var plain = plainTree.map { KeyedPlainObjectScan(graph: self, tree: $0, cache: cache) }
            for id in range {
                if shouldStop() { break }
                if plain?.scan(id, nodeID: self.objectNodeIDs[id], into: &edges) == true { continue }
                let read = self.readForRules(id, cache: cache, shared: shared, for: .fullCheck)
                edges.add(read.object)
                for d in read.object.diagnostics where d.id.hasPrefix("keyed.") { found.append(d) }
                for d in self.ruleDiagnostics(of: read, cache: cache, shared: shared) where d.id.hasPrefix("keyed.") { found.append(d) }
            }
            return (edges, found)
        }) else { return (all.sortedByOffset(), nil) }
        for part in parts { all.append(contentsOf: part.1) }
        var edgeParts = parts.map(\.0)
        parts = []
        guard keepingEdges else {
            // The edges are not kept: the reachability reads the parts without joining them, and
            // releases them as it goes (the check's peak).
            let reachability = GraphReachability(top: topLevel, objectCount: objectCount, releasing: &edgeParts)
            all.append(contentsOf: graphRuleDiagnostics(reachability: reachability))
            return (all.sortedByOffset(), nil)
        }
        let edges = GraphEdges(top: topLevel, objectCount: objectCount, consuming: &edgeParts)
        all.append(contentsOf: graphRuleDiagnostics(reachability: GraphReachability(edges: edges)))
        return (all.sortedByOffset(), edges)
    }

    /// The whole-graph rules (unreachable objects), given the reachability a full check found.
    package func graphRuleDiagnostics(reachability: GraphReachability) -> [Diagnostic] {
        KeyedArchiveRules.checkGraph(self, reachability: reachability)
    }

    /// Archive object id for each plist node id that is an `$objects` entry (-1 for other nodes).
    private func reverseObjectMap() -> [Int32] {
        var map = [Int32](repeating: -1, count: tree.nodeCount)
        for (id, node) in objectNodeIDs.enumerated() where node >= 0 && node < map.count && map[node] < 0 {
            map[node] = Int32(truncatingIfNeeded: id)
        }
        return map
    }

    /// How a non-string key is named (a real string key can't start like this and also fail to be a string).
    static let nonStringKeyPrefix = "<non-string key: "

    /// The string of a key node (through the shared cache).
    func keyName(_ keyNodeID: Int) -> String { sharedCache.withLock { $0.keyName(keyNodeID, in: self) } }

    /// The class description at `id` (through the shared cache).
    func keyedClass(_ id: ObjectID) -> KeyedClass { sharedCache.withLock { $0.keyedClass(id, in: self) } }

    /// The string of a key node, or a bracketed description of a non-string key; uncached.
    func loadKeyName(_ keyNodeID: Int) -> String {
        let node = tree.node(keyNodeID)
        if case .string(let s) = node.value { return s }
        return Self.nonStringKeyPrefix + node.value.typeName + ">"
    }

    /// The class description at `id`; uncached.
    func loadClass(_ id: ObjectID) -> KeyedClass {
        KeyedClass(tree: tree, nodeID: id >= 0 && id < objectNodeIDs.count ? objectNodeIDs[id] : -1)
    }

    /// Whether plist node `nodeID` is the string `$null`.
    func isNullMarker(_ nodeID: Int) -> Bool {
        binaryTree?.isNullMarker(nodeID) ?? tree.isString(nodeID, equalTo: "$null")
    }

    /// What a UID leads to: nil, a conditional never encoded, a dangling number, or an object.
    func resolve(uid: UInt64) -> Reference {
        if uid == 0 { return .null }
        guard uid < UInt64(objectNodeIDs.count) else {
            return .dangling(raw: uid, reason: "UID \(uid) is out of range ($objects has \(English.count(objectNodeIDs.count, "entry", plural: "entries")))")
        }
        let id = Int(uid)
        if isNullMarker(objectNodeIDs[id]) { return .conditionalNull(id) }
        return .reference(id)
    }
}

extension Reference {
    fileprivate static func reference(_ id: ObjectID) -> Reference { .object(id) }
}

extension Diagnostic {
    /// The same diagnostic attributed to another object id.
    func reassigned(to object: Int?) -> Diagnostic { with(object: .some(object)) }
}

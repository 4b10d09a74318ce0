import ArchiveModel

/// What the reducer and renderer read besides the state: the outline over the graph, and the
/// whole-graph facts (index, full-check diagnostics) once they have been computed.
///
/// Not thread-safe (the outline caches decoded objects): use it from the UI thread only. Background
/// work hands its results over with `install(index:)` and `install(diagnostics:)`.
public final class BrowserContext {
    public let graph: any ObjectGraph
    package let outline: Outline
    /// The input's name as the status line shows it, display-safe (the document's `displayName`: bytes
    /// of a file name that are not UTF-8 escaped, as `--check` writes them).
    public let displayName: String
    /// For an archive opened from a data value: where it was found at each level of nesting,
    /// display-safe (`["#13 t"]`); empty for the file itself.
    public let location: [String]
    /// The archive's node in the document tree: its parent, depth and place (see `EmbeddedArchives`).
    package let node: DocumentNode
    /// Where this archive's first byte is in the file: 0 for the file itself; for an embedded archive,
    /// the offset of its bytes when they lie in the file as they are, else nil (base64 in an XML plist).
    public var fileOffset: Int? { node.fileOffset }
    /// Set when this session shows the file's repaired reading (`R`): what the repair changed.
    public let repaired: RepairedReading?
    /// Objects with a security finding (warning or error) of the audit the `A` panel ran; empty before.
    public private(set) var securityFindings: Set<ObjectID> = []
    /// The `A` panel's lines, once its audit has run (nil before).
    public private(set) var securityLines: [String]?
    /// Every diagnostic of a full check, sorted by offset; nil until checked.
    public private(set) var diagnostics: [Diagnostic]?
    private var diagnosticsByObject: [ObjectID: [Int]] = [:]
    private var rangedDiagnostics: [Int] = []
    private var outlineRoots: [OutlineNode]
    /// The "lost and found" objects, computed once per index (the outline recomputes them per call).
    private var lostObjects: [ObjectID] = []
    /// The last node's diagnostics, keyed by its target and range.
    private var diagnosticsCache: (key: DiagnosticsKey, list: [Diagnostic])?
    /// `problemsInside()`, reset when an index or diagnostics are installed.
    private var insideCache: [UInt8]?
    /// The problems list's entries, and its rows for one set of open groups.
    private var problemList: ProblemList?
    private var problemRowsCache: (open: Set<String>, rows: [ProblemRow])?

    /// The context of a graph opened elsewhere, named `fileName` (raw text, escaped here).
    public convenience init(graph: any ObjectGraph, fileName: String) {
        self.init(node: DocumentNode(root: graph, name: fileName), displayName: DisplayText.escape(fileName))
    }

    /// The context of the file itself.
    public convenience init(document: ArchiveDocument) {
        self.init(node: DocumentNode(root: document), displayName: document.displayName)
    }

    /// The context of `node`'s archive, in the input named `displayName` (display-safe); `location`
    /// says where it was found at each level of nesting.
    package init(node: DocumentNode, displayName: String, location: [String] = [], repaired: RepairedReading? = nil) {
        let graph = node.document.graph
        self.node = node
        self.repaired = repaired
        self.graph = graph
        self.displayName = displayName
        self.location = location
        outline = Outline(graph: graph)
        outlineRoots = outline.roots()
    }

    /// The graph index, when built.
    package var index: GraphIndex? { outline.index }

    /// Stores a built index; the top level may gain a "lost and found" row.
    package func install(index: GraphIndex) {
        outline.index = index
        outlineRoots = outline.roots()
        lostObjects = index.unreachable.filter { graph.object($0).kind != .nullMarker }
        diagnosticsCache = nil
        insideCache = nil
    }

    /// Installs the security audit's result: the objects the tree marks, and the panel's lines.
    public func install(securityFindings: Set<ObjectID>, lines: [String]) {
        self.securityFindings = securityFindings
        securityLines = lines
    }

    /// Stores full-check results and indexes them by object.
    public func install(diagnostics: [Diagnostic]) {
        let sorted = diagnostics.sortedByOffset()
        self.diagnostics = sorted
        diagnosticsCache = nil
        insideCache = nil
        problemList = nil
        problemRowsCache = nil
        likelyCause = diagnostics.filter { $0.id.hasPrefix("damage.") }.max { $0.severity < $1.severity }.flatMap { DamageCode(rawValue: $0.id) }
        diagnosticsByObject = [:]
        rangedDiagnostics = []
        for (i, d) in sorted.enumerated() {
            if let object = d.object { diagnosticsByObject[object, default: []].append(i) } else if d.range != nil { rangedDiagnostics.append(i) }
        }
    }

    /// The problems list's rows (report order, groups, notes) with the groups in `open` expanded;
    /// empty until the full check has run. Built once per set of open groups.
    func problemRows(open: Set<String>) -> [ProblemRow] {
        guard let diagnostics else { return [] }
        if let cached = problemRowsCache, cached.open == open { return cached.rows }
        let list = problemList ?? ProblemList(diagnostics)
        problemList = list
        let rows = list.rows(open: open)
        problemRowsCache = (open, rows)
        return rows
    }

    /// The likely whole-file cause the full check found (`damage.*`, the first of the worst), found
    /// once per check: the status line asks at every frame.
    package private(set) var likelyCause: DamageCode?

    /// Number of outline roots (pinned roots come after these).
    public var outlineRootCount: Int { outlineRoots.count }

    /// The top-level row `i`: an outline root, or a pinned object shown as `#id`.
    func root(_ i: Int, pinned: [ObjectID]) -> OutlineNode? {
        if i >= 0, i < outlineRoots.count { return outlineRoots[i] }
        let p = i - outlineRoots.count
        guard p >= 0, p < pinned.count else { return nil }
        return outline.node(label: "#\(pinned[p])", value: .reference(.object(pinned[p])), range: nil)
    }

    /// The nodes along `path` (one per prefix), or nil when the path does not exist.
    func chain(_ path: [Int], pinned: [ObjectID]) -> [OutlineNode]? {
        guard let first = path.first, var node = root(first, pinned: pinned) else { return nil }
        var result = [node]
        for p in path.dropFirst() {
            guard p >= 0, p < childCount(of: node) else { return nil }
            node = child(of: node, at: p)
            result.append(node)
        }
        return result
    }

    /// Number of children of `node` (the outline's, with "lost and found" answered from a cache).
    func childCount(of node: OutlineNode) -> Int {
        if case .lostAndFound = node.source { return lostObjects.count }
        return outline.childCount(of: node)
    }

    /// The child of `node` at `position` (must be below `childCount(of:)`).
    func child(of node: OutlineNode, at position: Int) -> OutlineNode {
        if case .lostAndFound = node.source {
            let id = position >= 0 && position < lostObjects.count ? lostObjects[position] : 0
            return outline.node(label: "#\(id)", value: .reference(.object(id)), range: nil)
        }
        return outline.child(of: node, at: position)
    }

    /// Diagnostics touching `node`: those naming its object, plus ranged ones overlapping its bytes.
    /// Open diagnostics and the object's own are used until a full check has run.
    func diagnostics(for node: OutlineNode) -> [Diagnostic] {
        let key = DiagnosticsKey(target: node.target, range: node.range)
        if let cached = diagnosticsCache, cached.key == key { return cached.list }
        let list = computeDiagnostics(for: node)
        diagnosticsCache = (key, list)
        return list
    }

    private func computeDiagnostics(for node: OutlineNode) -> [Diagnostic] {
        var result: [Diagnostic] = []
        if let diagnostics {
            if let id = node.target { result = (diagnosticsByObject[id] ?? []).map { diagnostics[$0] } }
            if let range = node.range {
                result += rangedDiagnostics.lazy.map { diagnostics[$0] }.filter { $0.range.map(range.overlaps) ?? false }.prefix(50)
            }
        } else if let id = node.target {
            result = GraphValidation.shownObject(id, in: graph).diagnostics
        }
        return result
    }

    /// The worst severity of the problems (errors and warnings) of the objects `id` leads to through
    /// its fields, once both the full check and the index are in: what a collapsed row hides.
    func severityInside(_ id: ObjectID) -> Severity? {
        guard let inside = problemsInside(), id >= 0, id < inside.count else { return nil }
        return inside[id] == 2 ? .error : inside[id] == 1 ? .warning : nil
    }

    /// Per object: 2 when it leads to an error, 1 to a warning, 0 to neither; computed once.
    private func problemsInside() -> [UInt8]? {
        if let insideCache { return insideCache }
        guard let diagnostics, let index else { return nil }
        var errors: [ObjectID] = [], warnings: [ObjectID] = []
        for (id, list) in diagnosticsByObject {
            let worst = list.map { diagnostics[$0].severity }.max()
            if worst == .error { errors.append(id) } else if worst == .warning { warnings.append(id) }
        }
        var inside = [UInt8](repeating: 0, count: graph.objectCount)
        for (i, reaches) in index.referringClosure(of: warnings).enumerated() where reaches && i < inside.count { inside[i] = 1 }
        for (i, reaches) in index.referringClosure(of: errors).enumerated() where reaches && i < inside.count { inside[i] = 2 }
        insideCache = inside
        return inside
    }

    /// The worst severity a row shows in its margin: its target object's own diagnostics (or the
    /// row's invalid or dangling value), raised by the full check's diagnostics of that object.
    func rowSeverity(_ node: OutlineNode) -> Severity? {
        var severity = node.severity
        if let t = node.target, let checked = checkedSeverity(of: t) { severity = max(severity ?? checked, checked) }
        return severity
    }

    /// The worst severity among full-check diagnostics naming object `id`.
    func checkedSeverity(of id: ObjectID) -> Severity? {
        guard let diagnostics, let list = diagnosticsByObject[id] else { return nil }
        return list.map { diagnostics[$0].severity }.max()
    }

    /// For an embedded archive, where `range` (an offset in its own bytes) is in the file, or that it
    /// is not there as such; nil for the file itself, whose offsets are the file's.
    public func placeInFile(_ range: ByteRange) -> String? {
        guard !location.isEmpty else { return nil }
        guard let base = fileOffset else { return "offsets in the embedded data (encoded in the file)" }
        let (start, o1) = base.addingReportingOverflow(range.start), (end, o2) = base.addingReportingOverflow(range.end)
        return o1 || o2 ? nil : "file \(ByteRange(start, end)), 0x\(String(start, radix: 16))"
    }

    /// Graphs with at most this many objects are fully checked as soon as their index is built (in the
    /// background in the browser), so the status line's count is final and the tree marks every object a
    /// rule finds fault with, without `p`. Larger graphs are checked when `p` asks: a full check of a
    /// million objects takes seconds and several times the file's size in memory (bench/results.md).
    public static let automaticCheckLimit = 200_000

    /// Whether a full check should start without being asked: the graph is small enough and unchecked.
    public var wantsAutomaticCheck: Bool {
        diagnostics == nil && graph.objectCount <= Self.automaticCheckLimit
    }

    /// The number of problems to show in the status line, and whether it is final (full check run).
    /// Errors and warnings (notes are facts, not problems), from the full check once it has run.
    var problemCount: (count: Int, checked: Bool) {
        if let diagnostics { return (DiagnosticTally(diagnostics).problems, true) }
        return (DiagnosticTally(graph.openDiagnostics).problems, false)
    }
}

/// What the diagnostics of a row depend on.
struct DiagnosticsKey: Equatable {
    var target: ObjectID?
    var range: ByteRange?
}

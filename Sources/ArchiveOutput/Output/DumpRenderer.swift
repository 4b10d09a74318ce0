import ArchiveCore
import ArchiveDocuments
import KeyedArchive
import ArchivePresentation

/// `--dump`: the resolved graph as indented text, with byte ranges, reference markers and diagnostics
/// inline. Each object is expanded once; later references print `→ #id` (shared) or `↺ #id` (a cycle
/// back to an ancestor), so output stays linear in the size of the graph.
package struct DumpRenderer {
    let document: ArchiveDocument
    let outline: Outline
    /// Diagnostics by archive object id, from the full check.
    let diagnosticsByObject: [ObjectID: [Diagnostic]]
    /// Diagnostics that belong to no object, printed at the top.
    let looseDiagnostics: [Diagnostic]
    /// Ids reported `DiagnosticGroups.threshold` times or more, with their count: only the first is
    /// written in place, the others are summed up at the end (unless `grouped` is false).
    let groupCounts: [String: Int]
    /// Every occurrence of each grouped id, for the closing summary.
    let groupMembers: [String: [Diagnostic]]

    /// The dumped archive's node in the document tree: its depth and where it is in the file (its
    /// archives are found and opened through `EmbeddedArchives`, as the browser and the check do).
    let node: DocumentNode
    /// The embedded bytes the whole dump may open, shared by every level.
    let budget: EmbeddedBudget
    /// Stored fields of recent referrers: one large container referring to thousands of shared objects
    /// is decoded once for all their referrer lists, not once per object (quadratic in its size).
    let referrerFields = FieldsCache()
    /// Whether strings and data are written whole rather than cut to `ValueFormatter.summaryLimit`.
    let fullValues: Bool

    package init(document: ArchiveDocument, diagnostics: [Diagnostic], index: GraphIndex?, grouped: Bool = true, fullValues: Bool = false) {
        let node = DocumentNode(root: document)
        self.init(node: node, diagnostics: diagnostics, index: index, budget: EmbeddedBudget(for: node), grouped: grouped, fullValues: fullValues)
    }

    /// The dump of `node`, an archive of the document tree, opening embedded archives within `budget`.
    init(node: DocumentNode, diagnostics: [Diagnostic], index: GraphIndex?, budget: EmbeddedBudget, grouped: Bool = true, fullValues: Bool = false) {
        let document = node.document
        self.document = document
        self.fullValues = fullValues
        self.node = node
        self.budget = budget
        // The rows' diagnostics are the full check's (`diagnostics`): the rules are not run again per row.
        // An object shown again (a dictionary's values under its entries, then under its raw fields) is
        // not decoded again while the views fit the cache's memory budget, whatever their number.
        // Their memory is in proportion to the file (twice its size, at least 4 MiB, at most the
        // browser's 32 MiB): a file of a million one-byte objects must not cost a view each.
        outline = Outline(graph: document.graph, index: index, judgesObjects: false,
                          viewCapacity: Swift.max(4_096, document.graph.objectCount),
                          viewBudget: Swift.min(32 << 20, Swift.max(4 << 20, document.input.count.multipliedReportingOverflow(by: 2).partialValue)))
        var byObject: [ObjectID: [Diagnostic]] = [:]
        var loose: [Diagnostic] = []
        for d in diagnostics {
            if let id = d.object, id >= 0, id < document.graph.objectCount { byObject[id, default: []].append(d) } else { loose.append(d) }
        }
        diagnosticsByObject = byObject
        looseDiagnostics = DiagnosticGroups.reportOrder(loose)
        var members: [String: [Diagnostic]] = [:]
        if grouped {
            for entry in DiagnosticGroups.entries(diagnostics) { if case .group(let id, let all) = entry { members[id] = all } }
        }
        groupMembers = members
        groupCounts = members.mapValues(\.count)
    }

    /// Rows deeper than this are indented as if at this depth, with their depth written out, so a
    /// line never grows with the nesting of the input (a million nested arrays would otherwise make
    /// lines of 2 MB each, terabytes in all).
    static let maxIndentDepth = 64

    /// Objects decoded for the rows written so far (a count of work for tests: each once).
    package var viewsMade: Int { outline.viewsMade }

    /// Writes the dump line by line to `write`.
    package func render(_ write: (String) -> Void) {
        let graph = document.graph
        write("\(document.displayName): \(document.formatDescription), \(graph.archiveKind), \(KnownText.count(graph.objectCount, "object")), \(ValueFormatter.byteCount(document.input.count))")
        var written: Set<String> = []
        func writeDiagnostic(_ d: Diagnostic, indent: String) {
            if let count = groupCounts[d.id] {
                guard written.insert(d.id).inserted else { return }
                write(indent + Self.diagnosticLine(d) + "  [1 of \(count) \(d.id); the others are listed at the end]")
            } else {
                write(indent + Self.diagnosticLine(d))
            }
            for note in d.notes { write(indent + "    " + Self.noteLine(note)) }
        }
        for d in looseDiagnostics { writeDiagnostic(d, indent: "  ") }
        var expanded = [Bool](repeating: false, count: graph.objectCount)
        var described = [Bool](repeating: false, count: graph.objectCount)
        var onPath = [Bool](repeating: false, count: graph.objectCount)
        // An explicit stack of the expanded rows above the current one, each making its children one
        // at a time as they are written (so depth never touches the call stack, and a row's object is
        // decoded right before its line is written, not pushed out of the outline's cache by the
        // thousands of siblings made before it). `onPath` marks their targets: the cycle test is a
        // flag lookup, not a copy of the path per row.
        let roots = outline.roots()
        var frames = [DumpFrame(parent: nil, count: roots.count, owner: nil)]
        // Each embedded archive is dumped where it is first shown, not at every row leading to it.
        var dumped: Set<ArchivePlace> = []
        while let frame = frames.last {
            guard frame.next < frame.count else {
                frames.removeLast()
                frame.close(onPath: &onPath, outline: outline)
                continue
            }
            frames[frames.count - 1].next += 1
            let node = frame.parent.map { outline.child(of: $0.node, at: frame.next) } ?? roots[frame.next]
            if frame.next + 1 == frame.count {
                // Its last child is made: the row and its held view are not needed again, only its
                // place on the path, so a chain a million deep keeps a few bytes a level.
                frames[frames.count - 1].finish(outline: outline)
            }
            let depth = frames.count - 1
            if isRedundantRawFields(node) { continue }
            let indent = Self.indent(depth: depth)
            var marker = ""
            var expand = node.isExpandable
            if let target = node.target {
                if onPath[target] {
                    marker = "  ↺ #\(target) (cycle)"; expand = false
                } else if expanded[target] {
                    marker = "  → #\(target) (shown above)"; expand = false
                } else if let count = outline.referrerCount(of: target), count > 1 {
                    // The referrers are listed where the object is first shown; later rows give the count.
                    marker = described[target] ? "  (shared: \(count) referrers)" : "  (shared: \(count) referrers: \(referrerList(target)))"
                }
            }
            write(indent + line(node) + marker)
            if let found = EmbeddedArchives.archive(at: node, owner: frame.owner, in: self.node, object: { outline.view($0).object }),
               dumped.insert(found.place).inserted {
                writeEmbedded(found, row: node, indent: indent, write)
            }
            if let target = node.target, !described[target] {
                described[target] = true
                for d in diagnosticsByObject[target] ?? [] { writeDiagnostic(d, indent: indent + "  ") }
            }
            guard expand else { continue }
            if let target = node.target { expanded[target] = true; onPath[target] = true }
            var child = DumpFrame(parent: node, count: outline.childCount(of: node), owner: EmbeddedArchives.owner(under: node))
            child.pathTarget = node.target
            if case .object(let id) = node.source {
                outline.hold(id)
                child.held = id
            }
            frames.append(child)
        }
        writeUnshown(described: described, writeDiagnostic, write)
        writeGroups(write)
    }

    /// One line per grouped id: how many, and where the others are.
    private func writeGroups(_ write: (String) -> Void) {
        for (id, members) in groupMembers.sorted(by: { $0.key < $1.key }) {
            write("  [grouped] \(members.count) × \(id); after the first (shown in place) at " + CheckReport.otherPlaces(members)
                  + " (--no-group writes each in place; --json lists all)")
        }
    }

    /// The diagnostics of objects no row showed (a dictionary key that is a container, an object the
    /// offset table cannot place, a class description), so the dump carries every diagnostic its
    /// summary counts.
    private func writeUnshown(described: [Bool], _ writeDiagnostic: (Diagnostic, String) -> Void, _ write: (String) -> Void) {
        let unshown = diagnosticsByObject.keys.filter { !described[$0] }.sorted()
        guard !unshown.isEmpty else { return }
        write("  [objects not shown above] \(unshown.count == 1 ? "1 object" : "\(unshown.count) objects") with diagnostics")
        for id in unshown {
            write("    #\(id)")
            for d in diagnosticsByObject[id] ?? [] { writeDiagnostic(d, "      ") }
        }
    }

    /// Up to three referrers as `#id.key` (`$top.key` for top-level entries), keys cut to
    /// `referrerKeyLimit` characters.
    static let referrerKeyLimit = 60

    private func referrerList(_ id: ObjectID) -> String {
        guard let index = outline.index else { return "" }
        let graph = document.graph
        let shown = index.referrers(of: id, limit: 3, fields: { referrerFields.fields(of: $0, in: graph) }).map { ($0.from.map { "#\($0)" } ?? "$top") + "." + DisplayText.escape(ValueFormatter.cut($0.key, limit: Self.referrerKeyLimit)) }
        return shown.joined(separator: ", ") + (index.referenceCount(of: id) > 3 ? ", …" : "")
    }

    /// The stored fields of a known collection are only its element references, already listed above.
    /// The fields are read from the graph: the row is its object's last child, whose view the walk has
    /// just released, and making the view again (its known-class presentation, every key object read)
    /// was a fifth of `--dump` on a keyed archive of dictionaries (issue 39).
    private func isRedundantRawFields(_ node: OutlineNode) -> Bool {
        guard case .rawFields(let id) = node.source else { return false }
        return outline.graph.object(id).fields.allSatisfy { field in
            guard case .list(let items) = field.value else { return false }
            return items.allSatisfy { if case .reference = $0 { true } else { false } }
        }
    }

    /// Two spaces per level up to `maxIndentDepth`, then the depth spelled out.
    static func indent(depth: Int) -> String {
        if depth < maxIndentDepth { return String(repeating: "  ", count: depth + 1) }
        return String(repeating: "  ", count: maxIndentDepth + 1) + "[depth \(depth)] "
    }

    /// An archive found in a row's data, dumped in place under it (as deep as `EmbeddedArchives`
    /// follows archives inside archives).
    private func writeEmbedded(_ found: FoundArchive, row: OutlineNode, indent: String, _ write: (String) -> Void) {
        // Its offsets are its own: say where it starts in the file, when its bytes lie there as they are.
        let place = DocumentNode.fileOffset(of: found, under: node).map { " at file offset \($0); offsets below are within it" }
            ?? "; offsets below are within it, encoded in the file"
        // The label and the place are escaped already: escaping the name again would show `\e` as `\\e`.
        let name = "\(row.label) (embedded \(found.format)\(place)) in \(found.place)"
        guard let nested = EmbeddedArchives.open(found, in: node, budget: budget, displayName: name) else {
            write(indent + "  ┊ \(name): not dumped, the embedded bytes opened for this input reached \(budget.limit)")
            return
        }
        let graph = nested.document.graph
        let renderer = DumpRenderer(node: nested, diagnostics: graph.fullCheck(), index: GraphIndex(graph: graph),
                                    budget: budget, fullValues: fullValues)
        renderer.render { write(indent + "  ┊ " + $0) }
    }

    /// `label = Class summary #id [start, end)` with the reference state spelled out.
    func line(_ node: OutlineNode) -> String {
        var text = node.label
        switch node.state {
        case .null: return text + (document.graph is KeyedArchiveGraph ? " = nil (UID 0)" : " = nil")
        case .conditionalNull: return text + " = " + node.summary + " (conditional, reads as nil)"
        case .dangling: return text + " = ✗ dangling " + node.summary
        case .invalid: return text + " = ✗ invalid: " + node.summary
        case .normal: break
        }
        if node.isGroup { return "[\(text)] " + node.summary }
        text += " ="
        if let cls = node.className { text += " " + cls }
        let summary = valueText(node)
        if !summary.isEmpty { text += " " + summary }
        if let target = node.target { text += "  " + document.graph.identityLabel(target) }
        if let range = node.range { text += " \(range)" }
        return text
    }

    /// The row's summary; for a string the summary cut (`"abc…"`), with its length and where it was
    /// cut, or with `fullValues` the whole string (and data) instead.
    func valueText(_ node: OutlineNode) -> String {
        guard let value = fullValue(node) else { return node.summary }
        switch value {
        case .string(let s):
            if fullValues { return ValueFormatter.quotedInFull(s) }
            guard ValueFormatter.cutMarked(s).wasCut else { return node.summary }
            return node.summary + " (\(ValueFormatter.byteCount(s.utf8.count)) of UTF-8, cut at \(ValueFormatter.summaryLimit) characters; --full-values shows all)"
        case .data(let bytes):
            return fullValues ? ValueFormatter.dataInFull(bytes) : node.summary
        default:
            return node.summary
        }
    }

    /// The string or data a row shows a summary of: an inline value, a bare value object, or the text of
    /// an NSString.
    private func fullValue(_ node: OutlineNode) -> ScalarValue? {
        if case .scalar(let s) = node.value { return s }
        // A "same as #3" row says where the content is; its summary stays.
        if case .sameAs = node.value { return nil }
        guard node.state == .normal, let target = node.target else { return nil }
        let view = outline.view(target)
        if let value = view.object.value { return value }
        guard view.isKnown, let text = StringPresenter.text(of: view.object, in: document.graph) else { return nil }
        return .string(text)
    }

    /// `note [start, end): message`, under its diagnostic.
    static func noteLine(_ note: DiagnosticNote) -> String {
        var location = note.range.map { " \($0)" } ?? ""
        if let p = note.position { location += " (\(p))" }
        return "note\(location): \(DisplayText.escapeMessage(note.message))"
    }

    /// `! error bplist.ref.out-of-range @12: message`.
    static func diagnosticLine(_ d: Diagnostic) -> String {
        let glyph = d.severity == .error ? "!" : d.severity == .warning ? "?" : "i"
        var location = d.range.map { " @\($0.start)" } ?? ""
        if let p = d.position { location += " (\(p))" }
        return "\(glyph) \(d.severity.rawValue) \(d.id)\(location): \(DisplayText.escapeMessage(d.message))"
    }
}

/// A bounded cache of objects' stored fields, for naming referrers.
final class FieldsCache {
    private var entries: [ObjectID: FieldCollection] = [:]
    /// Objects kept; the cache starts over when full.
    static let capacity = 256

    func fields(of id: ObjectID, in graph: any ObjectGraph) -> FieldCollection {
        if let cached = entries[id] { return cached }
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        let fields = graph.structure(id).fields
        entries[id] = fields
        return fields
    }
}

/// One expanded row of `DumpRenderer.render`'s walk (the top level when `parent` is nil): its
/// children are made one at a time, `next` being the next to write.
struct DumpFrame {
    /// The row whose children are listed, boxed so that a finished frame keeps only a pointer's width.
    final class Row {
        let node: OutlineNode
        init(_ node: OutlineNode) { self.node = node }
    }

    private(set) var parent: Row?
    let count: Int
    /// The object whose fields the children are (the owner of an inline data row's field).
    let owner: ObjectID?
    var next = 0
    /// The object whose view the outline holds while the children are listed.
    var held: ObjectID?
    /// The object marked on the path (`onPath`) while the children and their rows are written.
    var pathTarget: ObjectID?

    init(parent: OutlineNode?, count: Int, owner: ObjectID?) {
        self.parent = parent.map(Row.init)
        self.count = count
        self.owner = owner
    }

    /// Drops the row, and releases and forgets the held view, once the last child is made: the
    /// object is expanded once, so its view is not needed again (a later row of it is `→ #id`).
    mutating func finish(outline: Outline) {
        parent = nil
        if let held {
            outline.release(held)
            outline.forget(held)
        }
        held = nil
    }

    /// Ends the frame: its object leaves the path and its view is released.
    func close(onPath: inout [Bool], outline: Outline) {
        if let t = pathTarget { onPath[t] = false }
        if let held { outline.release(held) }
    }
}

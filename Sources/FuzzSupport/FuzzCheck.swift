import ArchiveModel

/// The checks every fuzz target and the corruption campaign run on a decoded input: the graph
/// invariants, located diagnostics, the whole-graph index, and the front-end paths (outline rows,
/// `--dump`, `--json`) with the terminal-safety invariant on everything they render.
///
/// Each function returns the problems it found as text; the fuzz targets turn a non-empty result into
/// a deliberate trap (`FuzzCheck.trap`) so libFuzzer records the input.
public enum FuzzCheck {
    /// Writes `problems` to stderr and aborts (SIGABRT, which libFuzzer reports as a deadly signal).
    public static func trap(_ what: String, _ problems: [String]) -> Never {
        let text = "fuzz check failed: \(what):\n" + problems.prefix(8).map { "  " + $0 }.joined(separator: "\n") + "\n"
        Platform.writeToStandardError(text)
        Platform.abort()
    }

    /// Traps when `problems` is not empty.
    public static func require(_ problems: [String], _ what: String) {
        if !problems.isEmpty { trap(what, problems) }
    }

    /// Invariants, a full check (its diagnostics must lie inside the input), the graph index and a
    /// read of every object (up to `objectLimit`) through the structure reader.
    public static func graph(_ graph: any ObjectGraph, objectLimit: Int = 20_000) -> [String] {
        checks(graph, diagnostics: graph.fullCheck(), index: GraphIndex(graph: graph), objectLimit: objectLimit)
    }

    static func checks(_ graph: any ObjectGraph, diagnostics: [Diagnostic], index: GraphIndex?, objectLimit: Int = 20_000) -> [String] {
        var problems = GraphInvariants.violations(graph, limit: objectLimit)
        let size = graph.input.count
        for d in diagnostics {
            if let r = d.range, r.start < 0 || r.end > size || r.start > r.end {
                problems.append("full check diagnostic \(d.id): range \(r) outside the input (\(size) bytes)")
            }
            for note in d.notes {
                if let r = note.range, r.start < 0 || r.end > size || r.start > r.end {
                    problems.append("full check diagnostic \(d.id): a note's range \(r) is outside the input (\(size) bytes)")
                }
            }
            if DiagnosticRegistry.kind(d.id) == nil { problems.append("diagnostic id \(d.id) is not registered") }
        }
        if let index {
            if index.referrerCounts.count != graph.objectCount || index.reachable.count != graph.objectCount {
                problems.append("index sized \(index.referrerCounts.count)/\(index.reachable.count) for \(graph.objectCount) objects")
            }
            for edge in index.cycleEdges.prefix(100) where edge.from < 0 || edge.from >= graph.objectCount || edge.to < 0 || edge.to >= graph.objectCount {
                problems.append("cycle edge \(edge.from) → \(edge.to) outside \(graph.objectCount) objects")
            }
            for id in [0, graph.objectCount - 1] where id >= 0 { _ = index.referrers(of: id) }
            // `$class` links and dictionary keys: every source is a real object that names the target.
            for id in [0, graph.objectCount / 2, graph.objectCount - 1] where id >= 0 {
                let links = index.links(to: id, limit: 64)
                if links.count != min(64, index.linkCount(to: id)) { problems.append("links of #\(id): \(links.count) of \(index.linkCount(to: id))") }
                for link in links where (link.from ?? -1) < 0 || (link.from ?? -1) >= graph.objectCount || link.link == nil {
                    problems.append("link to #\(id) from \(link.from.map(String.init) ?? "nil") outside the graph")
                }
            }
        } else {
            problems.append("GraphIndex returned nil without cancellation")
        }
        // Ids just outside the range must give invalid objects, not traps.
        for id in [-1, graph.objectCount, Int.max, Int.min] { _ = GraphValidation.shownObject(id, in: graph); _ = graph.structure(id) }
        return problems
    }

    /// A plist tree's own promises: root in range, node ranges inside the input for the first
    /// `nodeLimit` nodes (the graph invariants cover the rest through the objects), reads of ids out of range.
    package static func tree(_ tree: any PlistTree, nodeLimit: Int = 256) -> [String] {
        var problems: [String] = []
        let size = tree.input.count
        func check(_ r: ByteRange?, _ what: String) {
            if let r, r.start < 0 || r.end > size || r.start > r.end { problems.append("\(what): range \(r) outside the input (\(size) bytes)") }
        }
        for d in tree.openDiagnostics { check(d.range, "open diagnostic \(d.id)") }
        if let root = tree.rootID, root < 0 || root >= tree.nodeCount { problems.append("root \(root) outside \(tree.nodeCount) nodes") }
        for id in 0..<Swift.min(tree.nodeCount, nodeLimit) {
            let node = tree.node(id)
            check(node.range, "node \(id)")
            for d in node.diagnostics { check(d.range, "node \(id) diagnostic \(d.id)") }
            if problems.count > 20 { break }
        }
        for id in [-1, tree.nodeCount, Int.max, Int.min] { _ = tree.node(id) }
        return problems
    }

    /// Whether the tree's root dictionary has `$archiver`, `$top` or `$objects` (a cheap stand-in for the
    /// document's own test, which is internal).
    package static func looksKeyed(_ tree: any PlistTree) -> Bool {
        guard let root = tree.rootID, case .dict(let keys, _) = tree.node(root).value else { return false }
        return keys.prefix(64).contains { tree.isString($0, equalTo: "$archiver") || tree.isString($0, equalTo: "$top") || tree.isString($0, equalTo: "$objects") }
    }

    /// The tree, then the graph layer a document would build over it (keyed or plain). Inputs whose
    /// size is a multiple of 4 also get the keyed layer over a tree that does not look keyed, so the
    /// archive layer meets arbitrary trees too. The graph's full check includes the tree's.
    package static func plist(_ tree: any PlistTree, size: Int) -> [String] {
        var problems = self.tree(tree)
        let keyed = looksKeyed(tree)
        problems += graph(keyed ? KeyedArchiveGraph(tree: tree) : PlistObjectGraph(tree: tree))
        if !keyed, size % 4 == 0 { problems += graph(KeyedArchiveGraph(tree: tree)) }
        return problems
    }

    /// The first scalar that must never reach a terminal raw: C0 controls (ESC included), DEL, C1
    /// controls, and the bidi embeddings, overrides and isolates.
    public static func unsafeScalar(in text: String) -> Unicode.Scalar? {
        // Printable ASCII (what nearly every screen cell and row holds) in one pass over the bytes, one
        // unsigned comparison each: the render target checks ~3,000 cells per screen, and a generic
        // `allSatisfy` over the UTF-8 view was a fifth of its time under coverage instrumentation.
        let printable = text.utf8.withContiguousStorageIfAvailable { utf8 in
            for byte in utf8 where byte &- 0x20 >= 0x5F { return false }
            return true
        }
        if printable ?? text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return nil }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069: return scalar
            default: continue
            }
        }
        return nil
    }

    static func safety(_ text: String, _ what: String, _ problems: inout [String]) {
        if let bad = unsafeScalar(in: text) {
            problems.append("\(what) holds raw U+\(String(bad.value, radix: 16, uppercase: true)): \(DisplayText.escape(String(text.prefix(80))))")
        }
    }

    /// Walks up to `rows` outline rows depth-first (the first few and the last child of each row),
    /// plus the views of the first `views` objects, checking that every label, class name and summary
    /// is display-safe.
    package static func outline(_ outline: Outline, rows: Int = 200, views: Int = 64) -> [String] {
        var problems: [String] = []
        var stack = Array(outline.roots().reversed())
        var visited = 0
        while let node = stack.popLast(), visited < rows {
            visited += 1
            safety(node.label, "row label", &problems)
            safety(node.summary, "row summary of \(node.label)", &problems)
            if let c = node.className { safety(c, "row class of \(node.label)", &problems) }
            guard node.isExpandable else { continue }
            let count = outline.childCount(of: node)
            var positions = Array(0..<Swift.min(count, 6))
            if count > 6 { positions.append(count - 1) }
            for i in positions.reversed() { stack.append(outline.child(of: node, at: i)) }
            if problems.count > 20 { break }
        }
        for id in 0..<Swift.min(outline.graph.objectCount, views) {
            let view = outline.view(id)
            safety(view.summary, "summary of #\(id)", &problems)
            let row = outline.node(label: "#\(id)", value: .reference(.object(id)), range: nil)
            safety(row.summary, "row summary of #\(id)", &problems)
        }
        return problems
    }

    /// Renders `--dump` and `--json` for `document`. The dump must stay display-safe and linear
    /// (lines bounded by a multiple of input bytes, fields and diagnostics); the JSON must be valid
    /// and free of raw control characters. Only the first `checkedLines` dump lines are scanned.
    package static func render(_ document: ArchiveDocument, diagnostics: [Diagnostic], index: GraphIndex?,
                              checkedLines: Int = 5_000, json: Bool = true) -> [String] {
        var problems: [String] = []
        var lines = 0
        DumpRenderer(document: document, diagnostics: diagnostics, index: index).render { line in
            lines += 1
            if lines <= checkedLines { safety(line, "dump line \(lines)", &problems) }
        }
        let bound = linearBound(document.graph, diagnostics: diagnostics.count)
        if lines > bound { problems.append("dump has \(lines) lines, more than the linear bound \(bound)") }
        if json {
            var text = ""
            // No repeat budget: every long value, key or class name met again is written as a repeat.
            JSONRenderer(document: document, diagnostics: diagnostics, repeatBudget: 0).render { text += $0 }
            if let error = JSONCheck.validate(text) { problems.append("json: \(error)") }
        }
        return problems
    }

    /// A generous linear bound on dump lines: 16 per input byte, object, field, list item and diagnostic.
    public static func linearBound(_ graph: any ObjectGraph, diagnostics: Int) -> Int {
        var items = graph.topLevel.count + graph.objectCount
        for id in 0..<Swift.min(graph.objectCount, 1_000_000) {
            for f in graph.structure(id).fields {
                items += 1
                if case .list(let list) = f.value { items += list.count }
            }
        }
        return 64 + 16 * (graph.input.count + items + diagnostics)
    }

    /// Everything a front end does with a document: full check, index, invariants, outline rows, dump
    /// and, with `json`, the JSON output and the export verbs (`FuzzExport`).
    public static func document(_ document: ArchiveDocument, rows: Int = 200, json: Bool = true) -> [String] {
        let checked = document.graph.fullCheck()
        let index = GraphIndex(graph: document.graph)
        // Embedded archives' problems, mapped onto this file: inside it, on an object it has.
        let embedded = EmbeddedCheck.diagnostics(in: document.graph)
        // The whole-file causes and wrapper notes, as every front end reports them.
        let diagnostics = DocumentCheck.causes(of: document.graph, diagnostics: checked + embedded) + checked
        var problems = checks(document.graph, diagnostics: diagnostics + embedded, index: index)
        for d in embedded where d.id != DocumentCode.embeddedBudget.rawValue && !(d.object.map { $0 >= 0 && $0 < document.graph.objectCount } ?? false) {
            problems.append("embedded diagnostic \(d.id) names no object of the file (\(String(describing: d.object)))")
        }
        if let tree = document.tree { problems += self.tree(tree) }
        problems += outline(Outline(graph: document.graph, index: index), rows: rows)
        problems += render(document, diagnostics: diagnostics, index: index, json: json)
        if json { problems += FuzzExport.problems(document) }
        return problems
    }
}

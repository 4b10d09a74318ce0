import ArchiveCore

/// The full check of a NIBArchive: the layout's problems, every object decoded once (its entry, its
/// values, its references), the values no object lists, objects whose runs share values, and the
/// objects the root does not reach.
struct NIBArchiveCheck {
    let graph: NIBArchiveGraph

    /// Most unowned stretches, overlapping objects and unreachable objects reported one by one.
    static let reportLimit = 1_000

    func run(progress: (Double) -> Bool) -> [Diagnostic] {
        var all = graph.openDiagnostics + graph.layout.tableDiagnostics()
        all += graph.keys.laterDiagnostics(graph.reader) { progress(0.05 * $0) }
        all += graph.classNames.laterDiagnostics(graph.reader) { progress(0.05 + 0.05 * $0) }
        let n = graph.objectCount
        var edges = GraphEdges(objectCount: n)
        var overlaps = 0
        let step = Swift.max(1, n / 100)
        for id in 0..<n {
            if id % step == 0, !progress(0.1 + 0.8 * Double(id) / Double(n)) { return all.sortedByOffset() }
            let object = graph.object(id)
            edges.add(object)
            all += object.diagnostics + graph.ruleDiagnostics(of: object, itemLimit: .max)
            if graph.runs.overlapping, overlaps < Self.reportLimit, let d = overlapDiagnostic(id) {
                overlaps += 1
                all.append(d)
            }
        }
        all += unowned()
        all += graph.graphRuleDiagnostics(reachability: GraphReachability(edges: GraphEdges(top: graph.topLevel, objectCount: n, parts: [edges])))
        return all.sortedByOffset()
    }

    /// `nib.object.values-overlap` for an object whose run includes values an earlier object lists.
    private func overlapDiagnostic(_ id: ObjectID) -> Diagnostic? {
        guard let entry = graph.objectEntry(id) else { return nil }
        let run = NIBArchiveGraph.clippedRun(entry, valueCount: graph.valueBound)
        let foreign = graph.runs.pieces(of: run, id: id).filter { $0.shownBy != id }
        guard let first = foreign.first else { return nil }
        return NIBArchiveIssue.objectValuesOverlap(id: id, other: first.shownBy, first: first.stretch.first, count: foreign.reduce(0) { $0 + $1.stretch.count })
            .diagnostic(entry.range, object: id, notes: [DiagnosticNote("object #\(first.shownBy) lists them first", range: graph.objectRange(first.shownBy))])
    }

    /// Stretches of values no object lists.
    private func unowned() -> [Diagnostic] {
        let values = graph.layout[.values].found
        let existing = graph.runs.unowned.lazy.map { NIBValueRuns.Stretch(first: $0.first, end: Swift.min($0.end, values)) }.filter { $0.count > 0 }
        return existing.prefix(Self.reportLimit).map { stretch in
            NIBArchiveIssue.valueUnowned(first: stretch.first, count: stretch.count).diagnostic(graph.valueRange(stretch))
        }
    }
}

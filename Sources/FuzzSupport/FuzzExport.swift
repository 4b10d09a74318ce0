import ArchiveModel

/// The export verbs on a decoded input: `--unarchive json` (embedded archives followed, as the CLI
/// does) must be valid JSON; a graph compared with itself (`--diff A A`) must be equal; and
/// `--extract` of the document's first keys must resolve.
public enum FuzzExport {
    public static func problems(_ document: ArchiveDocument) -> [String] {
        var problems: [String] = []
        let shapes = ExportShapes.followingEmbeddedArchives(of: document.graph)
        var exporter = ArchiveExporter(shapes: shapes)
        var bytes: [UInt8] = []
        var sink = JSONExportSink { bytes += $0 }
        exporter.write(shapes.root, to: &sink)
        if let error = JSONCheck.validate(String(decoding: bytes, as: UTF8.self)) { problems.append("unarchive json: \(error)") }
        let diff = GraphDiff(document.graph, document.graph)
        if !diff.isEqual {
            let first = diff.differences.first.map { "\($0.kind.rawValue) \($0.path)" } ?? "\(diff.omitted) omitted"
            problems.append("the graph differs from itself: \(diff.differences.count) differences, first \(first)")
        }
        problems += extracts(shapes)
        return problems
    }

    /// Each key of the document's root (up to 8) resolves by `--extract` as the export names it.
    static func extracts(_ shapes: ExportShapes) -> [String] {
        guard case .dictionary(let entries) = shapes.root else { return [] }
        let resolver = ExportPathResolver(shapes: shapes)
        var problems: [String] = []
        for i in 0..<Swift.min(entries.count, 8) {
            let key = entries[i].key
            if case .notFound = resolver.resolve([key]) {
                problems.append("extract of the root key \(DisplayText.escape(key)) did not resolve")
            }
        }
        return problems
    }
}

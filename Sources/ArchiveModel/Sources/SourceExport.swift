/// `--unarchive json` over a source (issue 38, item 1): one JSON Lines record per archive, streamed in
/// list order.
///
/// A record: `{"source", "place", "table", "column", "rowid", "columns": {NAME: value}, "format",
/// "status", "document", "diagnostics"}`; `table`, `column`, `rowid` and `columns` only for a database
/// cell; `"error"` instead of `document` when the archive could not be read. `document` is what
/// `--unarchive json` writes for the archive alone; `diagnostics` are `--check`'s (as in `--json`).
public enum SourceExport {
    /// One archive's record (one line, no newline), its exit status (as `--check`'s) and format.
    public static func record(_ source: ArchiveSource, _ place: SourcePlace, columns: [String]) -> (text: String, status: Int32, format: String) {
        var w = JSONWriter()
        w.raw("{"); w.key("source", first: true); w.string(JSONWriter.nameText(source.path))
        w.key("place"); w.string(place.jsonText)
        if place.steps.count == 1, case .cell(let table, let column, let rowid)? = place.steps.first {
            w.key("table"); w.string(table)
            w.key("column"); w.string(column)
            w.key("rowid"); w.raw(String(rowid))
            if !columns.isEmpty, let values = source.columnValues(at: place, columns) {
                w.key("columns"); w.raw("{")
                for (i, (name, value)) in zip(columns, values).enumerated() {
                    w.key(name, first: i == 0)
                    write(value, &w)
                }
                w.raw("}")
            }
        }
        let (document, extraction) = SourceCheck.open(source, place)
        guard let document else {
            w.key("format"); w.string("unreadable")
            w.key("status"); w.raw("2")
            w.key("error"); w.string(extraction.failure ?? "not read")
            writeDiagnostics(extraction.problems, &w)
            w.raw("}")
            return (w.text, 2, "unreadable")
        }
        let diagnostics = extraction.problems + DocumentCheck.fullCheck(of: document)
        let status: Int32 = document.isDecoded ? CheckReport.exitStatus(diagnostics) : 2
        let format = SourceCheck.formatName(document)
        w.key("format"); w.string(format)
        w.key("status"); w.raw(String(status))
        w.key("document")
        var text = w.text + exportedJSON(document)
        var tail = JSONWriter()
        writeDiagnostics(diagnostics, &tail)
        tail.raw("}")
        text += tail.text
        return (text, status, format)
    }

    /// The document as `--unarchive json` writes it, on one line.
    static func exportedJSON(_ document: ArchiveDocument) -> String {
        final class Buffer: @unchecked Sendable {
            // Safety: used by one thread, within this call.
            var bytes: [UInt8] = []
        }
        let buffer = Buffer()
        var exporter = ArchiveExporter(shapes: ExportShapes.followingEmbeddedArchives(of: document.graph))
        var sink = JSONExportSink { buffer.bytes += $0 }
        exporter.write(exporter.shapes.root, to: &sink)
        while buffer.bytes.last == UInt8(ascii: "\n") { buffer.bytes.removeLast() }
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    private static func writeDiagnostics(_ diagnostics: [Diagnostic], _ w: inout JSONWriter) {
        w.key("diagnostics"); w.raw("[")
        for (i, d) in diagnostics.enumerated() {
            if i > 0 { w.raw(",") }
            JSONRenderer.writeDiagnostic(d, &w)
        }
        w.raw("]")
    }

    private static func write(_ value: ArchiveSource.ColumnValue, _ w: inout JSONWriter) {
        switch value {
        case .integer(let i): w.raw(String(i))
        case .real(let d): w.number(d)
        case .text(let s, let cut):
            if cut { w.raw("{\"text\":"); w.string(s); w.raw(",\"cut\":true}") } else { w.string(s) }
        case .blob(let size): w.raw("{\"blob\":\(size)}")
        case .null, .missing: w.raw("null")
        }
    }
}

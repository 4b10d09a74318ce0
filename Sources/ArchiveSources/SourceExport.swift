import ArchiveCore
import ArchiveDocuments
import ArchiveOutput
import ArchivePresentation
import ArchiveRecovery

/// `--unarchive json|xml1|binary1`, `--extract KEYPATH` and `--classes` over a source (issue 38, item 1):
/// one JSON Lines record per archive, streamed in list order.
///
/// A record: `{"source", "place", "domain", "relativePath", "fileID", "table", "column", "rowid",
/// "columns": {NAME: value}, "format", "status", "document" (or "xml1", "binary1", "value", or "classes"),
/// "diagnostics"}`; `xml1` is the XML plist `--unarchive xml1` writes, as a string, and `binary1` the
/// bplist00 `--unarchive binary1` writes, in base64; `domain`,
/// `relativePath` and `fileID` only for a file of an iOS backup (and the archives inside it);
/// `table`, `column`, `rowid` and `columns` only for a database cell (of the source, or of a
/// database file inside it); `"error"` instead of `document` when the archive could not be read (or, extracting,
/// the path does not resolve). `document` is what `--unarchive json` writes for the archive alone,
/// `value` what `--extract` writes as JSON; `diagnostics` are `--check`'s (as in `--json`).
package enum SourceExport {
    /// What each record carries of its archive.
    package enum Content: Sendable {
        /// The whole document (`--unarchive json`).
        case document
        /// The whole document as an XML plist, a JSON string (`--unarchive xml1`).
        case xml1
        /// The whole document as a binary plist, in base64 (`--unarchive binary1`); with `searchingDocument`
        /// a filter also looks at the document as JSON (base64 says nothing to a pattern).
        case binary1(searchingDocument: Bool)
        /// The value at a key path (`--extract`), as JSON.
        case value(at: [String])
        /// What its classes hold (`--classes`): the census's `classes` array.
        case classes
    }

    /// One archive's record.
    package struct Record: Sendable {
        /// The JSON line (no newline).
        package var text: String
        /// As `--check`'s (1 when the key path does not resolve).
        package var status: Int32
        package var format: String
        /// What a filter (`--where`) looks at: the place, each column's value, the document as JSON, the
        /// value (a string's own text, anything else as JSON), the class names, or the reason there is none.
        package var searched: [String]
    }

    /// One archive's record.
    package static func record(_ source: ArchiveSource, _ place: SourcePlace, columns: [String],
                              content: Content = .document) -> Record {
        var searched = [place.jsonText]
        var w = JSONWriter()
        w.beginObject()
        w.field("source"); w.string(JSONWriter.nameText(source.path))
        w.field("place"); w.string(place.jsonText)
        writeBackupFile(place, &w)
        if let (table, column, rowid, _) = place.cell {
            w.field("table"); w.string(table)
            w.field("column"); w.string(column)
            w.field("rowid"); w.int(rowid)
            if !columns.isEmpty, let values = source.columnValues(at: place, columns) {
                w.field("columns"); w.beginObject()
                for (name, value) in zip(columns, values) {
                    var one = JSONWriter()
                    write(value, &one)
                    w.field(name); w.raw(one.text)
                    searched.append(value.text ?? one.text)
                }
                w.endObject()
            }
        }
        let (document, extraction) = SourceCheck.open(source, place)
        guard let document else {
            w.field("format"); w.string("unreadable")
            w.field("status"); w.int(2)
            w.field("error"); w.string(extraction.failure ?? "not read")
            w.field("diagnostics"); JSONRenderer.writeDiagnostics(extraction.problems, &w)
            w.endObject()
            return Record(text: w.text, status: 2, format: "unreadable", searched: searched + [extraction.failure ?? "not read"])
        }
        let diagnostics = extraction.problems + DocumentCheck.fullCheck(of: document)
        var status: Int32 = document.isDecoded ? CheckReport.exitStatus(diagnostics) : 2
        let format = SourceCheck.formatName(document)
        // The record's content member: the document, the value, or why there is none (as JSON).
        let member: (key: String, json: String)
        switch content {
        case .document:
            member = ("document", exportedJSON(document))
            searched.append(member.json)
        case .xml1:
            let xml = String(decoding: exported(document) { NestingLimitedSink(XMLPlistExportSink(write: $0)) }, as: UTF8.self)
            var string = JSONWriter()
            string.string(xml)
            member = ("xml1", string.text)
            searched.append(xml)
        case .binary1(let searchingDocument):
            var data = JSONWriter()
            data.base64String(exported(document) { NestingLimitedSink(BinaryPlistExportSink(write: $0)) })
            member = ("binary1", data.text)
            if searchingDocument { searched.append(exportedJSON(document)) }
        case .classes:
            let census = ClassCensus(graph: document.graph)
            var classes = JSONWriter()
            ClassCensusRenderer.writeClasses(census, &classes)
            member = ("classes", classes.text)
            searched += census.classes.map(\.name)
        case .value(let path):
            switch extractedJSON(document, path) {
            case .success(let found):
                member = ("value", found.json)
                searched.append(found.text ?? found.json)
            case .failure(let why):
                var error = JSONWriter()
                error.string(why.message)
                member = ("error", error.text)
                searched.append(why.message)
                status = Swift.max(status, 1)
            }
        }
        w.field("format"); w.string(format)
        w.field("status"); w.int(status)
        w.field(member.key); w.raw(member.json)
        w.field("diagnostics"); JSONRenderer.writeDiagnostics(diagnostics, &w)
        w.endObject()
        return Record(text: w.text, status: status, format: format, searched: searched)
    }

    /// The document as `--unarchive json` writes it, on one line.
    static func exportedJSON(_ document: ArchiveDocument) -> String {
        var bytes = exported(document) { JSONExportSink(write: $0) }
        while bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The whole document as the sink `makeSink` makes (given where to write) writes it.
    static func exported<S: ExportSink>(_ document: ArchiveDocument, _ makeSink: (@escaping ([UInt8]) -> Void) -> S) -> [UInt8] {
        let buffer = ExportBuffer()
        var exporter = ArchiveExporter(shapes: ExportShapes.followingEmbeddedArchives(of: document.graph))
        var sink = makeSink { buffer.bytes += $0 }
        exporter.write(exporter.shapes.root, to: &sink)
        return buffer.bytes
    }

    /// Why a key path gave no value.
    struct NoValue: Error { var message: String }

    /// The value at `path` as `--extract` writes a subtree (scalars as JSON scalars), on one line.
    /// A value found: its JSON, and a string value's own text (what a filter looks at).
    struct Found { var json: String; var text: String? }

    static func extractedJSON(_ document: ArchiveDocument, _ path: [String]) -> Result<Found, NoValue> {
        let shapes = ExportShapes.followingEmbeddedArchives(of: document.graph)
        switch ExportPathResolver(shapes: shapes).resolve(path) {
        case .notFound(let resolved, let there):
            let prefix = resolved.isEmpty ? "the document" : KeyPath.escapedForm(resolved)
            return .failure(NoValue(message: "no value at \(KeyPath.escapedForm(path)); the longest prefix that resolves is \(prefix), \(there)"))
        case .found(let value, let resolved, let owner):
            let buffer = ExportBuffer()
            var exporter = ArchiveExporter(shapes: owner)
            var sink = JSONExportSink { buffer.bytes += $0 }
            exporter.write(value, at: resolved.map(KeyPath.escapedComponent), to: &sink)
            while buffer.bytes.last == UInt8(ascii: "\n") { buffer.bytes.removeLast() }
            let text: String? = if case .scalar(.string(let s)) = value { s } else { nil }
            return .success(Found(json: String(decoding: buffer.bytes, as: UTF8.self), text: text))
        }
    }

    /// `"domain"`, `"relativePath"`, `"fileID"` for a place in a backup's file (names as `--json`
    /// writes file names: exact when UTF-8, else escaped).
    static func writeBackupFile(_ place: SourcePlace, _ w: inout JSONWriter) {
        guard let (domain, path, fileID) = place.backupFile else { return }
        w.field("domain"); w.string(JSONWriter.nameText(domain))
        w.field("relativePath"); w.string(JSONWriter.nameText(path))
        w.field("fileID"); w.string(fileID)
    }

    private static func write(_ value: ArchiveSource.ColumnValue, _ w: inout JSONWriter) {
        switch value {
        case .integer(let i): w.int(i)
        case .real(let d): w.number(d)
        case .text(let s, let cut):
            if cut { w.beginObject(); w.field("text"); w.string(s); w.field("cut"); w.bool(true); w.endObject() } else { w.string(s) }
        case .blob(let size): w.beginObject(); w.field("blob"); w.int(size); w.endObject()
        case .null, .missing: w.null()
        }
    }
}

/// The bytes an export sink writes for one record.
private final class ExportBuffer: @unchecked Sendable {
    // Safety: used by one thread, within the call that made it.
    var bytes: [UInt8] = []
}

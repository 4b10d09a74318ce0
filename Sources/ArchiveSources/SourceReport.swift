import ArchiveCore
import ArchiveDocuments
import ArchiveOutput
import ArchiveRecovery

/// The text of `--check` and `--json` over sources: a section (or JSON line) for the source's own
/// problems, one per archive headed by its place, and the summary.
package enum SourceReport {
    /// How an archive is named in reports: the source's path, then the place (`chat.db:message.attributedBody:12`;
    /// a folder's file as a path, `backup/a/b.plist`). Every label is a valid `--dump` argument.
    package static func label(_ source: ArchiveSource, _ place: SourcePlace, escaped: Bool = true) -> String {
        var text = escaped ? source.displayName : String(decoding: source.path, as: UTF8.self)
        for (i, step) in place.steps.enumerated() {
            let separator = i == 0 && source.kind.isFolder ? (text.hasSuffix("/") ? "" : "/") : ":"
            text += separator + (escaped ? step.description : step.text)
        }
        return text
    }

    /// Whether the label's unescaped text is exact: the source's path and the place's names are UTF-8.
    package static func isExact(_ source: ArchiveSource, _ place: SourcePlace) -> Bool {
        String(validating: source.path, as: UTF8.self) != nil && place.isExact
    }

    /// The label as JSON output holds it: unescaped when exact, else escaped as a whole, as a single
    /// file's name is (`JSONWriter.nameText`, `ArchiveDocument.nameIsExact`).
    static func jsonLabel(_ source: ArchiveSource, _ place: SourcePlace) -> String {
        label(source, place, escaped: !isExact(source, place))
    }

    /// The source's section of `--check`: `NAME: KIND: N archives; …` and its diagnostics indented.
    package static func sourceSection(_ source: ArchiveSource, grouped: Bool) -> [String] {
        let head = "\(source.displayName): \(source.kind): \(English.count(source.entries.count, "archive")); \(CheckReport.summary(source.diagnostics))"
        return [head] + CheckReport.lines(source.diagnostics, grouped: grouped).map { "  " + $0 }
    }

    /// One archive's section of `--check`.
    package static func archiveSection(_ label: String, _ result: SourceCheck.Result, grouped: Bool) -> [String] {
        if let failure = result.failure {
            return ["\(label): not read: \(failure)"] + CheckReport.lines(result.diagnostics, grouped: grouped).map { "  " + $0 }
        }
        return ["\(label): \(result.formatDescription): \(CheckReport.summary(result.diagnostics))"]
            + CheckReport.lines(result.diagnostics, grouped: grouped).map { "  " + $0 }
    }

    /// The source's JSON line: `{"source": …, "kind": …, "archives": N, "diagnostics": […]}`.
    package static func sourceJSON(_ source: ArchiveSource) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.field("source"); w.string(JSONWriter.nameText(source.path))
        w.field("kind"); w.string(source.kind.description)
        w.field("archives"); w.int(source.entries.count)
        w.field("diagnostics"); JSONRenderer.writeDiagnostics(source.diagnostics, &w)
        w.endObject()
        return w.text
    }

    /// One archive's JSON line: `{"source": …, "place": …, ` then the document's own JSON fields (its
    /// `file` is the label), or `"error": …` when it could not be read.
    package static func archiveJSON(_ source: ArchiveSource, _ place: SourcePlace) -> (text: String, status: Int32, format: String) {
        let head = { (w: inout JSONWriter) in
            w.field("source"); w.string(JSONWriter.nameText(source.path))
            w.field("place"); w.string(place.jsonText)
            SourceExport.writeBackupFile(place, &w)
        }
        let (document, extraction) = SourceCheck.open(source, place)
        guard let document else {
            var w = JSONWriter()
            w.beginObject()
            head(&w)
            w.field("file"); w.string(jsonLabel(source, place))
            w.field("error"); w.string(extraction.failure ?? "not read")
            w.field("diagnostics"); JSONRenderer.writeDiagnostics(extraction.problems, &w)
            w.endObject()
            return (w.text, 2, "unreadable")
        }
        let diagnostics = extraction.problems + DocumentCheck.fullCheck(of: document)
        var text = ""
        JSONRenderer(document: document, diagnostics: diagnostics).render(leading: head) { text += $0 }
        let status: Int32 = document.isDecoded ? CheckReport.exitStatus(diagnostics) : 2
        return (text, status, SourceCheck.formatName(document))
    }

    /// The summary's JSON line: `{"summary": {"archives": N, "clean": …, "with_problems": …, "unreadable": …, "by_format": {…}}}`.
    package static func summaryJSON(_ tally: SourceTally) -> String {
        var w = JSONWriter()
        w.beginObject(); w.field("summary"); w.beginObject()
        w.field("archives"); w.int(tally.total)
        w.field("clean"); w.int(tally.clean)
        w.field("with_problems"); w.int(tally.withProblems)
        w.field("unreadable"); w.int(tally.unreadable)
        w.field("sources_with_problems"); w.int(tally.sourcesWithProblems)
        w.field("by_format"); w.beginObject()
        for (format, count) in tally.formats {
            w.field(format); w.int(count)
        }
        w.endObject(); w.endObject(); w.endObject()
        return w.text
    }
}

extension ArchiveSource.Kind {
    /// Whether the source is a folder (its first place step is a relative path).
    var isFolder: Bool {
        if case .folder = self { return true }
        return false
    }
}

/// How the archives of a run came out: counts for the summary and the exit status.
package struct SourceTally: Sendable {
    package private(set) var clean = 0, withProblems = 0, unreadable = 0
    /// Archives by decoded format.
    private var byFormat: [String: Int] = [:]
    /// A source's own problems: 1 when any error or warning, 2 when it could not be read at all.
    private(set) var sourceStatus: Int32 = 0
    /// Sources whose own diagnostics hold an error or a warning (notes, such as a virtual table's
    /// module this SQLite lacks, are not problems).
    private(set) var sourcesWithProblems = 0

    package init() {}

    package mutating func add(status: Int32, format: String) {
        switch status {
        case 0: clean += 1
        case 1: withProblems += 1
        default: unreadable += 1
        }
        byFormat[format, default: 0] += 1
    }

    /// Counts a source's own diagnostics into the exit status.
    package mutating func add(source: ArchiveSource) {
        let unreadableSource = source.diagnostics.contains { $0.id == SourceCode.sqliteUnreadable.rawValue } && source.entries.isEmpty
        let status = unreadableSource ? 2 : CheckReport.exitStatus(source.diagnostics)
        if status > 0 { sourcesWithProblems += 1 }
        sourceStatus = Swift.max(sourceStatus, status)
    }

    package var total: Int { clean + withProblems + unreadable }

    /// Formats with their counts, most first (then by name), for a deterministic summary.
    package var formats: [(String, Int)] { byFormat.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key } }

    /// 2 when any archive (or source) was not read, else 1 when any had problems, else 0.
    package var worst: Int32 { Swift.max(sourceStatus, unreadable > 0 ? 2 : withProblems > 0 ? 1 : 0) }

    /// `12 archives: 9 clean, 2 with problems, 1 unreadable; bplist00 8, typedstream 4`, with
    /// `; 1 source with problems` before the formats when a source's own diagnostics hold an error or
    /// a warning (so the summary agrees with the exit status).
    package var summary: String {
        let formatsText = formats.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        let sources = sourcesWithProblems > 0 ? "; " + English.count(sourcesWithProblems, "source") + " with problems" : ""
        return English.count(total, "archive") + ": \(clean) clean, \(withProblems) with problems, \(unreadable) unreadable"
            + sources + (formatsText.isEmpty ? "" : "; " + formatsText)
    }
}

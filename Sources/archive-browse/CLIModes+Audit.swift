import ArchiveModel

/// `--audit FILE…`: per archive its census, allow-list prediction and findings (text: a section
/// headed by the file's name; `--json`: one line each). Exit 1 when any archive fails its allow-list
/// or has a risk finding, 2 when one could not be read, else 0.
extension CLIModes {
    static func audit(_ targets: [SourceTarget], allowed: [String]?, json: Bool, grouped: Bool, _ out: FileOutput) -> Int32 {
        var worst: Int32 = 0
        for target in targets {
            switch target {
            case .file(let input): worst = max(worst, auditFile(input, allowed: allowed, json: json, grouped: grouped, out))
            case .source(let path):
                guard let source = openSource(path) else { worst = 2; continue }
                for entry in source.entries {
                    worst = max(worst, auditPlace(source, entry.place, allowed: allowed, json: json, grouped: grouped, out))
                }
            case .place(let source, let text):
                guard let place = source.place(named: text) else { _ = openPlace(source, text); worst = 2; continue }
                worst = max(worst, auditPlace(source, place, allowed: allowed, json: json, grouped: grouped, out))
            }
        }
        return worst
    }

    private static func auditFile(_ input: InputSource, allowed: [String]?, json: Bool, grouped: Bool, _ out: FileOutput) -> Int32 {
        guard let document = input.openReporting() else {
            notRead(json ? input.jsonName : input.displayName, json: json, out)
            return 2
        }
        return audit(document, name: json ? input.jsonName : document.displayName, allowed: allowed, json: json, grouped: grouped, out)
    }

    private static func auditPlace(_ source: ArchiveSource, _ place: SourcePlace, allowed: [String]?, json: Bool, grouped: Bool, _ out: FileOutput) -> Int32 {
        let (document, extraction) = SourceCheck.open(source, place)
        guard let document else {
            notRead(SourceReport.label(source, place), json: json, out, reason: extraction.failure ?? "not read")
            return 2
        }
        return audit(document, name: SourceReport.label(source, place), allowed: allowed, json: json, grouped: grouped, out)
    }

    /// An input that was not read: a line saying so (`--json`: `{"file", "error"}`).
    private static func notRead(_ name: String, json: Bool, _ out: FileOutput, reason: String = "not read") {
        if json {
            var w = JSONWriter()
            w.beginObject(); w.field("file"); w.string(name); w.field("error"); w.string(reason); w.endObject()
            out.line(w.text)
        } else {
            out.line("\(name): \(DisplayText.escape(reason))")
        }
    }

    /// One archive: the report on standard output; 1 when it fails, 2 when it was not decoded.
    static func audit(_ document: ArchiveDocument, name: String, allowed: [String]?, json: Bool, grouped: Bool, _ out: FileOutput) -> Int32 {
        let audit = SecurityAudit(graph: document.graph, allowed: allowed)
        if json {
            out.line(SecurityAuditRenderer.json(audit, graph: document.graph, file: name, format: document.formatDescription))
        } else {
            out.line("\(name): \(document.formatDescription): audit")
            for line in SecurityAuditRenderer.lines(audit, graph: document.graph, grouped: grouped) { out.line("  " + line) }
        }
        out.flush()
        if !document.isDecoded || reportLostBytes(document) { return 2 }
        return audit.fails ? 1 : 0
    }
}

/// `--audit` as text and as JSON (the schema is in the README, "Security audit").
public enum SecurityAuditRenderer {
    /// The census, the prediction and the findings, one item a line; file text escaped.
    public static func lines(_ audit: SecurityAudit, graph: any ObjectGraph, grouped: Bool = true) -> [String] {
        if let why = audit.notApplicable { return ["audit: not applicable: " + why] }
        var out = ["classes decoding would instantiate (\(audit.census.classes.count), from \(English.count(audit.walk.order.count, "object")) decoded):"]
        for entry in audit.census.classes {
            let path = audit.walk.keyPath(of: entry.firstObject, in: graph) ?? "?"
            out.append("  \(DisplayText.escape(entry.name)): \(English.count(entry.instances, "instance")), first #\(entry.firstObject) at \(path); \(entry.family.label)")
        }
        if audit.census.classesOmitted > 0 {
            out.append("  (\(audit.census.classesOmitted) more classes not listed)")
        }
        if audit.census.unreachedInstances > 0 {
            out.append("  (\(English.count(audit.census.unreachedInstances, "instance")) no key leads to: never decoded)")
        }
        if let p = audit.prediction { out += predictionLines(p, given: audit.allowListGiven) }
        out.append(audit.findings.isEmpty ? "findings: none" : "findings (\(audit.findings.count)):")
        out += CheckReport.lines(audit.findings, grouped: grouped).map { "  " + $0 }
        return out
    }

    static func predictionLines(_ p: AllowListPrediction, given: Bool) -> [String] {
        var out: [String] = []
        if !p.hasRoot { return ["allow-list: the archive has no root object; unarchivedObject(ofClasses:from:) returns nil"] }
        if given {
            out.append("allow-list: " + p.allowed.map(DisplayText.escape).joined(separator: ", "))
            if let r = p.rejection {
                out.append("  fails at #\(r.object), \(r.keyPath): \(DisplayText.escapeMessage(r.message))")
            } else if p.notSecureCoding.isEmpty {
                out.append("  decodes: every object checked against the set passes")
            }
            for u in p.notSecureCoding {
                out.append("  fails: #\(u.object) \(DisplayText.escape(u.className)) does not adopt NSSecureCoding")
            }
        }
        for u in p.undecided.prefix(20) {
            out.append("  not known: what #\(u.object) \(DisplayText.escape(u.className)) decodes inside it is checked against the classes its own init(coder:) asks for")
        }
        if p.undecided.count > 20 { out.append("  not known: \(p.undecided.count - 20) more classes") }
        out.append("smallest allow-list: " + p.smallestAllowList.map(DisplayText.escape).joined(separator: ","))
        return out
    }

    /// One JSON document (one line).
    public static func json(_ audit: SecurityAudit, graph: any ObjectGraph, file: String, format: String) -> String {
        var w = JSONWriter()
        w.raw("{"); w.key("file", first: true); w.string(file)
        w.key("format"); w.string(format)
        w.key("applies"); w.raw(audit.notApplicable == nil ? "true" : "false")
        w.key("decodedObjects"); w.int(audit.walk.order.count)
        w.key("classes"); w.raw("[")
        for (i, entry) in audit.census.classes.enumerated() {
            if i > 0 { w.raw(",") }
            classJSON(entry, audit: audit, graph: graph, &w)
        }
        w.raw("]")
        w.key("classesOmitted"); w.int(audit.census.classesOmitted)
        w.key("unreachedInstances"); w.int(audit.census.unreachedInstances)
        w.key("allowList")
        if let p = audit.prediction { predictionJSON(p, given: audit.allowListGiven, &w) } else { w.raw("null") }
        w.key("findings"); w.raw("[")
        for (i, d) in audit.findings.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{"); w.key("id", first: true); w.string(d.id)
            w.key("severity"); w.string(d.severity.rawValue)
            w.key("offset"); if let r = d.range { w.int(r.start) } else { w.raw("null") }
            w.key("object"); if let o = d.object { w.int(o) } else { w.raw("null") }
            w.key("message"); w.string(d.message); w.raw("}")
        }
        w.raw("]")
        w.key("fails"); w.raw(audit.fails ? "true" : "false")
        w.raw("}")
        return w.text
    }

    private static func classJSON(_ entry: DecodingCensus.Entry, audit: SecurityAudit, graph: any ObjectGraph, _ w: inout JSONWriter) {
        w.raw("{"); w.key("name", first: true); w.string(entry.name)
        w.key("instances"); w.int(entry.instances)
        w.key("firstObject"); w.int(entry.firstObject)
        w.key("keyPath"); w.string(audit.walk.keyPath(of: entry.firstObject, in: graph) ?? "")
        w.key("family"); w.string(entry.family.kind)
        w.key("supportsSecureCoding")
        w.raw(entry.family.supportsSecureCoding.map { $0 ? "true" : "false" } ?? "null")
        w.key("documentation")
        if case .apple(let known) = entry.family { w.string(known.documentation) } else if entry.family == .propertyList, let known = KnownCodingClass.named(entry.name) {
            w.string(known.documentation)
        } else { w.raw("null") }
        w.key("swiftName")
        if case .swift(let readable) = entry.family { w.string(readable) } else { w.raw("null") }
        w.key("chain"); w.raw("[")
        for (i, c) in entry.chain.enumerated() {
            if i > 0 { w.raw(",") }
            w.string(c)
        }
        w.raw("]}")
    }

    private static func predictionJSON(_ p: AllowListPrediction, given: Bool, _ w: inout JSONWriter) {
        w.raw("{"); w.key("allowed", first: true); w.raw("[")
        for (i, name) in p.allowed.enumerated() { if i > 0 { w.raw(",") }; w.string(name) }
        w.raw("]")
        w.key("hasRoot"); w.raw(p.hasRoot ? "true" : "false")
        w.key("decodes"); w.raw(given ? (p.fails ? "false" : "true") : "null")
        w.key("rejection")
        if let r = p.rejection, given {
            w.raw("{"); w.key("object", first: true); w.int(r.object)
            w.key("class"); w.string(r.className); w.key("key"); w.string(r.key)
            w.key("keyPath"); w.string(r.keyPath); w.key("message"); w.string(r.message); w.raw("}")
        } else { w.raw("null") }
        for (name, list) in [("notSecureCoding", given ? p.notSecureCoding : []), ("undecided", p.undecided)] {
            w.key(name); w.raw("[")
            for (i, u) in list.enumerated() {
                if i > 0 { w.raw(",") }
                w.raw("{"); w.key("object", first: true); w.int(u.object); w.key("class"); w.string(u.className); w.raw("}")
            }
            w.raw("]")
        }
        w.key("smallest"); w.raw("[")
        for (i, name) in p.smallestAllowList.enumerated() { if i > 0 { w.raw(",") }; w.string(name) }
        w.raw("]}")
    }
}

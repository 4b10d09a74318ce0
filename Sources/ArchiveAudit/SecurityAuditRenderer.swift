import ArchiveCore
import ArchiveOutput

/// `--audit` as text and as JSON (the schema is in the README, "Security audit").
package enum SecurityAuditRenderer {
    /// The census, the prediction and the findings, one item a line; file text escaped.
    package static func lines(_ audit: SecurityAudit, graph: any ObjectGraph, grouped: Bool = true) -> [String] {
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
    package static func json(_ audit: SecurityAudit, graph: any ObjectGraph, file: String, format: String) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.field("file"); w.string(file)
        w.field("format"); w.string(format)
        w.field("applies"); w.bool(audit.notApplicable == nil)
        w.field("decodedObjects"); w.int(audit.walk.order.count)
        w.field("classes"); w.beginArray()
        for entry in audit.census.classes {
            w.element()
            classJSON(entry, audit: audit, graph: graph, &w)
        }
        w.endArray()
        w.field("classesOmitted"); w.int(audit.census.classesOmitted)
        w.field("unreachedInstances"); w.int(audit.census.unreachedInstances)
        w.field("allowList")
        if let p = audit.prediction { predictionJSON(p, given: audit.allowListGiven, &w) } else { w.null() }
        w.field("findings"); w.beginArray()
        for d in audit.findings {
            w.element(); w.beginObject()
            w.field("id"); w.string(d.id)
            w.field("severity"); w.string(d.severity.rawValue)
            w.field("offset"); if let r = d.range { w.int(r.start) } else { w.null() }
            w.field("object"); if let o = d.object { w.int(o) } else { w.null() }
            w.field("message"); w.string(d.message)
            w.endObject()
        }
        w.endArray()
        w.field("fails"); w.bool(audit.fails)
        w.endObject()
        return w.text
    }

    private static func classJSON(_ entry: DecodingCensus.Entry, audit: SecurityAudit, graph: any ObjectGraph, _ w: inout JSONWriter) {
        w.beginObject()
        w.field("name"); w.string(entry.name)
        w.field("instances"); w.int(entry.instances)
        w.field("firstObject"); w.int(entry.firstObject)
        w.field("keyPath"); w.string(audit.walk.keyPath(of: entry.firstObject, in: graph) ?? "")
        w.field("family"); w.string(entry.family.kind)
        w.field("supportsSecureCoding")
        if let secure = entry.family.supportsSecureCoding { w.bool(secure) } else { w.null() }
        w.field("documentation")
        if case .apple(let known) = entry.family { w.string(known.documentation) } else if entry.family == .propertyList, let known = KnownCodingClass.named(entry.name) {
            w.string(known.documentation)
        } else { w.null() }
        w.field("swiftName")
        if case .swift(let readable) = entry.family { w.string(readable) } else { w.null() }
        w.field("chain"); stringArray(entry.chain, &w)
        w.endObject()
    }

    private static func predictionJSON(_ p: AllowListPrediction, given: Bool, _ w: inout JSONWriter) {
        w.beginObject()
        w.field("allowed"); stringArray(p.allowed, &w)
        w.field("hasRoot"); w.bool(p.hasRoot)
        w.field("decodes"); if given { w.bool(!p.fails) } else { w.null() }
        w.field("rejection")
        if let r = p.rejection, given {
            w.beginObject()
            w.field("object"); w.int(r.object)
            w.field("class"); w.string(r.className)
            w.field("key"); w.string(r.key)
            w.field("keyPath"); w.string(r.keyPath)
            w.field("message"); w.string(r.message)
            w.endObject()
        } else { w.null() }
        for (name, list) in [("notSecureCoding", given ? p.notSecureCoding : []), ("undecided", p.undecided)] {
            w.field(name); w.beginArray()
            for u in list {
                w.element(); w.beginObject()
                w.field("object"); w.int(u.object)
                w.field("class"); w.string(u.className)
                w.endObject()
            }
            w.endArray()
        }
        w.field("smallest"); stringArray(p.smallestAllowList, &w)
        w.endObject()
    }

    private static func stringArray(_ strings: [String], _ w: inout JSONWriter) {
        w.beginArray()
        for s in strings { w.element(); w.string(s) }
        w.endArray()
    }
}

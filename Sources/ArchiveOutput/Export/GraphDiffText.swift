import ArchiveCore
import ArchiveDocuments
import ArchivePresentation

/// Descriptions of values and places for `GraphDiff`, and its text and JSON reports.
package enum GraphDiffText {
    /// The side of a difference: what the value is and which objects hold it.
    static func side(_ value: ExportValue, holder: ObjectID?, in shapes: ExportShapes) -> GraphDiff.Side {
        var side = GraphDiff.Side(summary: summary(value, in: shapes), holder: holder)
        if case .object(let id) = value {
            side.object = id
            side.range = shapes.graph.structure(id).range
        }
        if let holder { side.holderRange = shapes.graph.structure(holder).range }
        return side
    }

    /// A short description: a scalar's value (text cut at 200 characters), `#12 NSView`, `an array of 3 items`.
    static func summary(_ value: ExportValue, in shapes: ExportShapes) -> String {
        switch value {
        case .scalar(let s): return scalarSummary(s)
        case .object(let id):
            if case .scalar(let v) = shapes.shape(of: id).value { return scalarSummary(v) }
            return "#\(id)" + (shapes.graph.structure(id).className.map { " " + ValueFormatter.cut($0) } ?? "")
        case .embedded:
            // `--diff` shapes leave embedded archives data (the walk opens them itself).
            return ExportPathResolver.describe(value)
        case .array, .dictionary:
            if case .dictionary(let entries) = value, entries.count > 0, entries[0].key == "$class" {
                return chain(entries[0].value).joined(separator: " < ")
            }
            return ExportPathResolver.describe(value)
        }
    }

    static func scalarSummary(_ s: ExportScalar) -> String {
        switch s {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .integer(let i): String(i)
        case .real(let d): ValueFormatter.real(d)
        case .string(let t): "\"" + ValueFormatter.cut(t) + "\""
        case .data(let d): "data of " + ValueFormatter.byteCount(d.count)
        case .date(let t): ValueFormatter.isoDate(t)
        case .uid(let u): "UID \(u)"
        }
    }

    /// The names of a `$class` array (or the numbers of `$classVersions`).
    static func chain(_ value: ExportValue) -> [String] {
        guard case .array(let items) = value else { return [] }
        return (0..<Swift.min(items.count, 64)).map { i in
            if case .scalar(let s) = items[i] {
                if case .string(let t) = s { return t }
                return scalarSummary(s)
            }
            return "?"
        }
    }

    /// The text report: per difference `kind path: a-value → b-value`, then where each is.
    package static func lines(_ diff: GraphDiff) -> [String] {
        var out: [String] = []
        for d in diff.differences {
            let path = d.path.isEmpty ? "(the document root)" : KeyPath.escapedForm(d.path)
            let values = [d.a.map { DisplayText.escape($0.summary) } ?? "(absent)", d.b.map { DisplayText.escape($0.summary) } ?? "(absent)"]
            // The path form doubles a key's own backslashes, so its escapes stay unambiguous.
            out.append("\(d.kind.rawValue) \(DisplayText.escapeMessage(path)): \(values[0]) → \(values[1])")
            if let a = d.a { out.append("  a: " + place(a)) }
            if let b = d.b { out.append("  b: " + place(b)) }
            if let note = d.note { out.append("  " + DisplayText.escapeMessage(note)) }
        }
        if diff.omitted > 0 { out.append("… and \(English.count(diff.omitted, "more difference"))") }
        return out
    }

    private static func place(_ side: GraphDiff.Side) -> String {
        var parts: [String] = []
        if let object = side.object { parts.append("#\(object)" + (side.range.map { " " + rangeText($0) } ?? "")) }
        if let holder = side.holder { parts.append("in #\(holder)" + (side.holderRange.map { " " + rangeText($0) } ?? "")) }
        return parts.isEmpty ? "at the top level" : parts.joined(separator: ", ")
    }

    private static func rangeText(_ r: ByteRange) -> String { "[\(r.start), \(r.end))" }

    /// `{"a": name, "b": name, "equal": bool, "differences": [{"kind", "path", "a": side, "b": side,
    /// "note"}], "omitted": n}`; a side is `{"value", "object", "range", "holder", "holderRange"}`.
    package static func json(_ diff: GraphDiff, a: String, b: String) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.field("a"); w.string(a)
        w.field("b"); w.string(b)
        w.field("equal"); w.bool(diff.isEqual)
        w.field("differences"); w.beginArray()
        for d in diff.differences {
            w.element(); w.beginObject()
            w.field("kind"); w.string(d.kind.rawValue)
            w.field("path"); w.string(KeyPath.escapedForm(d.path))
            w.field("a"); side(d.a, &w)
            w.field("b"); side(d.b, &w)
            if let note = d.note { w.field("note"); w.string(note) }
            w.endObject()
        }
        w.endArray()
        w.field("omitted"); w.int(diff.omitted)
        w.endObject()
        return w.text
    }

    private static func side(_ side: GraphDiff.Side?, _ w: inout JSONWriter) {
        guard let side else { return w.null() }
        w.beginObject()
        w.field("value"); w.string(side.summary)
        w.field("object"); if let object = side.object { w.int(object) } else { w.null() }
        w.field("range"); JSONRenderer.writeRange(side.range, &w)
        w.field("holder"); if let holder = side.holder { w.int(holder) } else { w.null() }
        w.field("holderRange"); JSONRenderer.writeRange(side.holderRange, &w)
        w.endObject()
    }
}

/// `--json`: one JSON document describing the graph (format, top, objects, diagnostics). The schema is
/// documented in the README; element *i* of `objects` describes object id *i*.
public struct JSONRenderer {
    let document: ArchiveDocument
    let diagnostics: [Diagnostic]

    public init(document: ArchiveDocument, diagnostics: [Diagnostic]) {
        self.document = document
        self.diagnostics = diagnostics
    }

    /// Writes the document in chunks to `write`.
    public func render(_ write: (String) -> Void) {
        let graph = document.graph
        var w = JSONWriter()
        w.raw("{")
        w.key("file", first: true); w.string(document.name)
        w.key("format"); w.string(formatName)
        w.key("archiver"); w.string(graph.archiveKind)
        w.key("size"); w.raw(String(document.input.count))
        w.key("top"); w.raw("{")
        for (i, field) in graph.topLevel.enumerated() {
            w.key(field.key, first: i == 0)
            if let id = field.value.objectID { w.raw(String(id)) } else { writeValue(field.value, &w, write) }
        }
        w.raw("}")
        w.key("objects"); w.raw("[")
        for id in 0..<graph.objectCount {
            if id > 0 { w.raw(",") }
            writeObject(graph.structure(id), &w, write)
            if w.count > 1 << 16 { write(w.flush()) }
        }
        w.raw("]")
        w.key("diagnostics"); w.raw("[")
        for (i, d) in diagnostics.enumerated() {
            if i > 0 { w.raw(",") }
            Self.writeDiagnostic(d, &w)
        }
        w.raw("]}")
        write(w.flush())
    }

    /// Stable short names: `bplist`, `xml`, `openstep`, `typedstream`, …
    var formatName: String {
        switch document.format {
        case .binaryPlist: "bplist00"
        case .binaryPlistVariant(let v): "bplist\(v)"
        case .xmlPlist: "xml"
        case .openStepPlist: "openstep"
        case .typedstream: "typedstream"
        case .nibArchive: "nibarchive"
        case .gnustepArchive: "gnustep-archive"
        case .empty: "empty"
        case .unknown: "unknown"
        }
    }

    private func writeObject(_ o: GraphObject, _ w: inout JSONWriter, _ write: (String) -> Void) {
        w.raw("{")
        w.key("id", first: true); w.raw(String(o.id))
        w.key("kind"); w.string(o.kind.rawValue)
        w.key("class"); if let c = o.className { w.string(c) } else { w.raw("null") }
        w.key("classes"); w.raw("[")
        for (i, c) in o.classChain.enumerated() {
            if i > 0 { w.raw(",") }
            if let v = c.version { w.raw("{\"name\":"); w.string(c.name); w.raw(",\"version\":\(v)}") } else { w.string(c.name) }
        }
        w.raw("]")
        w.key("range"); Self.writeRange(o.range, &w)
        if let value = o.value { w.key("value"); writeScalar(value, &w) }
        w.key("fields"); w.raw("{")
        var seen: Set<String> = []
        for field in o.fields where seen.insert(field.key).inserted {
            w.key(field.key, first: seen.count == 1)
            writeValue(field.value, &w, write)
        }
        w.raw("}")
        if o.fields.contains(where: { $0.typeEncoding != nil }) {
            w.key("types"); w.raw("[")
            for (i, f) in o.fields.enumerated() {
                if i > 0 { w.raw(",") }
                if let t = f.typeEncoding { w.string(t) } else { w.raw("null") }
            }
            w.raw("]")
        }
        w.raw("}")
    }

    /// `{"ref": id}`, `{"nil": true}`, `{"conditional": id}`, `{"dangling": n, "reason": …}`, a typed
    /// scalar `{"type": "integer", "value": 5}`, `{"list": […]}` or `{"invalid": reason}`.
    /// Long lists are passed to `write` as they go, so one object's JSON is never held whole.
    private func writeValue(_ value: FieldValue, _ w: inout JSONWriter, _ write: (String) -> Void) {
        var stack: [(FieldValue, Bool)] = [(value, false)]  // (value, closeList)
        var needsComma: [Bool] = [false]
        while let (v, close) = stack.popLast() {
            if w.count > 1 << 16 { write(w.flush()) }
            if close { w.raw("]}"); needsComma.removeLast(); continue }
            if needsComma[needsComma.count - 1] { w.raw(",") }
            needsComma[needsComma.count - 1] = true
            switch v {
            case .reference(let r): writeReference(r, &w)
            case .scalar(let s): writeScalar(s, &w)
            case .invalid(let why): w.raw("{\"invalid\":"); w.string(why); w.raw("}")
            case .sameAs(let same):
                w.raw("{\"sameAs\":\(same.owner),\"node\":\(same.node),\"description\":"); w.string(same.description); w.raw("}")
            case .list(let items):
                w.raw("{\"list\":[")
                needsComma.append(false)
                stack.append((v, true))
                for item in items.reversed() { stack.append((item, false)) }
            }
        }
    }

    private func writeReference(_ r: Reference, _ w: inout JSONWriter) {
        switch r {
        case .object(let id): w.raw("{\"ref\":\(id)}")
        case .null: w.raw("{\"nil\":true}")
        case .conditionalNull(let id): w.raw("{\"conditional\":\(id)}")
        case .dangling(let raw, let reason): w.raw("{\"dangling\":\(raw),\"reason\":"); w.string(reason); w.raw("}")
        }
    }

    private func writeScalar(_ s: ScalarValue, _ w: inout JSONWriter) {
        w.raw("{\"type\":\"\(s.typeName)\"")
        switch s {
        case .null: break
        case .bool(let b): w.raw(",\"value\":\(b)")
        case .integer(let i, let width): w.raw(",\"value\":\(i)"); if width > 0 { w.raw(",\"width\":\(width)") }
        case .real(let d, let width): w.raw(",\"value\":"); w.number(d); if width > 0 { w.raw(",\"width\":\(width)") }
        case .string(let str): w.raw(",\"value\":"); w.string(str)
        case .data(let bytes): w.raw(",\"length\":\(bytes.count),\"base64\":\"\(Base64.encode(bytes))\"")
        case .date(let t): w.raw(",\"value\":"); w.number(t); w.raw(",\"iso8601\":\"\(ValueFormatter.isoDate(t))\"")
        case .uid(let u): w.raw(",\"value\":\(u)")
        }
        w.raw("}")
    }

    static func writeRange(_ r: ByteRange?, _ w: inout JSONWriter) {
        if let r { w.raw("[\(r.start),\(r.end)]") } else { w.raw("null") }
    }

    static func writeDiagnostic(_ d: Diagnostic, _ w: inout JSONWriter) {
        w.raw("{\"id\":"); w.string(d.id)
        w.raw(",\"severity\":\"\(d.severity.rawValue)\",\"message\":"); w.string(d.message)
        w.raw(",\"range\":"); writeRange(d.range, &w)
        w.raw(",\"line\":\(d.position.map { String($0.line) } ?? "null"),\"column\":\(d.position.map { String($0.column) } ?? "null")")
        w.raw(",\"object\":\(d.object.map(String.init) ?? "null")}")
    }
}

/// Standard base64 (RFC 4648) without line breaks.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = UInt32(bytes[i]), b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0, b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
            let n = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(n >> 18 & 63)]); out.append(alphabet[Int(n >> 12 & 63)])
            out.append(i + 1 < bytes.count ? alphabet[Int(n >> 6 & 63)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? alphabet[Int(n & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}

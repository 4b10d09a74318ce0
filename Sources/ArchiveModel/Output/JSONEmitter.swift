/// Writes the parts of `--json` that carry file content (keys, class names, values) through one
/// `JSONRepeats`, so that long content listed many times is written in full a bounded number of times.
/// Each object's JSON is streamed to `write` in chunks, never held whole.
struct JSONEmitter {
    var w = JSONWriter()
    var repeats: JSONRepeats
    let write: (String) -> Void
    /// Where the content being written lives: the top section, then each object in turn.
    private var place = JSONRepeats.Place.top

    init(repeats: JSONRepeats, write: @escaping (String) -> Void) {
        self.repeats = repeats
        self.write = write
    }

    /// Passes the text written so far to `write` once it is long.
    mutating func flushIfLong() {
        if w.count > 1 << 16 { write(w.flush()) }
    }

    /// One element of `objects`.
    mutating func object(_ o: GraphObject) {
        place = .object(o.id)
        w.raw("{")
        w.key("id", first: true); w.int(o.id)
        w.key("kind"); w.string(o.kind.rawValue)
        w.key("class"); if let c = o.className { className(c) } else { w.raw("null") }
        w.key("classes"); w.raw("[")
        for (i, c) in o.classChain.enumerated() {
            if i > 0 { w.raw(",") }
            if let v = c.version { w.raw("{\"name\":"); className(c.name); w.raw(",\"version\":\(v)}") } else { className(c.name) }
        }
        w.raw("]")
        w.key("range"); JSONRenderer.writeRange(o.range, &w)
        if let value = o.value { w.key("value"); scalar(value) }
        w.key("fields"); w.raw("{")
        // A damaged dictionary may repeat a key: the last field of each is written, the value CF keeps
        // (FORMATS.md), in archive order. The diagnostics name the repeats; the tree shows them all.
        // Fields made on access (a typedstream array's million) are made once here, not once per pass.
        let fields = o.fields.stored()
        let found = fields.map { repeats.find(text: $0.key, at: place) }
        let kept = Self.lastOfEachKey(fields, found)
        var written = 0
        for (i, field) in fields.enumerated() where kept[i] {
            key(field.key, found[i], first: written == 0)
            written += 1
            value(field.value)
        }
        w.raw("}")
        if fields.contains(where: { $0.typeEncoding != nil }) {
            w.key("types"); w.raw("[")
            for (i, f) in fields.enumerated() {
                if i > 0 { w.raw(",") }
                if let t = f.typeEncoding { w.string(t) } else { w.raw("null") }
            }
            w.raw("]")
        }
        w.raw("}")
    }

    /// Whether each field is the last with its key. Long keys are told apart by their content index
    /// (`found`), so that a long key shared by many objects is not hashed in each.
    static func lastOfEachKey(_ fields: FieldCollection, _ found: [JSONRepeats.Found?]) -> [Bool] {
        guard fields.count > 1 else { return fields.map { _ in true } }
        var seenShort: Set<LiteralText> = [], seenLong: Set<Int> = []
        var kept = [Bool](repeating: false, count: fields.count)
        for i in fields.indices.reversed() {
            kept[i] = found[i].map { seenLong.insert($0.index).inserted } ?? seenShort.insert(LiteralText(fields[i].key)).inserted
        }
        return kept
    }

    /// `"key":`, or for a long key already written in full past the budget, its first 32 characters
    /// and `…[repeat: N bytes in full in object P, FNV-1a H]` (JSON keys must be strings; the hash
    /// keeps two long keys with one prefix apart).
    mutating func key(_ k: String, first: Bool = false) {
        key(k, repeats.find(text: k, at: place), first: first)
    }

    private mutating func key(_ k: String, _ found: JSONRepeats.Found?, first: Bool) {
        guard let r = found.flatMap({ repeats.repeatOf($0) }) else { return w.key(k, first: first) }
        let whereText = switch r.place {
        case .top: "top"
        case .object(let id): "object \(id)"
        }
        w.key(String(String.UnicodeScalarView(k.unicodeScalars.prefix(32)))
              + "…[repeat: \(r.length) bytes in full in \(whereText), FNV-1a \(repeats.digest(of: r, text: k))]", first: first)
    }

    /// A class name as a string, or `{"repeatOf": P, "length": N}`.
    private mutating func className(_ name: String) {
        if let r = repeats.earlierPlace(ofText: name, at: place) {
            w.raw("{\"repeatOf\":\(r.place.json),\"length\":\(r.length)}")
        } else {
            w.string(name)
        }
    }

    /// `{"ref": id}`, `{"nil": true}`, `{"conditional": id}`, `{"dangling": n, "reason": …}`, a typed
    /// scalar `{"type": "integer", "value": 5}`, `{"list": […]}`, `{"sameAs": …}` or
    /// `{"invalid": reason}`. Long lists are passed to `write` as they go.
    mutating func value(_ value: FieldValue) {
        var stack: [(FieldValue, Bool)] = [(value, false)]  // (value, closeList)
        var needsComma: [Bool] = [false]
        while let (v, close) = stack.popLast() {
            flushIfLong()
            if close { w.raw("]}"); needsComma.removeLast(); continue }
            if needsComma[needsComma.count - 1] { w.raw(",") }
            needsComma[needsComma.count - 1] = true
            switch v {
            case .reference(let r): reference(r)
            case .scalar(let s): scalar(s)
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

    private mutating func reference(_ r: Reference) {
        switch r {
        case .object(let id): w.raw("{\"ref\":"); w.int(id); w.raw("}")
        case .null: w.raw("{\"nil\":true}")
        case .conditionalNull(let id): w.raw("{\"conditional\":\(id)}")
        case .dangling(let raw, let reason): w.raw("{\"dangling\":\(raw),\"reason\":"); w.string(reason); w.raw("}")
        }
    }

    /// A typed scalar; long text or data past the repeat budget as `{"type", "length", "repeatOf"}`.
    mutating func scalar(_ s: ScalarValue) {
        w.raw("{\"type\":\""); w.raw(s.typeName); w.raw("\"")
        switch s {
        case .null: break
        case .bool(let b): w.raw(",\"value\":\(b)")
        case .integer(let i, let width): w.raw(",\"value\":"); w.int(i); if width > 0 { w.raw(",\"width\":"); w.int(width) }
        case .real(let d, let width): w.raw(",\"value\":"); w.number(d); if width > 0 { w.raw(",\"width\":"); w.int(width) }
        case .string(let str):
            if let r = repeats.earlierPlace(ofText: str, at: place) { repeatOf(r) } else { w.raw(",\"value\":"); w.string(str) }
        case .data(let bytes):
            if let r = repeats.earlierPlace(ofData: bytes, at: place) { repeatOf(r) } else {
                w.raw(",\"length\":\(bytes.count),\"base64\":\"\(Base64.encode(bytes))\"")
            }
        case .date(let t): w.raw(",\"value\":"); w.number(t); w.raw(",\"iso8601\":\"\(ValueFormatter.isoDate(t))\"")
        case .uid(let u): w.raw(",\"value\":\(u)")
        }
        w.raw("}")
    }

    private mutating func repeatOf(_ r: JSONRepeats.Repeat) {
        w.raw(",\"length\":\(r.length),\"repeatOf\":\(r.place.json)")
    }
}

import ArchiveCore

/// Writes the parts of `--json` that carry file content (keys, class names, values) through one
/// `JSONRepeats`, so that long content listed many times is written in full a bounded number of times.
/// Each object's JSON is streamed to `write` in chunks of about 1 MiB of bytes, never held whole.
struct JSONEmitter {
    var w = JSONWriter()
    var repeats: JSONRepeats
    let write: ([UInt8]) -> Void
    /// Where the content being written lives: the top section, then each object in turn.
    private var place = JSONRepeats.Place.top

    init(repeats: JSONRepeats, write: @escaping ([UInt8]) -> Void) {
        self.repeats = repeats
        self.write = write
    }

    /// Passes the text written so far to `write` once it is long.
    mutating func flushIfLong() {
        if w.count >= OutputBuffer.chunkSize { w.drain(write) }
    }

    /// One element of `objects`.
    mutating func object(_ o: GraphObject) {
        place = .object(o.id)
        w.beginObject()
        w.field(.id); w.int(o.id)
        w.field(.kind); w.string(o.kind.rawValue)
        w.field(.`class`); if let c = o.className { className(c) } else { w.null() }
        w.field(.classes); w.beginArray()
        for c in o.classChain {
            w.element()
            if let v = c.version {
                w.beginObject(); w.field(.name); className(c.name); w.field(.version); w.int(v); w.endObject()
            } else {
                className(c.name)
            }
        }
        w.endArray()
        w.field(.range); JSONRenderer.writeRange(o.range, &w)
        if let value = o.value { w.field(.value); scalar(value) }
        w.field(.fields); w.beginObject()
        if o.fields.isLazy { generatedFields(o.fields) } else { storedFields(o.fields) }
        w.endObject()
    }

    /// The `fields` and `types` of fields made on access (a typedstream array's million): each made
    /// once and written as it is made, never all held. Their keys are their positions, so none repeats.
    /// Called inside the `fields` object, which it closes before `types`.
    private mutating func generatedFields(_ fields: FieldCollection) {
        let tail = fields.uniformTail
        // The type encodings the uniform tail does not tell, in order (a few, before the tail).
        var headTypes: [String?] = []
        for i in fields.indices {
            flushIfLong()
            let field = fields[i]
            key(field.key)
            value(field.value)
            if tail.map({ i < $0.start }) ?? true { headTypes.append(field.typeEncoding) }
        }
        w.endObject()
        let tailTypes = tail.map { fields.count - Swift.min(fields.count, Swift.max(0, $0.start)) } ?? 0
        guard tailTypes > 0 || headTypes.contains(where: { $0 != nil }) else { return }
        w.field(.types); w.beginArray()
        for t in headTypes {
            w.element()
            if let t { w.string(t) } else { w.null() }
        }
        for _ in 0..<tailTypes {
            flushIfLong()
            w.element()
            w.string(tail?.encoding ?? "")
        }
        w.endArray()
    }

    /// The `fields` and `types` of stored fields (inside the `fields` object, which it closes).
    private mutating func storedFields(_ fields: FieldCollection) {
        // The stored fields read in place: iterating the collection for the keys, the fields and the
        // types copied every field three or four times, and an array of them copies each once.
        let items = fields.storedItems ?? Array(fields)
        // A damaged dictionary may repeat a key: the last field of each is written, the value CF keeps
        // (FORMATS.md), in archive order. The diagnostics name the repeats; the tree shows them all.
        // A key shorter than `JSONRepeats.minimumLength` is written in full and not looked up.
        let found = items.indices.contains { items[$0].key.utf8.count >= JSONRepeats.minimumLength } ? items.map { repeats.find(text: $0.key, at: place) } : []
        // Most objects repeat no key: then no list of keys or of kept fields is made.
        let kept = Self.keysAreDistinct(items, found) ? nil : Self.lastOfEachKey(items.map(\.key), found)
        for i in items.indices where kept?[i] ?? true {
            key(items[i].key, found.isEmpty ? nil : found[i])
            value(items[i].value)
        }
        w.endObject()
        guard let typed = items.indices.first(where: { items[$0].typeEncoding != nil }) else { return }
        w.field(.types); w.beginArray()
        for i in items.indices {
            w.element()
            if i >= typed, let t = items[i].typeEncoding { w.string(t) } else { w.null() }
        }
        w.endArray()
    }

    /// Whether no two keys are alike as `lastOfEachKey` tells them (then every field is written), for
    /// up to 16 keys compared in place; false for more, which `lastOfEachKey` sorts out.
    static func keysAreDistinct(_ items: [Field], _ found: [JSONRepeats.Found?]) -> Bool {
        guard items.count <= 16 else { return false }
        let index = { (i: Int) -> Int? in found.isEmpty ? nil : found[i]?.index }
        for i in items.indices {
            let long = index(i)
            for j in (i + 1)..<items.count where long.map({ $0 == index(j) }) ?? (index(j) == nil && items[i].key.isLiterally(items[j].key)) {
                return false
            }
        }
        return true
    }

    /// Whether each key is the last of its kind. Long keys are told apart by their content index
    /// (`found`; empty when every key is short), so that a long key shared by many objects is not
    /// hashed in each. A few keys are compared with each other (no set, no hashing: most objects have
    /// two to eight), more go through sets.
    static func lastOfEachKey(_ keys: [String], _ found: [JSONRepeats.Found?]) -> [Bool] {
        var kept = [Bool](repeating: true, count: keys.count)
        let index = { (i: Int) -> Int? in found.isEmpty ? nil : found[i]?.index }
        if keys.count <= 16 {
            for i in keys.indices {
                let long = index(i)
                for j in (i + 1)..<keys.count where long.map({ $0 == index(j) }) ?? (index(j) == nil && keys[i].isLiterally(keys[j])) {
                    kept[i] = false
                    break
                }
            }
            return kept
        }
        var seenShort: Set<LiteralText> = [], seenLong: Set<Int> = []
        for i in keys.indices.reversed() {
            kept[i] = index(i).map { seenLong.insert($0).inserted } ?? seenShort.insert(LiteralText(keys[i])).inserted
        }
        return kept
    }

    /// `"key":`, or for a long key already written in full past the budget, its first 32 characters
    /// and `…[repeat: N bytes in full in object P, FNV-1a H]` (JSON keys must be strings; the hash
    /// keeps two long keys with one prefix apart).
    mutating func key(_ k: String) {
        key(k, repeats.find(text: k, at: place))
    }

    private mutating func key(_ k: String, _ found: JSONRepeats.Found?) {
        guard let r = found.flatMap({ repeats.repeatOf($0) }) else { return w.field(k) }
        let whereText = switch r.place {
        case .top: "top"
        case .object(let id): "object \(id)"
        }
        w.field(String(String.UnicodeScalarView(k.unicodeScalars.prefix(32)))
                + "…[repeat: \(r.length) bytes in full in \(whereText), FNV-1a \(repeats.digest(of: r, text: k))]")
    }

    /// A class name as a string, or `{"repeatOf": P, "length": N}`.
    private mutating func className(_ name: String) {
        if let r = repeats.earlierPlace(ofText: name, at: place) {
            w.beginObject(); w.field(.repeatOf); w.raw(r.place.json); w.field(.length); w.int(r.length); w.endObject()
        } else {
            w.string(name)
        }
    }

    /// `{"ref": id}`, `{"nil": true}`, `{"conditional": id}`, `{"dangling": n, "reason": …}`, a typed
    /// scalar `{"type": "integer", "value": 5}`, `{"list": […]}`, `{"sameAs": …}` or
    /// `{"invalid": reason}`. Long lists are passed to `write` as they go.
    mutating func value(_ value: FieldValue) {
        // The lists open around the next item, each with the index of its next item: items are read
        // one at a time, so a lazy list's million items are never all made at once.
        var open: [(items: FieldList, next: Int)] = []
        var pending: FieldValue? = value
        while true {
            flushIfLong()
            let v: FieldValue
            if let first = pending {
                v = first
                pending = nil
            } else {
                // Read in place: a copy of the innermost list per item (its storage retained and
                // released) was a fifth of this function on a keyed archive's NS.keys and NS.objects.
                guard let top = open.indices.last else { return }
                let next = open[top].next
                if next == open[top].items.count { w.endArray(); w.endObject(); open.removeLast(); continue }
                open[top].next = next + 1
                w.element()
                v = open[top].items[next]
            }
            switch v {
            case .reference(let r): reference(r)
            case .scalar(let s): scalar(s)
            case .invalid(let why): w.beginObject(); w.field(.invalid); w.string(why); w.endObject()
            case .sameAs(let same): sameAs(same)
            case .list(let items):
                w.beginObject(); w.field(.list); w.beginArray()
                if flatList(items) { w.endArray(); w.endObject() } else { open.append((items, 0)) }
            }
        }
    }

    /// Writes the items of a stored list holding no list (most lists: `NS.keys`, `NS.objects`) in one
    /// pass over its buffer, and answers true; false, writing nothing, for any other list, which
    /// `value` writes item by item through its stack of open lists (a lazy list's items are made once
    /// each, as they are written).
    private mutating func flatList(_ items: FieldList) -> Bool {
        guard !items.isLazy, items.firstIndex(inPlace: { if case .list = $0 { return true } else { return false } }) == nil else { return false }
        items.forEach(inPlace: { _, item in
            flushIfLong()
            w.element()
            switch item {
            case .reference(let r): reference(r)
            case .scalar(let s): scalar(s)
            case .invalid(let why): w.beginObject(); w.field(.invalid); w.string(why); w.endObject()
            case .sameAs(let same): sameAs(same)
            case .list: break
            }
        })
        flushIfLong()
        return true
    }

    /// `{"sameAs": owner, "node": n, "description": …}`.
    private mutating func sameAs(_ same: SameContent) {
        w.beginObject()
        w.field(.sameAs); w.int(same.owner)
        w.field(.node); w.int(same.node)
        w.field(.description); w.string(same.description)
        w.endObject()
    }

    private mutating func reference(_ r: Reference) {
        w.beginObject()
        switch r {
        case .object(let id): w.field(.ref); w.int(id)
        case .null: w.field(.`nil`); w.bool(true)
        case .conditionalNull(let id): w.field(.conditional); w.int(id)
        case .dangling(let raw, let reason): w.field(.dangling); w.int(raw); w.field(.reason); w.string(reason)
        }
        w.endObject()
    }

    /// A typed scalar; long text or data past the repeat budget as `{"type", "length", "repeatOf"}`.
    mutating func scalar(_ s: ScalarValue) {
        w.beginObject()
        w.field(.type); w.string(s.typeName)
        switch s {
        case .null: break
        case .bool(let b): w.field(.value); w.bool(b)
        case .integer(let i, let width): w.field(.value); w.int(i); if width > 0 { w.field(.width); w.int(width) }
        case .real(let d, let width): w.field(.value); w.number(d); if width > 0 { w.field(.width); w.int(width) }
        case .string(let str):
            if let r = repeats.earlierPlace(ofText: str, at: place) { repeatOf(r) } else { w.field(.value); w.string(str) }
        case .data(let bytes):
            if let r = repeats.earlierPlace(ofData: bytes, at: place) { repeatOf(r) } else {
                w.field(.length); w.int(bytes.count)
                w.field(.base64); w.base64String(bytes)
            }
        case .date(let t): w.field(.value); w.number(t); w.field(.iso8601); w.isoDateString(t)
        case .uid(let u): w.field(.value); w.int(u)
        }
        w.endObject()
    }

    /// `"length": N, "repeatOf": P` in a scalar's object.
    private mutating func repeatOf(_ r: JSONRepeats.Repeat) {
        w.field(.length); w.int(r.length); w.field(.repeatOf); w.raw(r.place.json)
    }
}

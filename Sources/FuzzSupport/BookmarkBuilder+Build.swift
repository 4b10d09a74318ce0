import ArchiveModel

extension BookmarkBuilder {
    /// The bytes, and named offsets (see the type's documentation).
    public func build() -> (bytes: [UInt8], marks: [String: Int]) {
        var w = DataWriter()
        var laid: [[(key: UInt32, value: UInt32?, ref: String?)]] = []
        for (t, toc) in tocs.enumerated() {
            var entries: [(key: UInt32, value: UInt32?, ref: String?)] = []
            for (e, entry) in toc.entries.enumerated() {
                let mark = "toc.\(t).entry.\(e)"
                var key: UInt32
                switch entry.key {
                case .numeric(let k), .raw(let k): key = k
                case .string(let s): key = w.write(.string(s), mark: mark + ".key") | 0x8000_0000
                }
                let link = w.link(entry.value, mark: mark + ".item")
                entries.append((key, link.value, link.ref))
            }
            laid.append(entries)
        }
        let firstTable = UInt32(w.data.count)
        var starts: [Int] = []
        for entries in laid {
            starts.append(w.data.count)
            w.data += [UInt8](repeating: 0, count: 20 + 12 * entries.count)
        }
        for (t, toc) in tocs.enumerated() { writeTOC(toc, t, laid[t], starts, &w) }
        w.put(firstTOC ?? (tocs.isEmpty ? 0 : firstTable), at: 0)
        w.applyPatches()
        return assemble(w)
    }

    /// One table's header and entries into the space reserved at `starts[t]`.
    func writeTOC(_ toc: TOC, _ t: Int, _ entries: [(key: UInt32, value: UInt32?, ref: String?)], _ starts: [Int], _ w: inout DataWriter) {
        let start = starts[t]
        let next: UInt32
        switch toc.next {
        case .automatic: next = t + 1 < starts.count ? UInt32(starts[t + 1]) : 0
        case .table(let i): next = starts.indices.contains(i) ? UInt32(starts[i]) : 0xFFFF_FFF0
        case .raw(let v): next = v
        }
        w.marks["toc.\(t)"] = start
        let words = [toc.length ?? UInt32(12 + 12 * entries.count), toc.magic, toc.identifier, next, toc.count ?? UInt32(entries.count)]
        for (i, word) in words.enumerated() { w.put(word, at: start + 4 * i) }
        for (e, entry) in entries.enumerated() {
            let at = start + 20 + 12 * e
            w.marks["toc.\(t).entry.\(e)"] = at
            w.put(entry.key, at: at)
            if let value = entry.value { w.put(value, at: at + 4) }
            if let ref = entry.ref { w.patches.append((at + 4, ref)) }
            w.put(toc.entries[e].flags, at: at + 8)
        }
    }

    /// The header before the data area; marks made absolute.
    func assemble(_ w: DataWriter) -> (bytes: [UInt8], marks: [String: Int]) {
        let headerSize = aliasFileShape ? 56 : 48
        var header: [UInt8]
        if aliasFileShape {
            header = Array("book".utf8) + [0, 0, 0, 0] + Array("mark".utf8) + [0, 0, 0, 0]
            header += Self.le(56) + Self.le(dataOffset ?? 56) + Self.le(length ?? UInt32(w.data.count)) + Self.le(version)
        } else {
            header = Array(magic.prefix(4)) + Self.le(length ?? UInt32(headerSize + w.data.count)) + Self.le(version) + Self.le(dataOffset ?? 48)
        }
        header += [UInt8](repeating: 0, count: headerSize - header.count)
        var marks = w.marks.mapValues { $0 + headerSize }
        marks["dataArea"] = headerSize
        marks["firstTOC"] = headerSize
        marks["trailing"] = headerSize + w.data.count
        marks["end"] = headerSize + w.data.count + trailing.count
        return (header + w.data + trailing, marks)
    }

    static func le(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * UInt32($0))) } }
}

/// The data area being written: items, reserved tables, marks relative to the data area, and links
/// to named items patched at the end.
struct DataWriter {
    var data: [UInt8] = [0, 0, 0, 0]
    var marks: [String: Int] = [:]
    var named: [String: UInt32] = [:]
    var patches: [(at: Int, name: String)] = []

    mutating func put(_ v: UInt32, at offset: Int) { data.replaceSubrange(offset..<(offset + 4), with: BookmarkBuilder.le(v)) }

    /// The offset a link to `item` holds, writing the item when it is new (nil value with a name: patched later).
    mutating func link(_ item: BookmarkBuilder.Item, mark: String) -> (value: UInt32?, ref: String?) {
        switch item {
        case .ref(let name): return (named[name], named[name] == nil ? name : nil)
        case .offset(let o): return (o, nil)
        default: return (write(item, mark: mark), nil)
        }
    }

    mutating func applyPatches() {
        for (at, name) in patches { put(named[name] ?? 0xFFFF_FFF0, at: at) }
    }

    /// Writes `item` (and what it contains) and returns its data-area offset.
    mutating func write(_ item: BookmarkBuilder.Item, mark: String) -> UInt32 {
        if case .named(let name, let inner) = item {
            named[name] = UInt32(data.count)
            marks["item.\(name)"] = data.count
            return write(inner, mark: mark)
        }
        let start = data.count
        marks[mark] = start
        let (type, payload) = Self.encode(item)
        let length: UInt32
        if case .raw(_, _, let given?) = item { length = given } else { length = UInt32(payload.count) }
        data += BookmarkBuilder.le(length) + BookmarkBuilder.le(type) + payload
        while data.count % 4 != 0 { data.append(0) }
        writeChildren(item, payloadAt: start + 8, mark: mark)
        return UInt32(start)
    }

    /// The links of a container, written after it and filled into its payload.
    mutating func writeChildren(_ item: BookmarkBuilder.Item, payloadAt start: Int, mark: String) {
        var children: [(BookmarkBuilder.Item, String)] = []
        switch item {
        case .array(let elements): children = elements.enumerated().map { ($0.element, "\(mark).\($0.offset)") }
        case .dictionary(let entries):
            for (i, e) in entries.enumerated() { children += [(e.key, "\(mark).key.\(i)"), (e.value, "\(mark).value.\(i)")] }
        case .relativeURL(let base, let relative): children = [(base, mark + ".base"), (relative, mark + ".relative")]
        default: return
        }
        for (i, (child, childMark)) in children.enumerated() {
            let link = link(child, mark: childMark)
            if let value = link.value { put(value, at: start + 4 * i) }
            if let ref = link.ref { patches.append((start + 4 * i, ref)) }
        }
    }
}

import ArchiveCore

extension BookmarkData {
    /// The presentation-neutral view (see `BookmarkView`).
    package func view() -> BookmarkView { BookmarkView(self) }

    /// The name of a TOC key: its known name, `0x1054` for another number, or a string key's text.
    package func keyName(_ key: BookmarkKey) -> String {
        switch key {
        case .numeric(let k): BookmarkKnownKey(rawValue: k)?.name ?? "0x" + BookmarkHex.word(k, digits: 4)
        case .string(let raw, let item): item.map { text(of: $0, limit: ValueFormatter.summaryLimit) } ?? "0x" + BookmarkHex.word(raw)
        }
    }

    /// The named links of a container item: `[i]` for array elements, key text for dictionary
    /// entries, `base` and `relative` for a relative URL.
    func parts(of index: Int) -> [(String, BookmarkLink)] {
        switch items[index].value {
        case .array(let links):
            return links.enumerated().map { ("[\($0.offset)]", $0.element) }
        case .dictionary(let pairs):
            return pairs.enumerated().map { i, pair in (dictionaryKeyName(pair.key, position: i), pair.value) }
        case .relativeURL(let base, let relative):
            return [("base", base), ("relative", relative)]
        default:
            return []
        }
    }

    /// A dictionary key's name: its text when it is a string, else `key i` with its summary.
    func dictionaryKeyName(_ link: BookmarkLink, position: Int) -> String {
        guard let key = link.item else { return "key \(position)" }
        if case .string = items[key].value { return text(of: key, limit: ValueFormatter.summaryLimit) }
        return "key \(position) (\(leaf(key, byteLimit: 16).summary))"
    }
}

extension BookmarkView {
    /// The `header` group: signature, length, version, data offset, first TOC offset.
    mutating func addHeader(_ bookmark: BookmarkData) -> Int? {
        guard let header = bookmark.header else { return nil }
        let magic = String(decoding: header.magic, as: UTF8.self)
        let rows: [(String, BookmarkFieldValue, String, ByteRange)] = [
            ("magic", .string(magic), ValueFormatter.quoted(magic), ByteRange(0, 4)),
            ("length", .integer(Int64(header.declaredLength)), String(header.declaredLength), header.lengthField),
            ("version", .integer(Int64(header.version)), "0x" + BookmarkHex.word(header.version), header.versionField),
            ("dataOffset", .integer(Int64(header.dataOffset)), String(header.dataOffset), header.dataOffsetField),
        ]
        var children: [Int] = []
        for (name, value, summary, range) in rows {
            guard let field = add(BookmarkField(name: name, value: value, summary: summary, range: range, item: nil)) else { return nil }
            children.append(field)
        }
        if let first = bookmark.reader.u32(header.dataOffset),
           let field = add(BookmarkField(name: "firstTOC", value: .integer(Int64(first)), summary: String(first), range: header.firstTOCField, item: nil)) {
            children.append(field)
        }
        let shape = header.shape == .standard ? "standard header" : "Finder alias-file header"
        guard let group = add(BookmarkField(name: "header", value: .group, summary: shape, range: header.range, item: nil)) else { return nil }
        fields[group].children = children
        return group
    }
}

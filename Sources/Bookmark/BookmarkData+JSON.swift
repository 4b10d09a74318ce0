import ArchiveCore

extension BookmarkData {
    /// Bounds on what `json()` makes: values (an item shared many times is written each time) and
    /// bytes of text and data copied.
    enum JSONLimits {
        static let values = 10_000
        static let bytes = 16 << 20
    }

    /// The bookmark as `{"$bookmark": {...}}` (the shape is documented on `BookmarkJSON`).
    package func json() -> BookmarkJSON {
        var budget = (values: JSONLimits.values, bytes: JSONLimits.bytes)
        var members = tocs.first.map { tocMembers($0, &budget) } ?? []
        let more = tocs.dropFirst().map { toc in
            BookmarkJSON.object([.init("tocID", .integer(Int64(toc.identifier)))] + tocMembers(toc, &budget))
        }
        if !more.isEmpty { members.append(.init("moreTOCs", .array(more))) }
        members.append(.init("summary", summaryJSON()))
        return .object([.init("$bookmark", .object(members))])
    }

    /// Known keys by name, then `stringKeys` and `unknownKeys` when there are any.
    func tocMembers(_ toc: BookmarkTOC, _ budget: inout (values: Int, bytes: Int)) -> [BookmarkJSON.Member] {
        var known: [BookmarkJSON.Member] = [], strings: [BookmarkJSON.Member] = [], unknown: [BookmarkJSON] = []
        for entry in toc.entries {
            let value = json(entry.value.item, depth: 0, &budget)
            switch entry.key {
            case .numeric(let k) where BookmarkKnownKey(rawValue: k) != nil:
                known.append(.init(keyName(entry.key), value))
            case .numeric(let k):
                let item = entry.value.item.map { items[$0] }
                var fields: [BookmarkJSON.Member] = [.init("key", .string("0x" + BookmarkHex.word(k, digits: 4)))]
                if let item {
                    fields.append(.init("type", .string("0x" + BookmarkHex.word(item.typeCode, digits: 4))))
                    fields.append(.init("hex", .string(BookmarkHex.bytes(payload(item, &budget)))))
                }
                unknown.append(.object(fields + [.init("value", value)]))
            case .string:
                strings.append(.init(keyName(entry.key), value))
            }
        }
        if !strings.isEmpty { known.append(.init("stringKeys", .object(strings))) }
        if !unknown.isEmpty { known.append(.init("unknownKeys", .array(unknown))) }
        return known
    }

    /// An item's value; null for a missing item or past the budget. The depth is bounded by the
    /// decoder's (`BookmarkDecoder.Limits.depth`), so this recursion is too.
    func json(_ index: Int?, depth: Int, _ budget: inout (values: Int, bytes: Int)) -> BookmarkJSON {
        guard let index, budget.values > 0, depth <= BookmarkDecoder.Limits.depth + 1 else { return .null }
        budget.values -= 1
        let item = items[index]
        switch item.value {
        case .string, .url: return .string(String(decoding: payload(item, &budget), as: UTF8.self))
        case .data: return .data(payload(item, &budget))
        case .integer(let i): return .integer(i)
        case .real(let d): return .real(d)
        case .date(let t): return .date(t)
        case .bool(let b): return .bool(b)
        case .uuid(let bytes): return .string(Self.uuidText(bytes))
        case .null: return .null
        case .relativeURL: return urlText(index).map { .string($0) } ?? .null
        case .array(let links):
            var elements: [BookmarkJSON] = []
            for link in links {
                guard budget.values > 0 else { break }
                elements.append(json(link.item, depth: depth + 1, &budget))
            }
            return .array(elements)
        case .dictionary(let pairs):
            var members: [BookmarkJSON.Member] = []
            for (i, pair) in pairs.enumerated() {
                guard budget.values > 0 else { break }
                members.append(.init(dictionaryKeyName(pair.key, position: i), json(pair.value.item, depth: depth + 1, &budget)))
            }
            return .object(members)
        case .raw:
            return .object([.init("$type", .string("0x" + BookmarkHex.word(item.typeCode, digits: 4))),
                            .init("$hex", .string(BookmarkHex.bytes(payload(item, &budget))))])
        }
    }

    /// The item's payload bytes, as many as the byte budget still allows.
    func payload(_ item: BookmarkItem, _ budget: inout (values: Int, bytes: Int)) -> [UInt8] {
        let take = Swift.min(item.payloadRange.count, Swift.max(0, budget.bytes))
        budget.bytes -= take
        return reader.bytes(ByteRange(start: item.payloadRange.start, count: take))
    }

    /// The `summary` member: the derived path, file ID, volume, dates and flags.
    func summaryJSON() -> BookmarkJSON {
        let s = summary
        var members: [BookmarkJSON.Member] = []
        func add(_ key: String, _ value: BookmarkJSON?) { if let value { members.append(.init(key, value)) } }
        add("path", s.path.map { .string($0) })
        add("fileID", s.fileID.map { .integer($0) })
        add("volumeName", s.volumeName.map { .string($0) })
        add("volumeMountPoint", s.volumeMountPoint.map { .string($0) })
        add("volumeUUID", s.volumeUUID.map { .string($0) })
        add("creationDate", s.creationDate.map { .date($0) })
        add("volumeCreationDate", s.volumeCreationDate.map { .date($0) })
        add("userName", s.userName.map { .string($0) })
        members.append(.init("flags", .array(s.flags.map { .string($0) })))
        return .object(members)
    }
}

import ArchiveCore

extension BookmarkDecoder {
    /// Known keys whose items are not of the type their meaning allows (a path that is not an array
    /// of strings, a volume name that is a number): `bookmark.key.unexpected-type`, at the item's
    /// type field, with a note at the entry's key.
    mutating func checkKnownKeys() {
        for toc in tocs {
            for entry in toc.entries {
                guard let known = entry.key.known, let index = entry.value.item else { continue }
                let item = items[index]
                let keyNote = DiagnosticNote("the key \(known.name) (0x\(BookmarkHex.word(known.rawValue, digits: 4)))", range: entry.keyField)
                guard known.allows(item.type) else {
                    report(.keyUnexpectedType(key: known.name, found: item.type, what: Self.expectation(known)), item.typeField, notes: [keyNote])
                    continue
                }
                checkElements(of: item, key: known, note: keyNote)
            }
        }
    }

    /// The first element of a path, file-ID or URL-lengths array that is not a string or integer.
    mutating func checkElements(of item: BookmarkItem, key: BookmarkKnownKey, note: DiagnosticNote) {
        guard case .array(let links) = item.value else { return }
        let wantsString = key == .path
        guard key == .path || key == .fileIDs || key == .urlLengths else { return }
        for link in links {
            guard let index = link.item else { continue }
            let element = items[index]
            let fits: Bool
            if case .integer = element.type { fits = !wantsString } else { fits = wantsString && element.type == .string }
            if !fits {
                report(.keyUnexpectedType(key: "an element of \(key.name)", found: element.type, what: wantsString ? "a string" : "an integer"),
                       element.typeField, notes: [note])
                return
            }
        }
    }

    /// What a known key should hold, for the message.
    static func expectation(_ key: BookmarkKnownKey) -> String {
        let wanted: [BookmarkItemType] = [.string, .data, .array, .date, .url, .bool(true), .integer(width: 8)]
        let nouns = wanted.filter { key.allows($0) }.map { type -> String in
            switch type {
            case .integer: "an integer"
            case .bool: "a boolean"
            default: English.article(type.noun)
            }
        }
        return nouns.isEmpty ? "another type" : nouns.joined(separator: " or ")
    }
}

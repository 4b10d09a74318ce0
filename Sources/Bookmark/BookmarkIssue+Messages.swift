import ArchiveCore

extension BookmarkIssue {
    /// The lowercase, specific message of the `--check` line.
    var message: String {
        switch self {
        case .headerTruncated(let size, let needed, let shape):
            "the bookmark is \(English.count(size, "byte")) long, shorter than the \(needed) bytes \(shape.map { $0 == .standard ? "of the standard header and the first table-of-contents offset" : "of the Finder alias-file header and the first table-of-contents offset" } ?? "of a bookmark signature"); nothing can be decoded"
        case .headerBadMagic(let bytes):
            "the first four bytes are <\(BookmarkHex.bytes(bytes))>, not 'book' or 'alis'; this is not bookmark data"
        case .headerLengthMismatch(let declared, let actual):
            declared > actual
                ? "the header declares \(English.count(declared, "byte")), but the bookmark has \(actual): \(declared - actual) bytes are missing, and items or tables there cannot be read"
                : "the header declares \(English.count(declared, "byte")), but the bookmark has \(actual): the last \(actual - declared) bytes are outside the declared length"
        case .headerDataOffset(let offset, let size, let minimum):
            offset < minimum
                ? "the data area is declared to start at offset \(offset), inside the header's first \(minimum) bytes; header fields are read as data"
                : "the data area is declared to start at offset \(offset), but the bookmark has \(English.count(size, "byte")), too few for the 4-byte first table-of-contents offset there"
        case .headerVersion(let v):
            "the version word is 0x\(BookmarkHex.word(v)), where every known bookmark has 0x10040000; decoded as that version"
        case .tocFirstIsZero:
            "the first table-of-contents offset is 0, so the bookmark has no table of contents and no keys"
        case .tocOutOfRange(let offset, let absolute, let size, let first):
            "the \(first ? "first" : "next") table of contents is at data offset \(offset) (bookmark offset \(absolute)), but its 20-byte header does not fit in the \(size)-byte bookmark"
        case .tocBadMagic(let found, let at):
            "the table of contents at bookmark offset \(at) has marker 0x\(BookmarkHex.word(found)) instead of 0xfffffffe; it and the tables after it are not read"
        case .tocLoop(let offset, let table):
            "the next-table link leads to data offset \(offset), where table of contents \(table) was already read; the chain loops and is followed no further"
        case .tocTooMany(let limit):
            "the chain of tables of contents goes on past \(limit) tables; the rest are not read"
        case .tocCountTooLarge(let count, let fits, let at):
            "the table of contents at bookmark offset \(at) claims \(English.count(Int(count), "entry", plural: "entries")), but the bytes after it hold at most \(fits); \(fits) are read"
        case .tocLengthMismatch(let length, let count):
            "the table-of-contents length field is \(length), but \(English.count(Int(count), "entry", plural: "entries")) need \(12 + 12 * Int(count)) (12 + 12 per entry; mac_alias writes \(12 * Int(count) - 8))"
        case .tocUnsorted(let key, let previous, let table):
            "key 0x\(BookmarkHex.word(key, digits: 4)) follows key 0x\(BookmarkHex.word(previous, digits: 4)) in table of contents \(table): keys must be strictly ascending, or a binary search (as CoreServices does) misses entries"
        case .keyNotString(let raw, let found):
            "the string key 0x\(BookmarkHex.word(raw)) points at \(English.article(found.noun)) item, not a string; the entry has no usable name"
        case .keyUnexpectedType(let key, let found, let what):
            "\(key) holds \(English.article(found.noun)) item where \(what) is expected"
        case .itemOutOfRange(let offset, let absolute, let size):
            "the item offset \(offset) (bookmark offset \(absolute)) leaves no room for an 8-byte item header in the \(size)-byte bookmark"
        case .itemLengthTooLarge(let length, let at, let available):
            "the item at bookmark offset \(at) declares \(English.count(Int(length), "byte")) of payload, but only \(available) remain; the payload is cut there"
        case .itemUnknownType(let code, let at):
            "the item at bookmark offset \(at) has type code 0x\(BookmarkHex.word(code, digits: 4)), which is not a known type; its bytes are kept as they are"
        case .itemBadSize(let type, let size, let expected):
            "\(English.article(type.noun)) item has \(English.count(size, "byte")) of payload, where \(expected); its bytes are kept undecoded"
        case .itemInvalidUTF8(let type, let shown):
            "\(English.article(type.noun)) item is not valid UTF-8: \(shown)"
        case .itemTooDeep(let limit):
            "arrays and dictionaries nest deeper than \(limit) levels here; the items below are not read"
        case .itemCycle(let offset, let container):
            "the offset \(offset) leads back to the container at bookmark offset \(container), which holds this offset: the item contains itself, and the link is not followed"
        case .itemTooMany(let what, let limit):
            "the bookmark has more than \(limit) \(what); the rest are not read"
        case .dateImplausible(let seconds, let key):
            "\(key.map { $0 + " is" } ?? "a date item is") \(ValueFormatter.isoDate(seconds)) (\(ValueFormatter.real(seconds)) s since 2001), outside 1984-2100"
        case .aliasTruncated(let size, let needed, let what):
            "the alias record is \(English.count(size, "byte")) long, shorter than the \(needed) bytes of \(what)"
        case .aliasSizeMismatch(let declared, let actual):
            "the alias record's size field says \(English.count(declared, "byte")), but it has \(actual)"
        case .aliasVersion(let v):
            "the alias record's version is \(v), where Alias Manager records have 2 or 3; only the first 8 bytes are read"
        case .aliasTagTruncated(let tag, let length, let at, let end):
            "tagged field \(tag) at offset \(at) declares \(English.count(length, "byte")), past the record's end at \(end); the fields are read no further"
        case .aliasNoEndTag(let end):
            "the tagged fields reach the record's end at \(end) without the 0xffff end tag"
        }
    }
}

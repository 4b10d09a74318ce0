import ArchiveCore

extension NIBArchiveIssue {
    /// The lowercase, specific message of the `--check` line.
    var message: String {
        switch self {
        case .headerTruncated(let size):
            "the file is \(English.count(size, "byte")) long, shorter than the 50-byte NIBArchive header; nothing can be decoded"
        case .headerFormatVersion(let v):
            "the format word after the signature is \(v), where every known nib has 1; decoded as version 1"
        case .headerCoderVersion(let v):
            "the coder version is \(v), where known nibs have 9 or 10; decoded as version 10"
        case .tableOutOfFile(let kind, let offset, let count, let size):
            "the \(kind.noun) table of \(English.count(Int(count), kind.singular)) starts at offset \(offset), at or past the end of the \(size)-byte file; none of its entries exist"
        case .tableInHeader(let kind, let offset):
            "the \(kind.noun) table starts at offset \(offset), inside the 50-byte header; header bytes are read as its entries"
        case .tableCountTooLarge(let kind, let count, let offset, let fits, let size):
            "the header claims \(English.count(Int(count), kind.singular)), but the \(size - offset) bytes from offset \(offset) to the end of the file hold at most \(fits)"
        case .tableTruncated(let kind, let found, let count, let start, let size):
            "the file ends at \(size) inside \(kind.singular) \(found) (which starts at \(start)): \(found) of the \(count) \(kind.noun) the header declares could be read"
        case .tableOverlap(let a, let b, let r):
            "the \(a.noun) table and the \(b.noun) table share \(English.count(r.count, "byte")), \(r)"
        case .varintOverflow(let kind, let entry, let found, let count):
            "a variable-length integer of \(kind.singular) \(entry) does not end within 10 bytes or exceeds 64 bits; the \(kind.noun) table is read no further (\(found) of \(count) \(kind.noun))"
        case .bytesUnused(let r, let before):
            "\(English.count(r.count, "byte")) at \(r) belong to no table (\(before))"
        case .keyInvalidUTF8(let index, let shown):
            "key \(index) is not valid UTF-8: \(shown)"
        case .classUnterminated(let index, let shown):
            "class name \(index) (\(shown)) does not end with a zero byte"
        case .classInvalidUTF8(let index, let shown):
            "class name \(index) is not valid UTF-8: \(shown)"
        case .valueUnknownType(let type, let value, let found, let count):
            "value \(value) has type byte \(type), which is no known value type (0–10); the values table is read no further (\(found) of \(count) values)"
        case .valueKeyOutOfRange(let value, let key, let keys):
            "value \(value) names key \(key), but the key table has \(English.count(keys, "key"))"
        case .valueRefOutOfRange(let value, let target, let objects, let declared):
            "value \(value) refers to object \(target), but the object table has \(English.count(objects, "object"))"
                + (Int(declared) != objects ? " (of \(declared) declared)" : "")
        case .valueUnowned(let first, let count):
            count == 1 ? "value \(first) belongs to no object (no object's run of values includes it)"
                : "values \(first)…\(first + count - 1) (\(count)) belong to no object (no object's run of values includes them)"
        case .rootMissing(let declared):
            "the archive has no readable object (the header declares \(English.count(Int(declared), "object"))), so there is no root object #0"
        case .objectClassOutOfRange(let id, let index, let classes):
            "object #\(id) names class \(index), but the class-name table has \(English.count(classes, "name"))"
        case .objectValuesOutOfRange(let id, let first, let count, let values, let declared):
            "object #\(id) lists values \(first)…\(first &+ count &- 1) (\(count)), but the value table has \(English.count(values, "value"))"
                + (Int(declared) != values ? " (of \(declared) declared)" : "")
        case .objectValuesOverlap(let id, let other, let first, let count):
            "object #\(id) shares \(English.count(count, "value")) from value \(first) on with object #\(other)"
        case .objectUnreachable(let id, let className):
            "object #\(id) (\(className)) is not reachable from the root object #0; no loader instantiates it"
        case .objectNoSuchID(let id, let objects):
            "object #\(id) does not exist (the object table has \(English.count(objects, "object")))"
        }
    }
}

import ArchiveCore
import ArchiveDocuments
import Bookmark

/// Bookmark data and alias records inside data values, exported as their decoded records:
/// `{"$bookmark": {...}}` in the shape `BookmarkJSON` documents, and `{"$aliasRecord": {"volumeName":
/// …, "posixPath": …, "summary": {...}}}` with an alias record's fields by name. Within the same byte
/// budget as embedded archives; a record past it stays data. A standalone bookmark or alias record
/// (a `BookmarkGraph`) is exported as the same value: its document is the record.
extension ExportShapes {
    /// The decoded record `bytes` (of `format`, their `EmbeddedArchive.format(of:)`) hold, or nil when
    /// they hold none or `budget` has no room for them.
    static func bookmarkValue(_ bytes: [UInt8], format: ContainerFormat?, budget: EmbeddedBudget) -> ExportValue? {
        guard case .bookmark(let alias)? = format, budget.spend(bytes.count) else { return nil }
        return recordValue(InputBytes(bytes), alias: alias)
    }

    /// The record `input` holds as `{"$bookmark": …}`, or as `{"$aliasRecord": …}` when `alias`.
    static func recordValue(_ input: InputBytes, alias: Bool) -> ExportValue {
        guard alias else { return exportValue(BookmarkData(input: input).json()) }
        let record = AliasRecord(input: input)
        var entries: [(String, ExportValue)] = []
        var seen: Set<String> = []
        for field in record.fields where seen.insert(field.name).inserted {
            entries.append((field.name, .scalar(exportScalar(field.value))))
        }
        entries.append(("summary", exportValue(record.summary.json)))
        return .tagged("$aliasRecord", .dictionary(ExportEntries(entries)))
    }

    /// A bookmark's JSON tree as export values. Recursive: its depth is the bookmark decoder's, which
    /// is bounded (`bookmark.item.too-deep`).
    static func exportValue(_ json: BookmarkJSON) -> ExportValue {
        switch json {
        case .null: .scalar(.null)
        case .bool(let b): .scalar(.bool(b))
        case .integer(let i): .scalar(.integer(Int128(i)))
        case .real(let d): .scalar(.real(d))
        case .string(let s): .scalar(.string(s))
        case .data(let d): .scalar(.data(d))
        case .date(let t): .scalar(.date(t))
        case .array(let elements): .array(ExportItems(elements.map(exportValue)))
        case .object(let members): .dictionary(ExportEntries(members.map { ($0.key, exportValue($0.value)) }))
        }
    }

    /// A field of an alias record as a leaf.
    static func exportScalar(_ value: BookmarkFieldValue) -> ExportScalar {
        switch value {
        case .string(let s), .uuid(let s), .url(let s): .string(s)
        case .integer(let i): .integer(Int128(i))
        case .real(let d): .real(d)
        case .bool(let b): .bool(b)
        case .date(let t): .date(t)
        case .data(let d), .unknown(_, let d): .data(d)
        case .null, .missing, .group: .null
        }
    }
}

import ArchiveCore

/// One named field of a bookmark's presentation-neutral view (`BookmarkView`): a TOC entry, an array
/// element, a dictionary entry or a header field, with its typed value, a display-safe one-line
/// summary, its byte range (relative to the bookmark) and its children (indices into
/// `BookmarkView.fields`).
package struct BookmarkField: Sendable, Equatable {
    /// `path`, `volumeName`, `0x1054`, `[0]`, a string key's text, `header`.
    package let name: String
    package let value: BookmarkFieldValue
    /// Display-safe, cut to `ValueFormatter.summaryLimit` characters.
    package let summary: String
    /// The item's bytes (header and payload), or the field's bytes for header fields and links
    /// that lead nowhere.
    package let range: ByteRange?
    /// The item this field shows, when it shows one.
    package let item: Int?
    /// Child fields in order.
    package internal(set) var children: [Int] = []
}

/// A field's value, typed. Containers (arrays, dictionaries, relative URLs, tables of contents, the
/// header) are `.group`, with their parts as children.
package enum BookmarkFieldValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    /// Seconds since 2001-01-01T00:00:00Z.
    case date(Double)
    /// At most `BookmarkView.leafByteLimit` bytes; the field's range covers them all.
    case data([UInt8])
    /// `4F11DC52-BC18-…` in the usual 8-4-4-4-12 form.
    case uuid(String)
    case url(String)
    case null
    /// An item of an unknown type or of a size its type does not allow: its type code and (at most
    /// `BookmarkView.leafByteLimit`) bytes.
    case unknown(typeCode: UInt32, bytes: [UInt8])
    /// An offset that led to no item (reported).
    case missing(offset: UInt32)
    case group

    /// The display-safe one-line summary.
    package var summary: String {
        switch self {
        case .string(let s): ValueFormatter.quoted(s)
        case .integer(let i): String(i)
        case .real(let d): ValueFormatter.real(d)
        case .bool(let b): b ? "true" : "false"
        case .date(let t): ValueFormatter.isoDate(t)
        case .data(let bytes): ValueFormatter.dataSummary(bytes)
        case .uuid(let u): u
        case .url(let u): "<" + DisplayText.escape(ValueFormatter.cut(u)) + ">"
        case .null: "null"
        case .unknown(let code, let bytes): "type 0x\(BookmarkHex.word(code, digits: 4)) " + ValueFormatter.dataSummary(bytes)
        case .missing(let offset): "no item at data offset \(offset)"
        case .group: ""
        }
    }
}

extension BookmarkData {
    /// The value of item `index` as a view leaf (`.group` for containers).
    func leaf(_ index: Int, byteLimit: Int) -> BookmarkFieldValue {
        let item = items[index]
        func prefix() -> [UInt8] { reader.bytes(ByteRange(start: item.payloadRange.start, count: Swift.min(item.payloadRange.count, byteLimit))) }
        switch item.value {
        case .string: return .string(text(of: index, limit: byteLimit))
        case .url: return .url(text(of: index, limit: byteLimit))
        case .data: return .data(prefix())
        case .integer(let i): return .integer(i)
        case .real(let d): return .real(d)
        case .date(let t): return .date(t)
        case .bool(let b): return .bool(b)
        case .uuid(let bytes): return .uuid(Self.uuidText(bytes))
        case .null: return .null
        case .array, .dictionary, .relativeURL: return .group
        case .raw: return .unknown(typeCode: item.typeCode, bytes: prefix())
        }
    }

    /// 16 bytes as `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX` (uppercase, as macOS shows volume UUIDs).
    static func uuidText(_ bytes: [UInt8]) -> String {
        let hex = BookmarkHex.bytes(bytes).uppercased()
        guard hex.count == 32 else { return hex }
        var out = ""
        for (i, c) in hex.enumerated() {
            if [8, 12, 16, 20].contains(i) { out.append("-") }
            out.append(c)
        }
        return out
    }
}

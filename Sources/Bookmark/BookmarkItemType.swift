import ArchiveCore

/// What an item's 32-bit type code means: the high bits (`code & 0xffffff00`) name the kind, the low
/// byte a subtype (a number's width, a boolean's value, a URL's form).
///
/// 0x0101 string (UTF-8), 0x0201 data, 0x0301-0x0306 numbers (signed 8, 16, 32, 64 bits, float32,
/// float64; little-endian), 0x0400 date (big-endian float64 seconds since 2001-01-01 UTC), 0x0500 and
/// 0x0501 false and true (no payload), 0x0601 array (4-byte offsets), 0x0701 dictionary (pairs of
/// 4-byte key and value offsets), 0x0801 UUID (16 bytes), 0x0901 URL (UTF-8), 0x0902 relative URL
/// (offsets of a base URL and of a string), 0x0a01 null.
package enum BookmarkItemType: Sendable, Equatable, Hashable {
    case string
    case data
    /// A signed integer of `width` bytes (1, 2, 4 or 8).
    case integer(width: Int)
    /// A float of `width` bytes (4 or 8).
    case real(width: Int)
    case date
    case bool(Bool)
    case array
    case dictionary
    case uuid
    case url
    case relativeURL
    case null
    /// A code this decoder does not know; the item keeps its bytes.
    case unknown(UInt32)

    /// The meaning of type code `code`.
    package init(code: UInt32) {
        let kind = code & 0xFFFF_FF00, sub = code & 0xFF
        switch (kind, sub) {
        case (0x0100, _): self = .string
        case (0x0200, _): self = .data
        case (0x0300, 1): self = .integer(width: 1)
        case (0x0300, 2): self = .integer(width: 2)
        case (0x0300, 3): self = .integer(width: 4)
        case (0x0300, 4): self = .integer(width: 8)
        case (0x0300, 5): self = .real(width: 4)
        case (0x0300, 6): self = .real(width: 8)
        case (0x0400, _): self = .date
        case (0x0500, 0): self = .bool(false)
        case (0x0500, 1): self = .bool(true)
        case (0x0600, _): self = .array
        case (0x0700, _): self = .dictionary
        case (0x0800, _): self = .uuid
        case (0x0900, 2): self = .relativeURL
        case (0x0900, _): self = .url
        case (0x0A00, _): self = .null
        default: self = .unknown(code)
        }
    }

    /// A noun for messages and views (`string`, `32-bit integer`, `relative URL`).
    package var noun: String {
        switch self {
        case .string: "string"
        case .data: "data"
        case .integer(let w): "\(8 * w)-bit integer"
        case .real(let w): w == 4 ? "float" : "double"
        case .date: "date"
        case .bool(let b): b ? "true" : "false"
        case .array: "array"
        case .dictionary: "dictionary"
        case .uuid: "UUID"
        case .url: "URL"
        case .relativeURL: "relative URL"
        case .null: "null"
        case .unknown(let code): "unknown type 0x\(BookmarkHex.word(code, digits: 4))"
        }
    }

    /// The payload size the type requires, or nil when any size (or a multiple, checked elsewhere) is fine.
    var requiredSize: Int? {
        switch self {
        case .integer(let w), .real(let w): w
        case .date: 8
        case .bool, .null: 0
        case .uuid: 16
        case .relativeURL: 8
        default: nil
        }
    }

    /// The payload size must be a multiple of this (array offsets, dictionary pairs).
    var sizeMultiple: Int? {
        switch self {
        case .array: 4
        case .dictionary: 8
        default: nil
        }
    }

    /// Whether items of this type hold offsets of other items.
    var isContainer: Bool { self == .array || self == .dictionary || self == .relativeURL }
}

/// Hex spellings used in messages, views and JSON.
enum BookmarkHex {
    /// `value` in lowercase hex, zero-padded to at least `digits` digits.
    static func word(_ value: UInt32, digits: Int = 8) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: Swift.max(0, digits - text.count)) + text
    }

    /// The bytes as lowercase hex.
    static func bytes(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var raw: [UInt8] = []
        raw.reserveCapacity(bytes.count * 2)
        for b in bytes { raw.append(digits[Int(b >> 4)]); raw.append(digits[Int(b & 15)]) }
        return String(decoding: raw, as: UTF8.self)
    }
}

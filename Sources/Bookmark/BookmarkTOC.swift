import ArchiveCore

/// One table of contents: a 20-byte header (u32 length of the rest after the first 8 bytes, u32
/// marker 0xfffffffe, u32 identifier, u32 offset of the next table or 0, u32 entry count) and
/// `count` entries of 12 bytes (u32 key, u32 item offset, u32 flags). Ranges are relative to the
/// bookmark's first byte.
package struct BookmarkTOC: Sendable, Equatable {
    /// The stored offset (relative to the data area) this table was found at.
    package let offset: UInt32
    /// The 20-byte header.
    package let headerRange: ByteRange
    let declaredLength: UInt32
    package let identifier: UInt32
    /// The stored offset of the next table, 0 for the last.
    let nextOffset: UInt32
    package let declaredCount: UInt32
    /// The entries that exist (fewer than `declaredCount` when the bookmark ends first).
    package let entries: [BookmarkTOCEntry]

    /// Header and entries read.
    package var range: ByteRange { ByteRange(headerRange.start, headerRange.end + 12 * entries.count) }
    var lengthField: ByteRange { ByteRange(start: headerRange.start, count: 4) }
    var magicField: ByteRange { ByteRange(start: headerRange.start + 4, count: 4) }
    var nextField: ByteRange { ByteRange(start: headerRange.start + 12, count: 4) }
    var countField: ByteRange { ByteRange(start: headerRange.start + 16, count: 4) }

    /// The marker at offset 4 of every table of contents.
    package static let magic: UInt32 = 0xFFFF_FFFE
    static let headerSize = 20
    static let entrySize = 12
}

/// One entry of a table of contents.
package struct BookmarkTOCEntry: Sendable, Equatable {
    /// The 12 bytes of the entry.
    package let range: ByteRange
    package let key: BookmarkKey
    /// The value item.
    package let value: BookmarkLink
    /// The third word (0 in every known bookmark).
    package let flags: UInt32

    var keyField: ByteRange { ByteRange(start: range.start, count: 4) }
    var flagsField: ByteRange { ByteRange(start: range.start + 8, count: 4) }
}

/// A table-of-contents key: a number (0x1004 path components…) or, with the high bit set, the offset
/// of a string item that names it.
package enum BookmarkKey: Sendable, Equatable, Hashable {
    case numeric(UInt32)
    /// The stored word (high bit set) and the string item it leads to (nil when it does not).
    case string(raw: UInt32, item: Int?)

    /// The word as stored.
    package var raw: UInt32 {
        switch self {
        case .numeric(let k): k
        case .string(let raw, _): raw
        }
    }

    /// The known meaning of a numeric key.
    package var known: BookmarkKnownKey? {
        guard case .numeric(let k) = self else { return nil }
        return BookmarkKnownKey(rawValue: k)
    }

    static let stringFlag: UInt32 = 0x8000_0000
}

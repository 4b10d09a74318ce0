import ArchiveCore

/// One item of bookmark data: an 8-byte header (u32 payload length, u32 type code, little-endian) and
/// its payload. Items are addressed by index in `BookmarkData.items`; an item that several offsets
/// name is decoded once. Ranges are relative to the bookmark's first byte.
package struct BookmarkItem: Sendable, Equatable {
    /// The item's offset as stored (relative to the data area).
    package let offset: UInt32
    /// The 8-byte length-and-type header.
    package let headerRange: ByteRange
    /// The payload as far as it exists (cut at the end of the bookmark when the length runs past it).
    package let payloadRange: ByteRange
    /// The stored payload length (may exceed `payloadRange.count` in damaged data).
    let declaredLength: UInt32
    package let typeCode: UInt32
    package let type: BookmarkItemType
    package let value: BookmarkValue
    /// How many containers lie between this item and a table of contents (1 for an item a TOC entry names).
    package let depth: Int

    /// Header and payload.
    package var range: ByteRange { ByteRange(headerRange.start, payloadRange.end) }
    /// The range of the length field.
    var lengthField: ByteRange { ByteRange(start: headerRange.start, count: 4) }
    /// The range of the type field.
    var typeField: ByteRange { ByteRange(start: headerRange.start + 4, count: 4) }
    /// Whether the payload is shorter than its declared length (the bookmark ends inside it).
    package var isCut: Bool { Int(declaredLength) > payloadRange.count }
}

/// A decoded item value. Text and byte payloads are not copied: read them with `BookmarkData.text(of:)`
/// and `BookmarkData.bytes(of:)`, which read the payload range (damaged data can hold many items
/// that overlap one long run of bytes).
package enum BookmarkValue: Sendable, Equatable {
    /// UTF-8 text in the payload (`valid` false when it is not valid UTF-8).
    case string(valid: Bool)
    case data
    /// A URL as text in the payload.
    case url(valid: Bool)
    case integer(Int64)
    case real(Double)
    /// Seconds since 2001-01-01T00:00:00Z (Mac absolute time).
    case date(Double)
    case bool(Bool)
    /// 16 bytes, RFC 4122 order.
    case uuid([UInt8])
    case null
    /// Elements in order: item indices, nil where an offset led nowhere (reported).
    case array([BookmarkLink])
    /// Key and value item indices in stored order.
    case dictionary([BookmarkPair])
    /// A base URL item and a relative-part item.
    case relativeURL(base: BookmarkLink, relative: BookmarkLink)
    /// A payload whose size does not fit its type (reported as `bookmark.item.bad-size`), or an
    /// unknown type: the bytes are in the payload range.
    case raw
}

/// One offset inside a container's payload and the item it leads to.
package struct BookmarkLink: Sendable, Equatable {
    /// The 4 payload bytes holding the offset.
    package let field: ByteRange
    /// The stored offset (relative to the data area).
    package let offset: UInt32
    /// The item's index, or nil when the offset led nowhere or back into a container that holds it.
    package let item: Int?

    package init(field: ByteRange, offset: UInt32, item: Int?) {
        self.field = field
        self.offset = offset
        self.item = item
    }
}

/// One key-value pair of a dictionary item.
package struct BookmarkPair: Sendable, Equatable {
    package let key: BookmarkLink
    package let value: BookmarkLink
}

import ArchiveCore

/// The header of bookmark data, in either of its two known shapes. All ranges are relative to the
/// bookmark's first byte.
///
/// Standard (CFURLCreateBookmarkData, 48 bytes, little-endian): 0 magic `book` (or `alis`), 4 total
/// length, 8 version (0x10040000), 12 offset of the data area (48), 16..48 reserved.
///
/// Finder alias file (56 bytes): 0 `book`, 4 zero, 8 `mark`, 12 zero, 16 header size (56), 20 offset
/// of the data area (56), 24 length of the data area, 28 version, 32..56 not understood (kept as bytes).
///
/// The data area starts with the offset of the first table of contents (4 bytes); every offset in
/// tables of contents and items is relative to the data area's start.
package struct BookmarkHeader: Sendable, Equatable {
    /// Which of the two header shapes.
    package enum Shape: String, Sendable, Equatable {
        /// The 48-byte header of bookmark data in memory, plists and shared-file lists.
        case standard
        /// The 56-byte `book…mark…` header of a Finder alias file's data fork.
        case finderAliasFile
    }

    package let shape: Shape
    /// The first four bytes: `book`, or `alis` in a few old writers.
    package let magic: [UInt8]
    /// The total length the header declares (for the alias-file shape, data offset + data length).
    let declaredLength: Int
    /// The field the total length (or, for the alias-file shape, the data length) is read from.
    let lengthField: ByteRange
    /// The version word (0x10040000 in every known bookmark).
    package let version: UInt32
    let versionField: ByteRange
    /// Where the data area starts, relative to the bookmark.
    package let dataOffset: Int
    let dataOffsetField: ByteRange
    /// The header's bytes.
    package let range: ByteRange

    /// The version every known writer uses.
    static let knownVersion: UInt32 = 0x1004_0000
    static let standardSize = 48
    static let aliasFileSize = 56
    static let book = Array("book".utf8)
    static let alis = Array("alis".utf8)
    static let aliasFileMagic = Array("book".utf8) + [0, 0, 0, 0] + Array("mark".utf8) + [0, 0, 0, 0]

    /// The header's shape from the first bytes, or nil when they are not bookmark data.
    static func shape(_ reader: BookmarkReader) -> Shape? {
        if reader.matches(aliasFileMagic, at: 0) { return .finderAliasFile }
        return reader.matches(book, at: 0) || reader.matches(alis, at: 0) ? .standard : nil
    }

    /// Reads the header fields; nil when the bytes are shorter than the header of `shape`.
    init?(_ reader: BookmarkReader, shape: Shape) {
        self.shape = shape
        magic = reader.bytes(ByteRange(0, 4))
        switch shape {
        case .standard:
            // 4 total length, 8 version, 12 data offset.
            guard reader.count >= Self.standardSize, let length = reader.u32(4), let version = reader.u32(8),
                  let offset = reader.u32(12) else { return nil }
            declaredLength = Int(length)
            lengthField = ByteRange(4, 8)
            self.version = version
            versionField = ByteRange(8, 12)
            dataOffset = Int(offset)
            dataOffsetField = ByteRange(12, 16)
            range = ByteRange(0, Self.standardSize)
        case .finderAliasFile:
            // 20 data offset, 24 data length, 28 version.
            guard reader.count >= Self.aliasFileSize, let offset = reader.u32(20), let length = reader.u32(24),
                  let version = reader.u32(28) else { return nil }
            declaredLength = Int(offset) + Int(length)
            lengthField = ByteRange(24, 28)
            self.version = version
            versionField = ByteRange(28, 32)
            dataOffset = Int(offset)
            dataOffsetField = ByteRange(20, 24)
            range = ByteRange(0, Self.aliasFileSize)
        }
    }

    /// The smallest header of `shape`.
    static func size(of shape: Shape) -> Int { shape == .standard ? standardSize : aliasFileSize }

    /// The field holding the offset of the first table of contents: the data area's first 4 bytes.
    var firstTOCField: ByteRange { ByteRange(start: dataOffset, count: 4) }
}

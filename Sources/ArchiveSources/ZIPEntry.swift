import ArchiveCore

/// One entry of a ZIP file, as its central-directory record (or, in recovery, its local header)
/// describes it. Sizes and offsets are as stored; `ZIPDirectory` checks them against the file.
struct ZIPEntry: Sendable, Hashable {
    var name: [UInt8]
    /// 0 stored, 8 deflate; others are not inflated.
    var method: UInt16
    var flags: UInt16
    var crc: UInt32
    var compressedSize: Int
    var uncompressedSize: Int
    /// Offset of the entry's local file header.
    var localOffset: Int
    /// Found by scanning local headers (no usable central directory): the compressed size may be unknown.
    var recovered = false

    var isDirectory: Bool { name.last == UInt8(ascii: "/") }
    var isEncrypted: Bool { flags & 1 != 0 }
    var usesDataDescriptor: Bool { flags & 8 != 0 }
}

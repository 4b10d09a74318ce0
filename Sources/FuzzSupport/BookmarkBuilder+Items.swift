import ArchiveModel

extension DataWriter {
    /// The type code and payload of an item (containers get zeroed offset slots, filled later).
    static func encode(_ item: BookmarkBuilder.Item) -> (UInt32, [UInt8]) {
        switch item {
        case .string(let s): (0x0101, Array(s.utf8))
        case .data(let d): (0x0201, d)
        case .int8(let v): (0x0301, [UInt8(bitPattern: v)])
        case .int16(let v): (0x0302, le(UInt64(UInt16(bitPattern: v)), 2))
        case .int32(let v): (0x0303, le(UInt64(UInt32(bitPattern: v)), 4))
        case .int64(let v): (0x0304, le(UInt64(bitPattern: v), 8))
        case .float32(let f): (0x0305, le(UInt64(f.bitPattern), 4))
        case .float64(let d): (0x0306, le(d.bitPattern, 8))
        // The one big-endian field of the format.
        case .date(let t): (0x0400, le(t.bitPattern, 8).reversed())
        case .bool(let b): (b ? 0x0501 : 0x0500, [])
        case .uuid(let bytes): (0x0801, bytes)
        case .url(let s): (0x0901, Array(s.utf8))
        case .relativeURL: (0x0902, [UInt8](repeating: 0, count: 8))
        case .null: (0x0A01, [])
        case .array(let elements): (0x0601, [UInt8](repeating: 0, count: 4 * elements.count))
        case .dictionary(let entries): (0x0701, [UInt8](repeating: 0, count: 8 * entries.count))
        case .raw(let type, let payload, _): (type, payload)
        case .named(_, let inner): encode(inner)
        case .ref, .offset: (0x0A01, [])
        }
    }

    static func le(_ v: UInt64, _ width: Int) -> [UInt8] { (0..<width).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }
}

extension BookmarkBuilder {
    /// A bookmark like CoreServices writes for `/Users/me/file.txt` on the boot volume, security-scoped,
    /// with one key of every common kind plus an unknown numeric key (0x1054) and a string key.
    public static func sample() -> BookmarkBuilder {
        let uuid: [UInt8] = [0x4F, 0x11, 0xDC, 0x52, 0xBC, 0x18, 0x4F, 0x1F, 0xB0, 0x8A, 0xF9, 0x44, 0xC9, 0x1D, 0x95, 0xE3]
        let properties = DataWriter.le(0x1, 8) + DataWriter.le(0xF, 8) + DataWriter.le(0, 8)
        let volumeProperties = DataWriter.le(0x1_0000_0081, 8) + DataWriter.le(0x1_0000_13EF, 8) + DataWriter.le(0, 8)
        return BookmarkBuilder(entries: [
            Entry(0x1004, .array([.string("Users"), .string("me"), .string("file.txt")])),
            Entry(0x1005, .array([.int64(21_327), .int64(360_459), .int64(706_090)])),
            Entry(0x1010, .data(properties)),
            Entry(0x1040, .date(678_650_775)),
            Entry(0x1054, .int32(7)),
            Entry(0x2002, .string("/")),
            Entry(0x2005, .url("file:///")),
            Entry(0x2010, .string("Macintosh HD")),
            Entry(0x2011, .string("4F11DC52-BC18-4F1F-B08A-F944C91D95E3")),
            Entry(0x2012, .int64(122_107_002_880)),
            Entry(0x2013, .date(678_695_256)),
            Entry(0x2020, .data(volumeProperties)),
            Entry(0x2030, .bool(true)),
            Entry(0xC001, .int32(1)),
            Entry(0xC011, .string("me")),
            Entry(0xC012, .int32(501)),
            Entry(0xD001, .bool(false)),
            Entry(0xD010, .int32(0x800)),
            Entry(0xF017, .string("file.txt")),
            Entry(0xF080, .data(Array("64cb7eaa;00000000;00000000;0000000000000020;com.apple.app-sandbox.read-write;01;01000004;0000000000ac622a;/users/me/file.txt".utf8) + [0])),
            Entry(.string("com.example.volumeID"), .uuid(uuid)),
        ])
    }

    /// `depth` arrays, each holding the next, ending in an empty one: built iteratively (no
    /// recursion), as a whole bookmark whose one entry (0x1004) names the outermost array.
    public static func nestedArrays(depth: Int) -> [UInt8] {
        // Data area: 4 first-TOC offset, then arrays of 12 bytes (length 4, type 0x0601, offset of the next).
        var data = le(0)
        for i in 0..<depth {
            let next = i + 1 < depth ? UInt32(4 + 12 * (i + 1)) : 0xFFFF_FFF0
            data += le(i + 1 < depth ? 4 : 0) + le(0x0601) + (i + 1 < depth ? le(next) : [])
        }
        let toc = UInt32(data.count)
        data += le(24) + le(0xFFFF_FFFE) + le(1) + le(0) + le(1) + le(0x1004) + le(4) + le(0)
        data.replaceSubrange(0..<4, with: le(toc))
        return Array("book".utf8) + le(UInt32(48 + data.count)) + le(0x1004_0000) + le(48) + [UInt8](repeating: 0, count: 32) + data
    }
}

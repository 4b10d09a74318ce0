import ArchiveCore

/// The element names of the XML property-list DTD (FORMATS.md §B.2).
enum XMLElementKind: UInt8, CaseIterable, Sendable {
    case plist, dict, array, key, string, integer, real, date, data, `true`, `false`

    /// The element name as written in a tag.
    var name: String {
        switch self {
        case .plist: "plist"
        case .dict: "dict"
        case .array: "array"
        case .key: "key"
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .date: "date"
        case .data: "data"
        case .true: "true"
        case .false: "false"
        }
    }

    /// Elements whose content is text (everything but `plist`, `dict` and `array`).
    var isLeaf: Bool {
        switch self {
        case .plist, .dict, .array: false
        default: true
        }
    }

    /// The kind named by the bytes of `name`, or nil for an unknown element. Names are case-sensitive,
    /// as in CF's `parseXMLElement`. Allocation-free: this runs for every tag.
    static func classify(_ buffer: UnsafeRawBufferPointer, _ name: ByteRange) -> XMLElementKind? {
        guard name.count >= 3, name.count <= 7, name.start >= 0, name.end <= buffer.count else { return nil }
        let s = name.start
        switch (buffer[s], name.count) {
        case (UInt8(ascii: "p"), 5): return same(buffer, s, "plist") ? .plist : nil
        case (UInt8(ascii: "a"), 5): return same(buffer, s, "array") ? .array : nil
        case (UInt8(ascii: "k"), 3): return same(buffer, s, "key") ? .key : nil
        case (UInt8(ascii: "s"), 6): return same(buffer, s, "string") ? .string : nil
        case (UInt8(ascii: "i"), 7): return same(buffer, s, "integer") ? .integer : nil
        case (UInt8(ascii: "r"), 4): return same(buffer, s, "real") ? .real : nil
        case (UInt8(ascii: "t"), 4): return same(buffer, s, "true") ? .true : nil
        case (UInt8(ascii: "f"), 5): return same(buffer, s, "false") ? .false : nil
        case (UInt8(ascii: "d"), 4):
            if same(buffer, s, "dict") { return .dict }
            if same(buffer, s, "data") { return .data }
            return same(buffer, s, "date") ? .date : nil
        default: return nil
        }
    }

    /// Whether the bytes at `start` spell `word` (the caller has checked the length).
    @inline(__always)
    private static func same(_ buffer: UnsafeRawBufferPointer, _ start: Int, _ word: StaticString) -> Bool {
        let pointer = word.utf8Start
        for i in 0..<word.utf8CodeUnitCount where buffer[start + i] != pointer[i] { return false }
        return true
    }
}

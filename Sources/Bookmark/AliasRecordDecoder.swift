import ArchiveCore

/// Reads an `AliasRecord`: the 8-byte head, the fixed part of version 2 or 3, and the tagged fields.
struct AliasRecordDecoder {
    static let v2End = 150
    static let v3End = 58
    /// Seconds from 1904-01-01 (classic Mac epoch) to 2001-01-01 (Mac absolute time).
    static let epoch1904 = 3_061_152_000.0

    let reader: BookmarkReader
    var declaredSize: Int?
    var version: UInt16?
    var fields: [BookmarkField] = []
    var tags: [AliasTag] = []
    var diagnostics: [Diagnostic] = []

    init(reader: BookmarkReader) { self.reader = reader }

    mutating func report(_ issue: BookmarkIssue, _ range: ByteRange) { diagnostics.append(issue.diagnostic(range)) }

    mutating func add(_ name: String, _ value: BookmarkFieldValue, _ range: ByteRange, summary: String? = nil) {
        fields.append(BookmarkField(name: name, value: value, summary: summary ?? value.summary, range: range, item: nil))
    }

    mutating func decode() {
        // Head: 0 application data (4), 4 record size (u16), 6 version (u16).
        guard let size = reader.uintBE(4, width: 2), let version = reader.uintBE(6, width: 2) else {
            report(.aliasTruncated(size: reader.count, needed: 8, what: "its head (application data, size, version)"), ByteRange(0, reader.count))
            return
        }
        declaredSize = Int(size)
        self.version = UInt16(version)
        add("appData", .data(reader.bytes(ByteRange(0, 4))), ByteRange(0, 4))
        add("recordSize", .integer(Int64(size)), ByteRange(4, 6))
        add("version", .integer(Int64(version)), ByteRange(6, 8))
        if Int(size) != reader.count { report(.aliasSizeMismatch(declared: Int(size), actual: reader.count), ByteRange(4, 6)) }
        guard version == 2 || version == 3 else {
            report(.aliasVersion(UInt16(version)), ByteRange(6, 8))
            return
        }
        let fixedEnd = version == 2 ? Self.v2End : Self.v3End
        let end = Swift.min(Int(size), reader.count)
        guard end >= fixedEnd else {
            report(.aliasTruncated(size: end, needed: fixedEnd, what: "the version \(version) fixed fields"), ByteRange(0, end))
            return
        }
        if version == 2 { readVersion2() } else { readVersion3() }
        readTags(from: fixedEnd, end: end)
    }

    mutating func readVersion2() {
        add("kind", .integer(Int64(reader.uintBE(8, width: 2) ?? 0)), ByteRange(8, 10))
        pascal("volumeName", at: 10, capacity: 28)
        date1904("volumeCreationDate", seconds: reader.uintBE(38, width: 4), ByteRange(38, 42))
        add("fileSystemType", .data(reader.bytes(ByteRange(42, 44))), ByteRange(42, 44))
        add("diskType", .integer(Int64(reader.uintBE(44, width: 2) ?? 0)), ByteRange(44, 46))
        add("parentDirectoryID", .integer(Int64(reader.uintBE(46, width: 4) ?? 0)), ByteRange(46, 50))
        pascal("targetName", at: 50, capacity: 64)
        add("fileID", .integer(Int64(reader.uintBE(114, width: 4) ?? 0)), ByteRange(114, 118))
        date1904("creationDate", seconds: reader.uintBE(118, width: 4), ByteRange(118, 122))
        add("creator", .data(reader.bytes(ByteRange(122, 126))), ByteRange(122, 126))
        add("type", .data(reader.bytes(ByteRange(126, 130))), ByteRange(126, 130))
        add("volumeAttributes", .integer(Int64(reader.uintBE(134, width: 4) ?? 0)), ByteRange(134, 138))
    }

    mutating func readVersion3() {
        add("kind", .integer(Int64(reader.uintBE(8, width: 2) ?? 0)), ByteRange(8, 10))
        hiResDate("volumeCreationDate", at: 10)
        add("fileSystemType", .data(reader.bytes(ByteRange(18, 22))), ByteRange(18, 22))
        add("diskType", .integer(Int64(reader.uintBE(22, width: 2) ?? 0)), ByteRange(22, 24))
        add("parentDirectoryID", .integer(Int64(reader.uintBE(24, width: 4) ?? 0)), ByteRange(24, 28))
        add("fileID", .integer(Int64(reader.uintBE(28, width: 4) ?? 0)), ByteRange(28, 32))
        hiResDate("creationDate", at: 32)
        add("volumeAttributes", .integer(Int64(reader.uintBE(40, width: 4) ?? 0)), ByteRange(40, 44))
    }

    /// A Pascal string (length byte, then up to `capacity - 1` bytes) in a field of `capacity` bytes.
    mutating func pascal(_ name: String, at offset: Int, capacity: Int) {
        let length = Swift.min(Int(reader.uintBE(offset, width: 1) ?? 0), capacity - 1)
        let (text, _) = reader.text(ByteRange(start: offset + 1, count: length))
        add(name, .string(text), ByteRange(start: offset, count: capacity))
    }

    /// A date of whole seconds since 1904 (version 2), as Mac absolute time.
    mutating func date1904(_ name: String, seconds: UInt64?, _ range: ByteRange) {
        guard let seconds else { return }
        add(name, .date(Double(seconds) - Self.epoch1904), range)
    }

    /// A date of 1/65536 seconds since 1904 (version 3 and tags 16, 17), as Mac absolute time.
    mutating func hiResDate(_ name: String, at offset: Int) {
        guard let raw = reader.uintBE(offset, width: 8) else { return }
        add(name, .date(Double(raw) / 65536 - Self.epoch1904), ByteRange(start: offset, count: 8))
    }
}

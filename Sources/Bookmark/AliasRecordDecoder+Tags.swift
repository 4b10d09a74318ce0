import ArchiveCore

extension AliasRecordDecoder {
    /// Tagged fields with a known meaning (mac_alias's alias format documentation).
    static let tagNames: [UInt16: String] = [
        0: "parentFolderName", 1: "cnidPath", 2: "carbonPath", 3: "appleShareZone", 4: "appleShareServer",
        5: "appleShareUser", 6: "driverName", 9: "networkMountInfo", 10: "dialupInfo", 14: "unicodeFileName",
        15: "unicodeVolumeName", 16: "volumeCreationDateHiRes", 17: "creationDateHiRes", 18: "posixPath",
        19: "posixPathToMountPoint", 20: "diskImageAlias", 21: "userHomePrefixLength",
    ]

    /// At most this many tagged fields are read (real records have under 20).
    static let tagLimit = 4_096

    /// Whether the tag chain from `start` reaches the 0xffff end tag within `end` (for `matches`).
    static func tagChainEnds(_ reader: BookmarkReader, from start: Int, end: Int) -> Bool {
        var at = start
        for _ in 0..<tagLimit {
            guard at + 4 <= end, let tag = reader.uintBE(at, width: 2), let length = reader.uintBE(at + 2, width: 2) else { return false }
            if tag == 0xFFFF { return true }
            at += 4 + Int(length) + Int(length & 1)
        }
        return false
    }

    /// Tag (u16), length (u16), value, a pad byte after an odd length; 0xffff ends the list.
    mutating func readTags(from start: Int, end: Int) {
        var at = start
        for _ in 0..<Self.tagLimit {
            guard at + 4 <= end, let tag = reader.uintBE(at, width: 2), let length = reader.uintBE(at + 2, width: 2) else {
                report(.aliasNoEndTag(end: end), ByteRange(Swift.min(at, end), end))
                return
            }
            if tag == 0xFFFF { return }
            let value = ByteRange(start: at + 4, count: Int(length))
            guard value.end <= end else {
                report(.aliasTagTruncated(tag: UInt16(tag), length: Int(length), at: at, end: end), ByteRange(start: at + 2, count: 2))
                return
            }
            tags.append(AliasTag(tag: UInt16(tag), range: ByteRange(at, value.end), valueRange: value))
            addTag(UInt16(tag), value)
            at = value.end + Int(length & 1)
        }
    }

    /// The field of one tag: names and paths as text, dates and IDs decoded, others as bytes.
    mutating func addTag(_ tag: UInt16, _ value: ByteRange) {
        let label = "tag \(tag)" + (Self.tagNames[tag].map { " (\($0))" } ?? "")
        switch tag {
        case 0, 2, 18, 19:
            let text = reader.text(value).text
            add(label, .string(text), value)
            if tag == 18 { add("posixPath", .string(text), value) }
            if tag == 19 { add("volumeMountPoint", .string(text), value) }
        case 14, 15:
            // u16 character count, then UTF-16BE.
            let units = (0..<Swift.max(0, (value.count - 2) / 2)).compactMap { reader.uintBE(value.start + 2 + 2 * $0, width: 2).map(UInt16.init) }
            let text = String(decoding: units, as: UTF16.self)
            add(label, .string(text), value)
            replaceOrAdd(tag == 14 ? "targetName" : "volumeName", .string(text), value)
        case 16 where value.count == 8, 17 where value.count == 8:
            hiResDate(label, at: value.start)
            if let raw = reader.uintBE(value.start, width: 8) {
                replaceOrAdd(tag == 16 ? "volumeCreationDate" : "creationDate", .date(Double(raw) / 65536 - Self.epoch1904), value)
            }
        case 1:
            let ids = (0..<(value.count / 4)).compactMap { reader.uintBE(value.start + 4 * $0, width: 4) }
            add(label, .string(ids.map(String.init).joined(separator: ",")), value, summary: "CNIDs " + ids.prefix(32).map(String.init).joined(separator: ", "))
        default:
            add(label, .data(reader.bytes(ByteRange(start: value.start, count: Swift.min(value.count, BookmarkView.leafByteLimit)))), value,
                summary: BookmarkView.dataSummary(reader.bytes(ByteRange(start: value.start, count: Swift.min(16, value.count))), total: value.count))
        }
    }

    /// Sets the field `name` (a tag's fuller form of a fixed field: Unicode names, high-resolution dates).
    mutating func replaceOrAdd(_ name: String, _ value: BookmarkFieldValue, _ range: ByteRange) {
        let field = BookmarkField(name: name, value: value, summary: value.summary, range: range, item: nil)
        if let i = fields.firstIndex(where: { $0.name == name }) { fields[i] = field } else { fields.append(field) }
    }
}

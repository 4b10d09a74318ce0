import ArchiveCore

/// The records of a Manifest.mbdb (iOS 5 to 9 backups), read one after another from the bytes:
/// the header `mbdb` 05 00, then per file five strings (domain, path, link target, data hash,
/// encryption key), the mode (u16), inode (u64), user and group ids (u32 each), three times (u32
/// each), the size (u64), the protection class and the number of properties (u8 each), then the
/// properties as pairs of strings. Numbers are big-endian; a string is a u16 length and its bytes,
/// 0xFFFF for none. See docs/BACKUPS.md.
struct BackupMBDB {
    static let magic: [UInt8] = Array("mbdb".utf8) + [0x05, 0x00]

    /// Why reading stopped before the end, with where.
    struct Damage: Sendable {
        var message: String
        var range: ByteRange
    }

    let input: InputBytes

    /// Hands each record to `body` (which returns false to stop) and returns the damage that ended the
    /// reading early, if any. The walk is one pass: memory does not grow with the number of records.
    func forEach(_ body: (BackupRecord) -> Bool) -> Damage? {
        guard input.matches(Self.magic) else {
            let found = input.bytes(in: input.clamp(ByteRange(0, 6)))
            return Damage(message: "the file does not start with mbdb 05 00 (it starts \(ValueFormatter.dataSummary(found)))", range: input.clamp(ByteRange(0, 6)))
        }
        var offset = Self.magic.count
        while offset < input.count {
            let start = offset
            guard let record = readRecord(&offset) else {
                return Damage(message: "the record at offset \(start) is cut short or malformed (the file has \(input.count) bytes); the records before it are listed",
                              range: ByteRange(start, input.count))
            }
            if !body(record) { return nil }
        }
        return nil
    }

    /// One record starting at `offset`, which is moved past it; nil when the bytes end inside it.
    private func readRecord(_ offset: inout Int) -> BackupRecord? {
        let start = offset
        guard let domain = string(&offset), let path = string(&offset),
              string(&offset) != nil, string(&offset) != nil, string(&offset) != nil,
              let mode = input.uintBE(at: offset, width: 2) else { return nil }
        // mode 2, inode 8, uid 4, gid 4, three times 12, size 8, protection 1: 39 bytes; then the count.
        offset += 39
        guard let properties = input.uintBE(at: offset, width: 1) else { return nil }
        offset += 1
        for _ in 0..<properties {
            guard string(&offset) != nil, string(&offset) != nil else { return nil }
        }
        let fileID = Array(BackupSHA1.fileID(domain: domain, relativePath: path).utf8)
        return BackupRecord(domain: domain, relativePath: path, fileID: fileID, kind: BackupRecord.kind(mode: mode),
                            location: .bytes(ByteRange(start, offset)))
    }

    /// A string at `offset` (moved past it): its bytes, empty for 0xFFFF; nil when cut short.
    private func string(_ offset: inout Int) -> [UInt8]? {
        guard let length = input.uintBE(at: offset, width: 2) else { return nil }
        offset += 2
        if length == 0xFFFF { return [] }
        let range = ByteRange(offset, offset + Int(length))
        guard input.contains(range) else { return nil }
        offset = range.end
        return input.bytes(in: range)
    }
}

import FuzzSupport
import Testing
@testable import ArchiveModel
@testable import Typedstream
@testable import ArchivePresentation

/// Classic Alias Manager records, versions 2 and 3, built by hand (big-endian), and every
/// `bookmark.alias.*` diagnostic with its range.
@Suite struct BookmarkAliasRecordTests {
    static func be(_ v: UInt64, _ width: Int) -> [UInt8] { (0..<width).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }

    /// Tagged fields: tag, length, value, pad; then the end tag unless `end` is false.
    static func tags(_ fields: [(UInt16, [UInt8])], end: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        for (tag, value) in fields { out += be(UInt64(tag), 2) + be(UInt64(value.count), 2) + value + (value.count % 2 == 1 ? [0] : []) }
        return out + (end ? [0xFF, 0xFF, 0, 0] : [])
    }

    /// A version 3 record: a folder, file ID 0x26eb1 in directory 0x26eae, dates in 2012, then `tail`.
    static func v3(_ tail: [UInt8], size: Int? = nil, version: UInt16 = 3) -> [UInt8] {
        var fixed = be(1, 2) + be(0xCE18_710E_0000, 8) + Array("H+".utf8) + [0, 0] + be(0, 2) + be(0x26EAE, 4) + be(0x26EB1, 4)
        fixed += be(0xCBF7_0A4F_0000, 8) + be(0x920, 4) + [UInt8](repeating: 0, count: 14)
        let total = 8 + fixed.count + tail.count
        return [0, 0, 0, 0] + be(UInt64(size ?? total), 2) + be(UInt64(version), 2) + fixed + tail
    }

    static func utf16(_ s: String) -> [UInt8] { be(UInt64(s.utf16.count), 2) + s.utf16.flatMap { be(UInt64($0), 2) } }

    static let sound = v3(tags([(14, utf16("a.txt")), (15, utf16("Disk")), (18, Array("Users/me/a.txt".utf8)), (19, Array("/".utf8))]))

    @Test func aVersion3Record() {
        #expect(AliasRecord.matches(Self.sound) && !BookmarkData.matches(Self.sound))
        let alias = AliasRecord(bytes: Self.sound)
        #expect(alias.diagnostics.isEmpty, "\(alias.diagnostics.map(\.description))")
        #expect(alias.version == 3 && alias.tags.map(\.tag) == [14, 15, 18, 19])
        #expect(alias.field("fileID")?.value == .integer(0x26EB1) && alias.field("fileID")?.range == ByteRange(28, 32))
        #expect(alias.field("parentDirectoryID")?.range == ByteRange(24, 28))
        #expect(alias.field("targetName")?.value == .string("a.txt") && alias.field("volumeName")?.value == .string("Disk"))
        let s = alias.summary
        #expect(s.path == "/Users/me/a.txt" && s.fileID == 0x26EB1 && s.flags == ["alias record v3", "folder"])
        #expect(s.creationDateText == "2012-06-08T01:47:59Z")
    }

    @Test func aVersion2Record() {
        func pascal(_ s: String, _ capacity: Int) -> [UInt8] {
            let bytes = Array(s.utf8)
            return [UInt8(bytes.count)] + bytes + [UInt8](repeating: 0, count: capacity - 1 - bytes.count)
        }
        let be = Self.be
        var fixed: [UInt8] = be(0, 2) + pascal("Macintosh HD", 28)
        fixed += be(3_400_000_000, 4) + Array("H+".utf8)
        fixed += be(0, 2) + be(77, 4)
        fixed += pascal("notes.txt", 64) + be(1234, 4)
        fixed += be(3_500_000_000, 4) + Array("TEXTttxt".utf8)
        fixed += be(0xFFFF, 2) + be(0xFFFF, 2)
        fixed += be(0, 4) + [0, 0]
        fixed += [UInt8](repeating: 0, count: 10)
        let tail = Self.tags([(18, Array("/Users/me/notes.txt".utf8))])
        var bytes: [UInt8] = [0, 0, 0, 0] + be(UInt64(8 + fixed.count + tail.count), 2)
        bytes += be(2, 2) + fixed + tail
        #expect(fixed.count == 142 && AliasRecord.matches(bytes))
        let alias = AliasRecord(bytes: bytes)
        #expect(alias.diagnostics.isEmpty)
        #expect(alias.field("volumeName")?.value == .string("Macintosh HD") && alias.field("volumeName")?.range == ByteRange(10, 38))
        #expect(alias.field("targetName")?.value == .string("notes.txt") && alias.field("fileID")?.range == ByteRange(114, 118))
        // 3,500,000,000 s after 1904-01-01.
        #expect(alias.summary.creationDateText == "2014-11-28T06:13:20Z" && alias.summary.path == "/Users/me/notes.txt")
    }

    @Test func aRecordCutShort() {
        let cut = Array(Self.sound.prefix(30))
        #expect(!AliasRecord.matches(cut))
        let alias = AliasRecord(bytes: cut)
        #expect(alias.diagnostics.first { $0.id == "bookmark.alias.truncated" }?.range == ByteRange(0, 30))
        #expect(AliasRecord(bytes: [0, 0, 0]).diagnostics.map(\.id) == ["bookmark.alias.truncated"])
        // Every truncation decodes, in range, with a problem.
        for n in 0..<Self.sound.count {
            let a = AliasRecord(bytes: Array(Self.sound.prefix(n)))
            #expect(!a.diagnostics.isEmpty && a.diagnostics.allSatisfy { ($0.range?.end ?? 0) <= n }, "cut at \(n)")
            #expect(a.fields.allSatisfy { ($0.range?.end ?? 0) <= Swift.max(n, 8) })
            #expect(FuzzCheck.aliasRecord(a).isEmpty || n < 8, "cut at \(n): \(FuzzCheck.aliasRecord(a))")
        }
    }

    @Test func aSizeFieldThatDisagrees() {
        let bytes = Self.v3(Self.tags([]), size: 300)
        #expect(!AliasRecord.matches(bytes))
        let alias = AliasRecord(bytes: bytes)
        #expect(alias.diagnostics.map(\.id) == ["bookmark.alias.size-mismatch"] && alias.diagnostics.first?.range == ByteRange(4, 6))
    }

    @Test func anUnknownVersion() {
        let alias = AliasRecord(bytes: Self.v3(Self.tags([]), version: 7))
        #expect(alias.diagnostics.map(\.id) == ["bookmark.alias.version"] && alias.diagnostics.first?.range == ByteRange(6, 8))
        #expect(alias.fields.map(\.name) == ["appData", "recordSize", "version"])
    }

    @Test func aTagRunningPastTheEnd() {
        let bytes = Self.v3(Self.tags([(14, Self.utf16("a"))], end: false) + [0, 18, 0x01, 0xF4] + [0, 0])
        let alias = AliasRecord(bytes: bytes)
        #expect(alias.diagnostics.map(\.id) == ["bookmark.alias.tag-truncated"])
        #expect(alias.diagnostics.first?.range == ByteRange(58 + 8 + 2, 58 + 8 + 4))
        #expect(alias.field("targetName")?.value == .string("a"))
    }

    @Test func noEndTag() {
        let bytes = Self.v3(Self.tags([(18, Array("a".utf8))], end: false))
        let alias = AliasRecord(bytes: bytes)
        #expect(alias.diagnostics.map(\.id) == ["bookmark.alias.no-end-tag"] && alias.diagnostics.first?.range == ByteRange(64, 64))
        #expect(!AliasRecord.matches(bytes))
    }
}

import FuzzSupport
import Testing
@testable import ArchiveModel
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveDocuments

/// Every `bookmark.*` diagnostic of bookmark data from a built bookmark, with its exact byte range
/// (the builder's named offsets) and what is still decoded past it.
@Suite struct BookmarkDiagnosticTests {
    static func decode(_ builder: BookmarkBuilder) -> (BookmarkData, [String: Int]) {
        let (bytes, marks) = builder.build()
        return (BookmarkData(bytes: bytes), marks)
    }

    static func mark(_ marks: [String: Int], _ name: String) -> Int { marks[name] ?? -1_000 }

    /// The one diagnostic with `id`, failing the test when there is not exactly one.
    static func only(_ id: String, _ b: BookmarkData, sourceLocation: SourceLocation = #_sourceLocation) -> Diagnostic? {
        let found = b.diagnostics.filter { $0.id == id }
        #expect(found.count == 1, "\(id): \(b.diagnostics.map(\.description))", sourceLocation: sourceLocation)
        return found.first
    }

    static let small = BookmarkBuilder(entries: [.init(0x1004, .array([.string("tmp"), .string("a")])), .init(0x2010, .string("Disk"))])

    @Test func theSampleIsClean() {
        #expect(Self.decode(BookmarkBuilder.sample()).0.diagnostics.isEmpty)
        #expect(Self.decode(Self.small).0.diagnostics.isEmpty)
    }

    @Test func headerCutShort() {
        let b = BookmarkData(bytes: Array("book".utf8) + [0x30, 0, 0, 0, 0, 0, 4, 0x10, 0x30, 0])
        #expect(Self.only("bookmark.header.truncated", b)?.range == ByteRange(0, 14))
        #expect(b.header == nil && b.tocs.isEmpty)
        #expect(Self.only("bookmark.header.truncated", BookmarkData(bytes: [0x62, 0x6F]))?.range == ByteRange(0, 2))
    }

    @Test func notABookmark() {
        let b = BookmarkData(bytes: Array("nope".utf8) + [UInt8](repeating: 0, count: 60))
        #expect(Self.only("bookmark.header.bad-magic", b)?.range == ByteRange(0, 4))
        #expect(b.diagnostics.count == 1)
    }

    @Test func declaredLengthLongerOrShorter() {
        var longer = Self.small
        longer.length = 10_000
        let (b, _) = Self.decode(longer)
        let d = Self.only("bookmark.header.length-mismatch", b)
        #expect(d?.range == ByteRange(4, 8) && d?.severity == .error && d?.message.contains("10000 bytes") == true)
        #expect(b.summary.path == "/tmp/a")
        var padded = Self.small
        padded.trailing = [0, 0, 0, 0]
        let (p, _) = Self.decode(padded)
        #expect(Self.only("bookmark.header.length-mismatch", p)?.severity == .warning)
    }

    @Test func dataOffsetPastTheEndOrInsideTheHeader() {
        var far = Self.small
        far.dataOffset = 10_000
        let (b, _) = Self.decode(far)
        #expect(Self.only("bookmark.header.data-offset", b)?.range == ByteRange(12, 16))
        #expect(b.tocs.isEmpty && b.diagnostics.count == 1)
        var inside = Self.small
        inside.dataOffset = 8
        #expect(Self.only("bookmark.header.data-offset", Self.decode(inside).0)?.range == ByteRange(12, 16))
    }

    @Test func anUnknownVersion() {
        var v = Self.small
        v.version = 0x1005_0000
        let (b, _) = Self.decode(v)
        #expect(Self.only("bookmark.header.version", b)?.range == ByteRange(8, 12))
        #expect(b.summary.path == "/tmp/a")
    }

    @Test func aFirstTableOutOfRangeOrMissing() {
        var far = Self.small
        far.firstTOC = 0xFFFF_0000
        let (b, marks) = Self.decode(far)
        #expect(Self.only("bookmark.toc.out-of-range", b)?.range == ByteRange(start: Self.mark(marks, "firstTOC"), count: 4))
        var zero = Self.small
        zero.firstTOC = 0
        let (z, _) = Self.decode(zero)
        #expect(Self.only("bookmark.toc.out-of-range", z)?.message.contains("is 0") == true)
    }

    @Test func aTableWithoutItsMarker() {
        var bad = Self.small
        bad.tocs[0].magic = 0x1234_5678
        let (b, marks) = Self.decode(bad)
        #expect(Self.only("bookmark.toc.bad-magic", b)?.range == ByteRange(start: Self.mark(marks, "toc.0") + 4, count: 4))
        #expect(b.tocs.isEmpty)
    }

    @Test func aLoopOfTables() {
        var loop = Self.small
        loop.tocs.append(BookmarkBuilder.TOC(identifier: 2, [.init(0x2011, .string("X"))]))
        loop.tocs[1].next = .table(0)
        let (b, marks) = Self.decode(loop)
        let d = Self.only("bookmark.toc.loop", b)
        #expect(d?.range == ByteRange(start: Self.mark(marks, "toc.1") + 12, count: 4))
        #expect(d?.notes.first?.range == ByteRange(start: Self.mark(marks, "toc.0"), count: 20))
        #expect(b.tocs.count == 2)
    }

    @Test func tooManyTables() {
        let tables = (0..<70).map { BookmarkBuilder.TOC(identifier: UInt32($0), []) }
        let (b, marks) = Self.decode(BookmarkBuilder(tables))
        #expect(Self.only("bookmark.toc.too-many", b)?.range == ByteRange(start: Self.mark(marks, "toc.63") + 12, count: 4))
        #expect(b.tocs.count == 64)
    }

    @Test func aCountNoBookmarkCanHold() {
        var big = Self.small
        big.tocs[0].count = .max
        let (b, marks) = Self.decode(big)
        let d = Self.only("bookmark.toc.count-too-large", b)
        #expect(d?.range == ByteRange(start: Self.mark(marks, "toc.0") + 16, count: 4) && d?.message.contains("4294967295") == true)
        #expect(b.tocs.first?.entries.count == 2 && b.tocs.first?.declaredCount == .max)
    }

    @Test func aLengthFieldThatDisagrees() {
        var odd = Self.small
        odd.tocs[0].length = 999
        let (b, marks) = Self.decode(odd)
        #expect(Self.only("bookmark.toc.length-mismatch", b)?.range == ByteRange(start: Self.mark(marks, "toc.0"), count: 4))
        // mac_alias's own rule (12 per entry - 8) is accepted.
        var macAlias = Self.small
        macAlias.tocs[0].length = 16
        #expect(Self.decode(macAlias).0.diagnostics.isEmpty)
    }

    @Test func keysOutOfOrder() {
        let (b, marks) = Self.decode(BookmarkBuilder(entries: [.init(0x2010, .string("Disk")), .init(0x1004, .array([]))]))
        let d = Self.only("bookmark.toc.unsorted", b)
        #expect(d?.range == ByteRange(start: Self.mark(marks, "toc.0.entry.1"), count: 4))
        #expect(d?.notes.first?.range == ByteRange(start: Self.mark(marks, "toc.0.entry.0"), count: 4))
    }

    @Test func aStringKeyOnANumber() {
        let entries: (UInt32) -> [BookmarkBuilder.Entry] = { raw in
            [.init(0x1054, .named("n", .int32(5))), .init(.raw(raw), .string("v"))]
        }
        let (_, first) = BookmarkBuilder(entries: entries(0x8000_0000)).build()
        let offset = UInt32(Self.mark(first, "item.n") - Self.mark(first, "dataArea"))
        let (b, marks) = Self.decode(BookmarkBuilder(entries: entries(0x8000_0000 | offset)))
        let d = Self.only("bookmark.key.not-string", b)
        #expect(d?.range == ByteRange(start: Self.mark(marks, "toc.0.entry.1"), count: 4))
        #expect(d?.notes.first?.range == ByteRange(start: Self.mark(marks, "item.n"), count: 8))
        #expect(b.tocs[0].entries[1].key == .string(raw: 0x8000_0000 | offset, item: nil))
    }

    @Test func aKnownKeyOfTheWrongType() {
        let (b, marks) = Self.decode(BookmarkBuilder(entries: [.init(0x2010, .int32(3))]))
        let d = Self.only("bookmark.key.unexpected-type", b)
        #expect(d?.range == ByteRange(start: Self.mark(marks, "toc.0.entry.0.item") + 4, count: 4))
        #expect(d?.message == "volumeName holds a 32-bit integer item where a string is expected")
        let (p, pm) = Self.decode(BookmarkBuilder(entries: [.init(0x1004, .array([.string("a"), .int32(1)]))]))
        #expect(Self.only("bookmark.key.unexpected-type", p)?.range == ByteRange(start: Self.mark(pm, "toc.0.entry.0.item.1") + 4, count: 4))
    }
}

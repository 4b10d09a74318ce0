import FuzzSupport
import Testing
@testable import ArchiveModel
@testable import OpenStepPlist
@testable import KeyedArchive
@testable import IB3XML
@testable import Bookmark
@testable import ArchiveDocuments

/// The item diagnostics (`bookmark.item.*`, `bookmark.date.implausible`) with their exact ranges.
@Suite struct BookmarkItemDiagnosticTests {
    typealias T = BookmarkDiagnosticTests

    /// A bookmark of one entry (unknown key 0x1054) holding `item`, and the offset of that item.
    static func decode(_ item: BookmarkBuilder.Item) -> (BookmarkData, [String: Int], Int) {
        let (b, marks) = T.decode(BookmarkBuilder(entries: [.init(0x1054, item)]))
        return (b, marks, T.mark(marks, "toc.0.entry.0.item"))
    }

    @Test func anItemOffsetPastTheEnd() {
        let (b, marks, _) = Self.decode(.offset(0xFFFF_0000))
        let d = T.only("bookmark.item.out-of-range", b)
        #expect(d?.range == ByteRange(start: T.mark(marks, "toc.0.entry.0") + 4, count: 4))
        #expect(b.tocs[0].entries[0].value.item == nil)
        #expect(b.view().fields.first?.value == .missing(offset: 0xFFFF_0000))
    }

    @Test func aLengthNear2To32() {
        let (b, _, at) = Self.decode(.raw(type: 0x0101, payload: Array("abc".utf8), length: 0xFFFF_FFF0))
        let d = T.only("bookmark.item.length-too-large", b)
        #expect(d?.range == ByteRange(start: at, count: 4) && d?.message.contains("4294967280 bytes") == true)
        let item = b.items[0]
        #expect(item.isCut && item.payloadRange.start == at + 8 && item.payloadRange.end == b.count)
        #expect(b.text(of: 0).hasPrefix("abc"))
    }

    @Test func anUnknownType() {
        let (b, _, at) = Self.decode(.raw(type: 0x0B01, payload: [1, 2, 3, 4]))
        let d = T.only("bookmark.item.unknown-type", b)
        #expect(d?.range == ByteRange(start: at + 4, count: 4) && d?.severity == .note)
        #expect(b.items[0].type == .unknown(0x0B01) && b.items[0].value == .raw)
        #expect(b.view().fields.first?.value == .unknown(typeCode: 0x0B01, bytes: [1, 2, 3, 4]))
    }

    @Test func aNumberOfTheWrongSize() {
        let (b, _, at) = Self.decode(.raw(type: 0x0303, payload: [1, 2]))
        let d = T.only("bookmark.item.bad-size", b)
        #expect(d?.range == ByteRange(start: at, count: 4))
        #expect(d?.notes.first?.range == ByteRange(start: at + 4, count: 4))
        #expect(b.items[0].value == .raw)
        let (a, _, _) = Self.decode(.raw(type: 0x0601, payload: [0, 0, 0]))
        #expect(T.only("bookmark.item.bad-size", a)?.message.contains("multiple of 4") == true)
    }

    @Test func textThatIsNotUTF8() {
        let (b, _, at) = Self.decode(.raw(type: 0x0101, payload: [0x66, 0xFF, 0x66]))
        let d = T.only("bookmark.item.invalid-utf8", b)
        #expect(d?.range == ByteRange(start: at + 8, count: 3) && d?.message.contains("f\\xfff") == true)
        #expect(b.items[0].value == .string(valid: false))
    }

    @Test func nestingDeeperThanTheLimit() {
        let b = BookmarkData(bytes: BookmarkBuilder.nestedArrays(depth: 100))
        // Arrays of 12 bytes from data offset 4 (file offset 52); the one at depth 64 is the 64th and its
        // link field is 8 bytes into it.
        #expect(T.only("bookmark.item.too-deep", b)?.range == ByteRange(start: 52 + 12 * 63 + 8, count: 4))
        #expect(b.items.count == 64 && b.items.map(\.depth).max() == 64)
    }

    @Test func aContainerThatHoldsItself() {
        let (b, _, at) = Self.decode(.named("a", .array([.string("x"), .ref("a")])))
        let d = T.only("bookmark.item.cycle", b)
        #expect(d?.range == ByteRange(start: at + 12, count: 4))
        #expect(d?.notes.first?.range == ByteRange(start: at, count: 8))
        guard case .array(let links) = b.items[0].value else { Issue.record("not an array"); return }
        #expect(links.count == 2 && links[0].item != nil && links[1].item == nil)
        // Two arrays holding each other.
        let (c, _, _) = Self.decode(.named("p", .array([.array([.ref("p")])])))
        #expect(T.only("bookmark.item.cycle", c) != nil)
    }

    @Test func aFloodOfProblemsIsCut() {
        let (b, _, _) = Self.decode(.array((0..<1_200).map { _ in .offset(0xFFFF_FF00) }))
        #expect(b.diagnostics.count == BookmarkDecoder.Limits.diagnostics + 1)
        #expect(T.only("bookmark.item.too-many", b)?.message.contains("more than 1000 problems") == true)
    }

    @Test func theItemLimit() {
        let (b, _, _) = Self.decode(.array((0..<(BookmarkDecoder.Limits.items + 10)).map { _ in .null }))
        #expect(b.items.count == BookmarkDecoder.Limits.items)
        #expect(T.only("bookmark.item.too-many", b)?.message.contains("100000 items") == true)
    }

    @Test func anImplausibleDate() {
        let (b, _, at) = Self.decode(.date(1e12))
        let d = T.only("bookmark.date.implausible", b)
        #expect(d?.range == ByteRange(start: at + 8, count: 8) && d?.severity == .warning)
        #expect(b.items[0].value == .date(1e12))
        #expect(Self.decode(.date(.nan)).0.diagnostics.map(\.id) == ["bookmark.date.implausible"])
        #expect(Self.decode(.date(-536_544_000)).0.diagnostics.isEmpty)
        #expect(ValueFormatter.isoDate(BookmarkDecoder.plausibleDates.lowerBound) == "1984-01-01T00:00:00Z")
        #expect(ValueFormatter.isoDate(BookmarkDecoder.plausibleDates.upperBound) == "2100-01-01T00:00:00Z")
    }
}

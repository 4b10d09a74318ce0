import Testing
@testable import ArchiveModel
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import ArchivePresentation
@testable import ArchiveSources

@Suite struct KnownClassIndexTests {
    @Test func keyedIndexSets() {
        let g = FakeGraph()
        #expect(g.present(g.keyed("NSIndexSet", [("NSRangeCount", V.int(0))]))?.summary == "NSIndexSet, empty")
        let one = g.present(g.keyed("NSIndexSet", [("NSRangeCount", V.int(1)), ("NSLocation", V.int(3)), ("NSLength", V.int(2))]))
        #expect(one?.summary == "NSIndexSet, 2 indexes in 1 range: 3-4")
        #expect(one?.children == [Field(key: "range 0: [3, 5)", value: .scalar(.integer(2, width: 8)))])
        let data = g.keyed("NSMutableData", [("NS.data", V.data([3, 2, 8, 1, 0x8D, 0x01, 1]))])
        #expect(g.present(g.keyed("NSMutableIndexSet", chain: ["NSIndexSet"], [("NSRangeCount", V.int(3)), ("NSRangeData", data)]))?
            .summary == "NSMutableIndexSet, 4 indexes in 3 ranges: 3-4, 8, 141")
    }

    @Test func malformedIndexSets() {
        let g = FakeGraph()
        #expect(g.present(g.keyed("NSIndexSet", []))?.summary == "NSIndexSet, empty (NSRangeCount missing)")
        #expect(g.present(g.keyed("NSIndexSet", [("NSRangeCount", V.int(1))]))?.summary
            == "NSIndexSet, empty (NSLocation/NSLength missing or out of range; NSRangeCount says 1)")
        #expect(g.present(g.keyed("NSIndexSet", [("NSRangeCount", V.int(2)), ("NSRangeData", V.data([3]))]))?.summary
            == "NSIndexSet, empty (NSRangeData ends inside a range; NSRangeCount says 2)")
        #expect(g.present(g.keyed("NSIndexSet", [("NSRangeCount", V.int(5)), ("NSRangeData", V.data([3, 1, 9, 0]))]))?.summary
            == "NSIndexSet, 1 index in 2 ranges: 3, 9 (empty range) (NSRangeCount says 5)")
        let huge: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]
        let p = g.present(g.keyed("NSIndexSet", [("NSRangeCount", V.int(2)), ("NSRangeData", V.data(huge + [2] + huge + huge))]))
        #expect(p?.summary.contains("more than 2^64 indexes") == true)
        #expect(p?.children.first?.key == "range 0: [18446744073709551615, overflow)")
    }

    @Test func typedIndexSet() {
        let g = FakeGraph(typedstream: true)
        #expect(g.present(g.typed("NSIndexSet", [("I", V.int(2)), ("I", V.int(3)), ("I", V.int(2)), ("I", V.int(8)), ("I", V.int(1))]))?
            .summary == "NSIndexSet, 3 indexes in 2 ranges: 3-4, 8")
        #expect(g.present(g.typed("NSIndexSet", []))?.summary == "NSIndexSet, empty (no range count)")
    }

    @Test func indexPaths() {
        let g = FakeGraph()
        #expect(g.present(g.keyed("NSIndexPath", [("NSIndexPathLength", V.int(1)), ("NSIndexPathValue", V.int(4))]))?.summary
            == "NSIndexPath, [4]")
        let p = g.present(g.keyed("NSIndexPath", [("NSIndexPathLength", V.int(3)), ("NSIndexPathData", g.data([0, 3, 0x96, 0x01]))]))
        #expect(p?.summary == "NSIndexPath, [0, 3, 150]")
        #expect(p?.children.map(\.key) == ["[0]", "[1]", "[2]"])
        #expect(g.present(g.keyed("NSIndexPath", [("NSIndexPathLength", V.int(2)), ("NSIndexPathData", V.data([0, 0, 0, 1, 0, 0, 0, 2]))]))?
            .summary == "NSIndexPath, [1, 2] (GNUstep 32-bit big-endian form)")
        #expect(g.present(g.keyed("NSIndexPath", []))?.summary == "NSIndexPath, NSIndexPathLength missing")
        #expect(g.present(g.keyed("NSIndexPath", [("NSIndexPathLength", V.int(4)), ("NSIndexPathData", V.data([1, 2]))]))?.summary
            == "NSIndexPath, [1, 2] (NSIndexPathLength says 4)")
        #expect(g.present(g.keyed("NSIndexPath", [("NSIndexPathLength", V.int(Int128.max)), ("NSIndexPathData", V.data([1]))]))?.summary
            == "NSIndexPath, [1] (NSIndexPathLength says \(Int128.max))")
        #expect(g.present(g.keyed("NSIndexPath", [("NSIndexPathLength", V.int(2))]))?.summary == "NSIndexPath, [] (NSIndexPathData missing)")
    }
}

import Testing
@testable import ArchiveModel
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchiveSources

@Suite struct KnownClassAttributedStringTests {
    /// An attributes dictionary with no entries.
    static func dict(_ g: FakeGraph) -> FieldValue { g.keyed("NSDictionary", [("NS.keys", .list([])), ("NS.objects", .list([]))]) }

    @Test func singleRun() {
        let g = FakeGraph()
        let s = g.string("Hello"), d = Self.dict(g)
        let p = g.present(g.keyed("NSAttributedString", [("NSString", s), ("NSAttributes", d)]))
        #expect(p?.summary == "\"Hello\"")
        #expect(p?.children == [Field(key: "string", value: s), Field(key: "run 0: [0, 5)", value: d)])
    }

    @Test func severalRuns() {
        let g = FakeGraph()
        let s = g.string("Hello"), d0 = Self.dict(g), d1 = Self.dict(g)
        let attributes = g.keyed("NSArray", [("NS.objects", .list([d0, d1]))])
        let p = g.present(g.keyed("NSMutableAttributedString", chain: ["NSAttributedString"],
                                  [("NSString", s), ("NSAttributes", attributes), ("NSAttributeInfo", g.data([2, 0, 3, 1]))]))
        #expect(p?.summary == "\"Hello\"")
        #expect(p?.children.map(\.key) == ["string", "run 0: [0, 2)", "run 1: [2, 5)"])
        #expect(p?.children.dropFirst().map(\.value) == [d0, d1])
    }

    @Test func multiByteRunLengthsAndUTF16() {
        let g = FakeGraph()
        let text = String(repeating: "a", count: 200) + "👍"
        let s = g.string(text), d = Self.dict(g)
        let attributes = g.keyed("NSArray", [("NS.objects", .list([d]))])
        let p = g.present(g.keyed("NSAttributedString", [("NSString", s), ("NSAttributes", attributes),
                                                          ("NSAttributeInfo", V.data([0xC8, 0x01, 0, 2, 0]))]))
        #expect(p?.children.map(\.key) == ["string", "run 0: [0, 200)", "run 1: [200, 202)"])
        #expect(p?.summary.hasSuffix("…\"") == true) // cut at the summary limit, no coverage note
    }

    @Test func malformedRuns() {
        let g = FakeGraph()
        let s = g.string("Hello"), d = Self.dict(g)
        let attributes = g.keyed("NSArray", [("NS.objects", .list([d]))])
        func present(_ info: [UInt8]) -> KnownPresentation? {
            g.present(g.keyed("NSAttributedString", [("NSString", s), ("NSAttributes", attributes), ("NSAttributeInfo", V.data(info))]))
        }
        let outOfRange = present([5, 4])
        guard case .invalid(let why) = outOfRange?.children.last?.value else { Issue.record("expected invalid"); return }
        #expect(why == "attribute index 4 is out of range (1 dictionary)")
        #expect(present([2, 0])?.summary == "\"Hello\" (runs cover 2 of 5 UTF-16 units)")
        #expect(present([0x85])?.summary == "\"Hello\" (NSAttributeInfo ends inside a run)")
        #expect(present([5, 0, 1])?.summary == "\"Hello\" (NSAttributeInfo ends inside a run)")
        #expect(g.present(g.keyed("NSAttributedString", [("NSAttributes", d)]))?.summary == "NSAttributedString, string missing")
        #expect(g.present(g.keyed("NSAttributedString", [("NSString", s), ("NSAttributeInfo", V.int(1))]))?.summary
            == "\"Hello\" (NSAttributeInfo is not data)")
    }

    @Test func typed() {
        let g = FakeGraph(typedstream: true)
        let s = g.typedString("Hi there")
        let d1 = g.typed("NSDictionary", [("i", V.int(0))]), d2 = g.typed("NSDictionary", [("i", V.int(0))])
        let p = g.present(g.typed("NSAttributedString", [("@", s), ("iI", .list([V.int(1), V.int(2)])), ("@", d1),
                                                         ("iI", .list([V.int(2), V.int(3)])), ("@", d2),
                                                         ("iI", .list([V.int(1), V.int(3)]))]))
        #expect(p?.summary == "\"Hi there\"")
        #expect(p?.children.map(\.key) == ["string", "run 0: [0, 2)", "run 1: [2, 5)", "run 2: [5, 8)"])
        #expect(p?.children.dropFirst().map(\.value) == [d1, d2, d1])
        let q = g.present(g.typed("NSAttributedString", [("@", s), ("i", V.int(9)), ("I", V.int(8))]))
        guard case .invalid(let why) = q?.children.last?.value else { Issue.record("expected invalid"); return }
        #expect(why == "no attribute dictionary for number 9")
    }
}

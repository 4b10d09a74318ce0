import Testing
@testable import ArchiveModel
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveSources

@Suite struct KnownClassStringDataTests {
    @Test func keyedMutableString() {
        let g = FakeGraph()
        #expect(g.present(g.keyed("NSMutableString", chain: ["NSString"], [("NS.string", V.str("hi"))]))?.summary == "\"hi\"")
        #expect(g.present(g.keyed("NSMutableString", chain: ["NSString"], [("NS.bytes", V.data(Array("héllo".utf8)))]))?.summary
            == "\"héllo\"")
        let viaRef = g.string("by reference")
        #expect(g.present(g.keyed("NSMutableString", [("NS.string", viaRef)]))?.summary == "\"by reference\"")
        #expect(g.present(g.keyed("NSMutableString", []))?.summary == "NSMutableString, NS.string missing")
    }

    @Test func stringSummaryIsDisplaySafe() {
        let g = FakeGraph()
        let summary = g.present(g.keyed("NSMutableString", [("NS.string", V.str("a\u{1B}[31mb\u{202E}\"q"))]))?.summary ?? ""
        #expect(summary == "\"a\\e[31mb\\u{202E}\\\"q\"")
        #expect(!summary.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E })
    }

    @Test func typedString() {
        let g = FakeGraph(typedstream: true)
        #expect(g.present(g.typedString("string value"))?.summary == "\"string value\"")
        #expect(g.present(g.typed("NSString", [("+", V.data([0x61, 0xFF]))]))?.summary == "\"a\\u{FFFD}\"")
        #expect(g.present(g.typed("NSMutableString", chain: ["NSString"], []))?.summary == "NSMutableString, no + value")
    }

    @Test func keyedData() {
        let g = FakeGraph()
        #expect(g.present(g.keyed("NSMutableData", chain: ["NSData"], [("NS.data", V.data([1, 2, 3]))]))?.summary == "3 bytes <010203>")
        #expect(g.present(g.keyed("NSMutableData", [("NS.bytes", V.data([]))]))?.summary == "0 bytes <>")
        #expect(g.present(g.keyed("NSMutableData", [("NS.data", g.data([9]))]))?.summary == "1 byte <09>")
        #expect(g.present(g.keyed("NSMutableData", [("NS.data", V.str("no"))]))?.summary == "NSMutableData, NS.data missing")
    }

    @Test func typedData() {
        let g = FakeGraph(typedstream: true)
        #expect(g.present(g.typed("NSData", [("i", V.int(3)), ("[3c]", V.data([1, 2, 3]))]))?.summary == "3 bytes <010203>")
        #expect(g.present(g.typed("NSData", [("i", V.int(5)), ("[3c]", V.data([1, 2, 3]))]))?.summary
            == "3 bytes <010203> (length says 5)")
        #expect(g.present(g.typed("NSData", [("i", V.int(2)), ("[2c]", .list([V.int(10), V.int(-1)]))]))?.summary == "2 bytes <0aff>")
        #expect(g.present(g.typed("NSData", [("i", V.int(0))]))?.summary == "0 bytes <>")
        #expect(g.present(g.typed("NSData", [("i", V.int(4))]))?.summary == "NSData, no bytes")
    }
}

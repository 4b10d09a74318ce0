import Testing
@testable import ArchiveModel
@testable import ArchivePresentation

@Suite struct KnownClassDictionaryTests {
    @Test func keyedStringKeys() {
        let g = FakeGraph()
        let k1 = g.string("name"), v1 = g.string("Bob"), k2 = g.string("age"), v2 = g.number(30)
        let p = g.present(g.keyed("NSDictionary", [("NS.keys", .list([k1, k2])), ("NS.objects", .list([v1, v2]))]))
        #expect(p?.summary == "NSDictionary, 2 entries")
        #expect(p?.children.map(\.key) == ["name", "age"])
        #expect(p?.children.map(\.value) == [v1, v2])
    }

    @Test func mismatchShowsWhatItCan() {
        let g = FakeGraph()
        let k = (0..<3).map { g.string("k\($0)") }, v = (0..<2).map { g.number(Int128($0)) }
        let p = g.present(g.keyed("NSDictionary", [("NS.keys", .list(k)), ("NS.objects", .list(v))]))
        #expect(p?.summary == "NSDictionary, 3 keys / 2 objects (mismatch)")
        #expect(p?.children.map(\.key) == ["k0", "k1", "k2"])
        guard case .invalid(let why) = p?.children.last?.value else { Issue.record("expected invalid"); return }
        #expect(why.contains("only 2 objects"))
        let q = g.present(g.keyed("NSDictionary", [("NS.keys", .list([k[0]])), ("NS.objects", .list(v))]))
        #expect(q?.summary == "NSDictionary, 1 key / 2 objects (mismatch)")
        #expect(q?.children.map(\.key) == ["k0", "[1]"])
    }

    @Test func malformedKeyedDictionaries() {
        let g = FakeGraph()
        let k = g.string("k"), v = g.string("v")
        #expect(g.present(g.keyed("NSDictionary", [("NS.keys", .list([k]))]))?.summary
            == "NSDictionary, 1 key / 0 objects (mismatch) (NS.objects missing)")
        #expect(g.present(g.keyed("NSDictionary", [("NS.keys", k), ("NS.objects", .list([]))]))?.summary
            == "NSDictionary, 0 entries (NS.keys is not an inline array)")
        #expect(g.present(g.keyed("NSDictionary", [("NS.keys", .list([k, k])), ("NS.objects", .list([v, V.int(3)]))]))?.summary
            == "NSDictionary, 2 entries (item 1 is not an object reference)")
        #expect(g.present(g.keyed("NSDictionary", []))?.summary == "NSDictionary, 0 entries")
    }

    @Test func numberedKeys() {
        let g = FakeGraph()
        let k = g.string("a"), v = g.number(1)
        let p = g.present(g.keyed("NSMutableDictionary", chain: ["NSDictionary"], [("NS.key.0", k), ("NS.object.0", v)]))
        #expect(p?.summary == "NSMutableDictionary, 1 entry")
        #expect(p?.children == [Field(key: "a", value: v)])
    }

    @Test func nonStringKeysUseTheirSummary() {
        let g = FakeGraph()
        let empty = g.string("")
        #expect(g.present(g.keyed("NSDictionary", [("NS.keys", .list([empty])), ("NS.objects", .list([empty]))]))?.children.first?.key == "\"\"")
        let numberKey = g.number(7), arrayKey = g.keyed("NSArray", [("NS.objects", .list([]))]), v = g.string("v")
        let p = g.present(g.keyed("NSDictionary", [("NS.keys", .list([numberKey, arrayKey, V.int(1)])), ("NS.objects", .list([v, v, v]))]))
        #expect(p?.children.map(\.key) == ["7", "NSArray, 0 items", "[2]"])
    }

    @Test func keyTextIsRawInTheFieldAndEscapedInTheOutline() {
        let g = FakeGraph()
        let k = g.string("a\nb\u{1B}"), v = g.string("v")
        let dict = g.keyed("NSDictionary", [("NS.keys", .list([k])), ("NS.objects", .list([v]))])
        #expect(g.present(dict)?.children.first?.key == "a\nb\u{1B}")
        g.topLevel = [Field(key: "root", value: dict)]
        let outline = Outline(graph: g)
        let row = outline.child(of: outline.roots()[0], at: 0)
        #expect(row.label == "a\\nb\\e")
    }

    @Test func anEmptyPlistKeyIsShownAsEmptyQuotes() {
        let xml = "<plist><dict><key></key><string>a</string><key>b</key><string>c</string></dict></plist>"
        let doc = ArchiveDocument.open(InputBytes(Array(xml.utf8)), name: "empty-key.plist")
        let outline = Outline(graph: doc.graph)
        guard let root = outline.roots().first else { Issue.record("no root"); return }
        #expect(outline.child(of: root, at: 0).label == "\"\"")
        #expect(outline.child(of: root, at: 1).label == "b")
    }

    @Test func typedDictionary() {
        let g = FakeGraph(typedstream: true)
        let k = g.typedString("key"), v = g.typedString("value")
        let p = g.present(g.typed("NSDictionary", [("i", V.int(1)), ("@", k), ("@", v)]))
        #expect(p?.summary == "NSDictionary, 1 entry")
        #expect(p?.children == [Field(key: "key", value: v)])
        #expect(g.present(g.typed("NSDictionary", [("i", V.int(2)), ("@", k), ("@", v), ("@", k)]))?.summary
            == "NSDictionary, 2 keys / 1 object (mismatch) (count says 2)")
    }

    @Test func largeDictionaryDoesNotDecodeKeys() {
        let g = FakeGraph()
        let n = DictionaryPresenter.keyDecodeLimit + 1
        let keys = (0..<n).map { _ in g.string("k") }
        let dict = g.keyed("NSDictionary", [("NS.keys", .list(keys)), ("NS.objects", .list(keys))])
        g.decodes = 0
        let p = g.present(dict)
        #expect(g.decodes == 0)
        #expect(p?.summary == "NSDictionary, 1001 entries")
        #expect(p?.children.first?.key == "[0]")
    }

    @Test func smallDictionaryDecodesOnlyKeys() {
        let g = FakeGraph()
        let keys = (0..<10).map { g.string("k\($0)") }
        let dict = g.keyed("NSDictionary", [("NS.keys", .list(keys)), ("NS.objects", .list(keys))])
        g.decodes = 0
        _ = g.present(dict)
        #expect(g.decodes == 10)
    }
}

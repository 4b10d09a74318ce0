import Testing
@testable import ArchiveModel

@Suite struct KnownClassCollectionTests {
    @Test func keyedArray() {
        let g = FakeGraph()
        let a = g.string("a"), b = g.number(2)
        let p = g.present(g.keyed("NSArray", [("NS.objects", .list([a, b]))]))
        #expect(p?.summary == "NSArray, 2 items")
        #expect(p?.children.map(\.key) == ["[0]", "[1]"])
        #expect(p?.children.map(\.value) == [a, b])
    }

    @Test func keyedSetsAndSubclasses() {
        let g = FakeGraph()
        let a = g.string("a")
        #expect(g.present(g.keyed("NSMutableSet", chain: ["NSSet"], [("NS.objects", .list([a]))]))?.summary == "NSMutableSet, 1 item")
        #expect(g.present(g.keyed("NSCountedSet", chain: ["NSMutableSet", "NSSet"], [("NS.objects", .list([a]))]))?.summary
            == "NSCountedSet, 1 item")
        #expect(g.present(g.keyed("MyList", chain: ["NSMutableArray", "NSArray"], [("NS.objects", .list([]))]))?.summary
            == "NSMutableArray, 0 items")
    }

    @Test func malformedKeyedArrays() {
        let g = FakeGraph()
        let a = g.string("a")
        #expect(g.present(g.keyed("NSArray", []))?.summary == "NSArray, NS.objects missing")
        #expect(g.present(g.keyed("NSArray", [("NS.objects", .list([a, V.int(5), a]))]))?.summary
            == "NSArray, 3 items (item 1 is not an object reference)")
        #expect(g.present(g.keyed("NSArray", [("NS.objects", .list([a, V.null]))]))?.summary == "NSArray, 2 items (item 1 is nil)")
        #expect(g.present(g.keyed("NSArray", [("NS.objects", a)]))?.summary == "NSArray, NS.objects is not an inline array (#0)")
        let dangling = FieldValue.reference(.dangling(raw: 99, reason: "out of range"))
        let p = g.present(g.keyed("NSArray", [("NS.objects", .list([dangling]))]))
        #expect(p?.summary == "NSArray, 1 item (item 0 is a dangling reference 99)")
        #expect(p?.children.first?.value == dangling)
    }

    @Test func typedArrayAndSet() {
        let g = FakeGraph(typedstream: true)
        let s1 = g.typedString("x"), s2 = g.typedString("y")
        let p = g.present(g.typed("NSArray", [("i", V.int(2)), ("@", s1), ("@", s2)]))
        #expect(p?.summary == "NSArray, 2 items")
        #expect(p?.children.map(\.value) == [s1, s2])
        #expect(g.present(g.typed("NSMutableSet", chain: ["NSSet"], [("I", V.int(1)), ("@", s1)]))?.summary == "NSMutableSet, 1 item")
    }

    @Test func typedCountMismatch() {
        let g = FakeGraph(typedstream: true)
        let s = g.typedString("x")
        #expect(g.present(g.typed("NSArray", [("i", V.int(3)), ("@", s), ("@", s)]))?.summary == "NSArray, 2 items (count says 3, 2 stored)")
        #expect(g.present(g.typed("NSArray", [("@", s)]))?.summary == "NSArray, 1 item (no count)")
        #expect(g.present(g.typed("NSArray", []))?.summary == "NSArray, 0 items (no count)")
    }

    @Test func orderedSet() {
        let g = FakeGraph()
        let a = g.string("a"), b = g.string("b")
        let p = g.present(g.keyed("NSOrderedSet", [("NS.object.1", b), ("NS.object.0", a), ("NS.objectX", a)]))
        #expect(p?.summary == "NSOrderedSet, 2 items")
        #expect(p?.children.map(\.value) == [a, b])
        #expect(g.present(g.keyed("NSMutableOrderedSet", chain: ["NSOrderedSet"], [("NS.object.0", a), ("NS.object.2", b)]))?.summary
            == "NSMutableOrderedSet, 2 items (NS.object.1 missing)")
        #expect(g.present(g.keyed("NSOrderedSet", [("NS.object.+1", a)]))?.summary == "NSOrderedSet, 0 items")
    }

    @Test func millionElementArrayDecodesNothing() {
        let g = FakeGraph()
        // Element ids are never decoded, so they need not exist.
        let items = (0..<1_000_000).map { FieldValue.reference(.object($0 + 1)) }
        let array = g.keyed("NSArray", [("NS.objects", .list(items))])
        g.decodes = 0
        let p = g.present(array)
        #expect(g.decodes == 0)
        #expect(p?.summary == "NSArray, 1000000 items")
        #expect(p?.children.count == 1_000_000)
        #expect(p?.children.last?.key == "[999999]")
        #expect(p?.children.last?.value == .reference(.object(1_000_000)))
    }

    @Test func millionElementArrayThroughOutline() {
        let g = FakeGraph()
        let items = (0..<1_000_000).map { FieldValue.reference(.object($0 + 1)) }
        let array = g.keyed("NSArray", [("NS.objects", .list(items))])
        g.topLevel = [Field(key: "root", value: array)]
        g.decodes = 0
        let outline = Outline(graph: g)
        let root = outline.roots()[0]
        #expect(root.className == "NSArray")
        #expect(root.summary == "1000000 items") // the class is not repeated in the summary
        #expect(outline.childCount(of: root) == 1_000_001) // elements + "raw fields"
        #expect(g.decodes == 1) // the array itself
    }
}

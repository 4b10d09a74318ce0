import Testing
@testable import ArchiveModel
@testable import ArchiveSources

@Suite struct KnownClassURLTests {
    @Test func relativeOnly() {
        let g = FakeGraph()
        let rel = g.string("http://example.com/")
        let p = g.present(g.keyed("NSURL", [("NS.base", V.null), ("NS.relative", rel)]))
        #expect(p?.summary == "\"http://example.com/\"")
        #expect(p?.children == [Field(key: "relative", value: rel), Field(key: "base", value: V.null)])
    }

    @Test func withBase() {
        let g = FakeGraph()
        let base = g.keyed("NSURL", [("NS.base", V.null), ("NS.relative", g.string("http://h/"))])
        let p = g.present(g.keyed("NSURL", [("NS.base", base), ("NS.relative", g.string("a/b"))]))
        #expect(p?.summary == "\"a/b\" (base: \"http://h/\")")
    }

    @Test func malformed() {
        let g = FakeGraph()
        #expect(g.present(g.keyed("NSURL", []))?.summary == "NSURL, NS.relative missing")
        #expect(g.present(g.keyed("NSURL", [("NS.relative", g.number(1))]))?.summary == "NSURL, relative part is not a string")
        let unknown = g.keyed("Strange", [])
        #expect(g.present(g.keyed("NSURL", [("NS.relative", V.str("x")), ("NS.base", unknown)]))?.summary
            == "\"x\" (base: #\(unknown.objectID ?? -1))")
    }

    @Test func selfReferentialBaseTerminates() {
        let g = FakeGraph()
        let rel = g.string("x")
        let url = g.add { id in
            GraphObject(id: id, kind: .instance, className: "NSURL", classChain: [ClassInfo(name: "NSURL")],
                        fields: [Field(key: "NS.base", value: V.ref(id)), Field(key: "NS.relative", value: rel)])
        }
        let id = url.objectID ?? -1
        g.decodes = 0
        let summary = g.present(url)?.summary ?? ""
        #expect(summary == "\"x\" (base: \"x\" (base: \"x\" (base: \"x\" (base: #\(id)))))")
        #expect(g.decodes < 20)
    }

    @Test func typed() {
        let g = FakeGraph(typedstream: true)
        let base = g.typed("NSURL", [("c", V.int(0)), ("@", g.typedString("http://h/"))])
        #expect(g.present(g.typed("NSURL", [("c", V.int(1)), ("@", base), ("@", g.typedString("rel"))]))?.summary
            == "\"rel\" (base: \"http://h/\")")
        #expect(g.present(base)?.summary == "\"http://h/\"")
        #expect(g.present(g.typed("NSURL", [("c", V.int(0))]))?.summary == "NSURL, no string")
    }
}

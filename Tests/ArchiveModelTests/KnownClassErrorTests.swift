import Testing
@testable import ArchiveModel

@Suite struct KnownClassErrorTests {
    @Test func error() {
        let g = FakeGraph()
        let domain = g.string("NSCocoaErrorDomain"), info = g.keyed("NSDictionary", [("NS.keys", .list([])), ("NS.objects", .list([]))])
        let p = g.present(g.keyed("NSError", [("NSDomain", domain), ("NSCode", V.int(4864)), ("NSUserInfo", info)]))
        #expect(p?.summary == "\"NSCocoaErrorDomain\" code 4864")
        #expect(p?.children == [Field(key: "domain", value: domain), Field(key: "code", value: V.int(4864)), Field(key: "userInfo", value: info)])
        #expect(g.present(g.keyed("NSError", [("NSCode", V.int(4))]))?.summary == "NSDomain missing code 4")
        #expect(g.present(g.keyed("NSError", [("NSDomain", V.int(1)), ("NSCode", V.str("x"))]))?.summary
            == "NSDomain is not a string NSCode is not an integer")
    }

    @Test func notification() {
        let g = FakeGraph()
        let name = g.string("Note"), object = g.string("sender")
        let p = g.present(g.keyed("NSNotification", [("NS.name", name), ("NS.object", object), ("NS.userinfo", V.null)]))
        #expect(p?.summary == "\"Note\"")
        #expect(p?.children.map(\.key) == ["name", "object", "userInfo"])
        #expect(g.present(g.keyed("NSNotification", []))?.summary == "NSNotification, NS.name missing")
    }

    @Test func typedLayoutsAreNotGuessed() {
        let g = FakeGraph(typedstream: true)
        #expect(g.present(g.typed("NSError", [("@", V.null)])) == nil)
    }
}

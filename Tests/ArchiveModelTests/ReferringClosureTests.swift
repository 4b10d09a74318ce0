import Testing
@testable import ArchiveModel

/// `GraphIndex.referringClosure`: which objects lead to given ones through their fields.
@Suite struct ReferringClosureTests {
    static func id(_ v: FieldValue) -> ObjectID {
        if case .reference(.object(let id)) = v { return id }
        return -1
    }

    @Test func aChainLeadsUpToTheTop() throws {
        // top → a → b → c, and d → c; e stands apart.
        let g = FakeGraph()
        let c = g.string("leaf")
        let b = g.keyed("B", [("c", c)])
        let a = g.keyed("A", [("b", b)])
        let d = g.keyed("D", [("c", c)])
        let e = g.keyed("E", [("x", g.string("other"))])
        g.topLevel = [Field(key: "root", value: a), Field(key: "d", value: d), Field(key: "e", value: e)]
        let index = try #require(GraphIndex(graph: g))
        let marked = index.referringClosure(of: [Self.id(c)])
        #expect(marked[Self.id(a)] && marked[Self.id(b)] && marked[Self.id(d)])
        #expect(!marked[Self.id(c)], "a target is not its own ancestor without a cycle")
        #expect(!marked[Self.id(e)])
    }

    @Test func aCycleMarksItsMembersAndNothingLoops() throws {
        let g = FakeGraph()
        // x ↔ y, both reached from the top.
        let x = g.add { GraphObject(id: $0, kind: .instance, className: "X", fields: [Field(key: "y", value: .reference(.object($0 + 1)))]) }
        let y = g.add { GraphObject(id: $0, kind: .instance, className: "Y", fields: [Field(key: "x", value: .reference(.object($0 - 1)))]) }
        g.topLevel = [Field(key: "root", value: x)]
        let index = try #require(GraphIndex(graph: g))
        let marked = index.referringClosure(of: [Self.id(y)])
        #expect(marked[Self.id(x)] && marked[Self.id(y)])
        #expect(index.referringClosure(of: [-1, 99]).allSatisfy { !$0 })
    }
}

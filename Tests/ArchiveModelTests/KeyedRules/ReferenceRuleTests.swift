import Testing
@testable import ArchiveModel

/// DanglingReferenceRule, NilElementRule and the four reference states.
@Suite struct ReferenceRuleTests {
    @Test func danglingUID() {
        var a = KeyedArchiveBuilder()
        let root = a.object("Foo", [("next", .rawUID(500))])
        a.top = [("root", .ref(root))]
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id) == ["keyed.ref.dangling"])
        #expect(d.first?.message.contains("500") == true)
        #expect(d.first?.range != nil)
    }

    @Test func fourStatesAreKeptApart() {
        var a = KeyedArchiveBuilder()
        let conditional = a.reserve()
        let target = a.add(.string("x"))
        let root = a.object("Foo", [("nilRef", .ref(0)), ("conditional", .ref(conditional)), ("dangling", .rawUID(99)), ("real", .ref(target))])
        a.top = [("root", .ref(root))]
        let g = KeyedFixture.graph(a)
        let fields = g.object(root).fields
        #expect(fields.first { $0.key == "nilRef" }?.value == .reference(.null))
        #expect(fields.first { $0.key == "conditional" }?.value == .reference(.conditionalNull(conditional)))
        #expect(fields.first { $0.key == "real" }?.value == .reference(.object(target)))
        if case .reference(.dangling(let raw, _))? = fields.first(where: { $0.key == "dangling" })?.value {
            #expect(raw == 99)
        } else {
            Issue.record("dangling reference not recognised")
        }
        #expect(fields.first { $0.key == "absent" } == nil)
    }

    @Test func nilInsideACollection() {
        var a = KeyedArchiveBuilder()
        let s = a.add(.string("x"))
        let root = a.object("NSArray", [("NS.objects", .refs([s, 0]))])
        a.top = [("root", .ref(root))]
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id) == ["keyed.collection.nil-element"])
        #expect(d.first?.message.contains("NS.objects[1]") == true)
    }
}

import Testing
@testable import ArchiveModel
@testable import ArchiveCore
@testable import Typedstream
@testable import ArchivePresentation

@Suite struct KnownClassDispatchTests {
    @Test func unknownAndNonInstanceObjectsAreNotPresented() {
        let g = FakeGraph()
        #expect(g.present(g.keyed("MyThing", [("x", V.int(1))])) == nil)
        let classDescription = g.add { GraphObject(id: $0, kind: .classDescription, className: "NSArray", classChain: [ClassInfo(name: "NSArray")]) }
        #expect(g.present(classDescription) == nil)
        #expect(g.present(g.string("bare")) == nil)
    }

    @Test func classChainFallback() {
        let g = FakeGraph()
        let obj = g.stored(g.keyed("MyDate", chain: ["NSDate"], [("NS.time", V.real(0))]))
        #expect(FoundationClassFamily.known(obj)?.name == "NSDate")
        #expect(KnownClassPresenter.present(obj, in: g)?.summary == "2001-01-01T00:00:00Z")
        #expect(FoundationClassFamily.known(g.stored(g.keyed("X", [])))?.name == nil)
    }

    @Test func objectViewUsesThePresentation() {
        let g = FakeGraph()
        let array = g.stored(g.keyed("NSArray", [("NS.objects", .list([V.ref(0)]))]))
        let view = ObjectView(object: array, graph: g)
        #expect(view.isKnown && view.summary == "1 item" && view.children.count == 1)
        let other = ObjectView(object: g.stored(g.keyed("MyThing", [("x", V.int(1))])), graph: g)
        #expect(!other.isKnown && other.summary == "1 field")
    }

    @Test func leb128() {
        #expect(LEB128.decode([0x96, 0x01, 0x05]) == ([150, 5], true))
        #expect(LEB128.decode([0x80]) == ([], false))
        #expect(LEB128.decode([]) == ([], true))
        #expect(LEB128.decode([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]) == ([UInt64.max], true))
        #expect(LEB128.decode([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02]).complete == false)
        #expect(LEB128.decode(Array(repeating: 0x80, count: 20)).complete == false)
        #expect(LEB128.decode([1, 2, 3], limit: 2) == ([1, 2], true))
    }

    @Test(arguments: [
        ("iI", ["i", "I"]),
        ("@", ["@"]),
        ("{_NSRect={_NSPoint=ff}{_NSSize=ff}}@", ["{_NSRect={_NSPoint=ff}{_NSSize=ff}}", "@"]),
        ("[5c]i", ["[5c]", "i"]),
        ("^{x=i}c", ["^{x=i}", "c"]),
        ("r*", ["r*"]),
        ("{abc", ["{abc"]),
        ("}", ["}"]),
        ("", []),
        ("^", ["^"]),
    ])
    func splitsTypeEncodings(_ encoding: String, _ expected: [String]) {
        #expect(TypedValues.split(encoding) == expected)
    }

    @Test func flattensGroupedFields() {
        let fields = [Field(key: "0", value: .list([V.int(1), V.int(2)]), typeEncoding: "iI"),
                      Field(key: "1", value: V.ref(3), typeEncoding: "@"),
                      Field(key: "2", value: .list([V.int(1)]), typeEncoding: "iI")]
        let flat = TypedValues.flatten(fields)
        #expect(flat.map(\.type) == ["i", "I", "@", "iI"])
        #expect(flat[1].integer == 2 && flat[2].isObject)
    }
}

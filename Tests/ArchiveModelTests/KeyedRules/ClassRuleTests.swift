import Testing
@testable import ArchiveModel

/// ClassReferenceRule and ClassDictionaryRule.
@Suite struct ClassRuleTests {
    @Test func missingClassKey() {
        var a = KeyedArchiveBuilder()
        let root = a.add(.rawDictionary([("$classy", .int(1)), ("x", .int(2))]))
        a.top = [("root", .ref(root))]
        let ids = KeyedFixture.check(a).map(\.id)
        #expect(ids.contains("keyed.class.missing"))
        #expect(ids.contains("keyed.key.reserved"))
    }

    @Test func classNotAUID() {
        var a = KeyedArchiveBuilder()
        let root = a.add(.rawDictionary([("$class", .int(3))]))
        a.top = [("root", .ref(root))]
        #expect(KeyedFixture.check(a).map(\.id) == ["keyed.class.not-uid"])
    }

    @Test func classPointsAtAString() {
        var a = KeyedArchiveBuilder()
        let s = a.add(.string("NSObject"))
        let root = a.add(.object(classID: s, fields: []))
        a.top = [("root", .ref(root))]
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id) == ["keyed.class.not-class-dictionary"])
        #expect(d.first?.object == root)
    }

    @Test func classOutOfRange() {
        var a = KeyedArchiveBuilder()
        let root = a.add(.rawDictionary([("$class", .rawUID(77))]))
        a.top = [("root", .ref(root))]
        #expect(KeyedFixture.check(a).map(\.id) == ["keyed.class.out-of-range"])
    }

    @Test func classDictionaryWithoutName() {
        var a = KeyedArchiveBuilder()
        let c = a.add(.classDictionary(name: nil, chain: ["X", "NSObject"]))
        let root = a.add(.object(classID: c, fields: []))
        a.top = [("root", .ref(root))]
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id).sorted() == ["keyed.class.not-class-dictionary", "keyed.classname.missing"])
        #expect(d.first { $0.id == "keyed.classname.missing" }?.object == c)
    }

    @Test func chainNotStartingWithName() {
        var a = KeyedArchiveBuilder()
        let c = a.add(.classDictionary(name: "Foo", chain: ["Bar", "NSObject"]))
        let root = a.add(.object(classID: c, fields: []))
        a.top = [("root", .ref(root))]
        #expect(KeyedFixture.check(a).map(\.id) == ["keyed.classes.mismatch"])
    }

    @Test func classChainIsResolved() {
        var a = KeyedArchiveBuilder()
        let cls = a.classID("Sub", ["Base", "NSObject"])
        let id = a.add(.object(classID: cls, fields: []))
        a.top = [("root", .ref(id))]
        let root = KeyedFixture.graph(a).object(id)
        #expect(root.className == "Sub")
        #expect(root.classChain.map(\.name) == ["Sub", "Base", "NSObject"])
        #expect(root.classObjectID == cls)
    }
}

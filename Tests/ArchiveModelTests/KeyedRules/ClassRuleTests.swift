import Testing
@testable import ArchiveModel
@testable import ArchiveCore
@testable import BinaryPlist
@testable import XMLPlist
@testable import OpenStepPlist
@testable import KeyedArchive
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import Bookmark
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveOutput
@testable import ArchiveAudit
@testable import ArchiveSources

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

    /// Written so when a class-name mapping is in effect: Apple's writer and reader, so a note.
    @Test func aClassDictionaryWithoutChainIsANote() {
        var a = KeyedArchiveBuilder()
        let c = a.add(.rawDictionary([("$classname", .string("Mapped"))]))
        let root = a.add(.object(classID: c, fields: []))
        a.top = [("root", .ref(root))]
        let g = KeyedFixture.graph(a)
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id) == ["keyed.classes.missing"])
        #expect(d.first?.severity == .note)
        #expect(d.first?.object == c)
        #expect(d.first?.range == g.object(c).range)
        #expect(d.first?.message == "class dictionary #\(c) (Mapped) has no $classes chain (written this way when a class-name mapping is in effect)")
    }

    @Test func aMissingClassNamesTheMisspeltKey() throws {
        var a = KeyedArchiveBuilder()
        let c = a.classID("Foo")
        let root = a.add(.rawDictionary([("$classy", .ref(c)), ("x", .int(2))]))
        a.top = [("root", .ref(root))]
        let bytes = a.buildBinary()
        let d = try #require(KeyedFixture.check(a).first { $0.id == "keyed.class.missing" })
        #expect(d.notes.map(\.message) == ["key \"$classy\" is almost $class"])
        #expect(d.notes.first?.range == KeyedFixture.range(of: [0x57] + Array("$classy".utf8), in: bytes))
    }

    /// Issue 24: `$classname` with one byte changed: the class dictionary's diagnostic and the object's
    /// both point at the near-miss key.
    @Test func aDamagedClassnameKeyIsNamed() throws {
        var a = KeyedArchiveBuilder()
        let c = a.add(.rawDictionary([("$clasname", .string("Foo")), ("$classes", .refs([]))]))
        let root = a.add(.object(classID: c, fields: []))
        a.top = [("root", .ref(root))]
        let bytes = a.buildBinary()
        let key = KeyedFixture.range(of: [0x59] + Array("$clasname".utf8), in: bytes)
        let d = KeyedFixture.check(a)
        let missing = try #require(d.first { $0.id == "keyed.classname.missing" })
        #expect(missing.notes.map(\.message) == ["key \"$clasname\" is almost $classname"])
        #expect(missing.notes.first?.range == key)
        let notClass = try #require(d.first { $0.id == "keyed.class.not-class-dictionary" })
        #expect(notClass.notes.first?.range == key)
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

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

/// StringKeyRule, DuplicateKeyRule, ReservedKeyRule, and key un-mangling.
@Suite struct KeyRuleTests {
    @Test func mangledAndPositionalKeys() {
        var a = KeyedArchiveBuilder()
        let root = a.object("Foo", [("$$x", .int(1)), ("$0", .int(2)), ("$1", .int(3)), ("plain", .int(4))])
        a.top = [("root", .ref(root))]
        #expect(KeyedFixture.check(a).isEmpty)
        let fields = KeyedFixture.graph(a).object(root).fields
        #expect(fields.map(\.key) == ["$x", "$0", "$1", "plain"])
        #expect(fields.map(\.rawKey) == ["$$x", nil, nil, nil])
        #expect(fields.map(\.isPositional) == [false, true, true, false])
    }

    @Test func duplicateKey() {
        var a = KeyedArchiveBuilder()
        let root = a.object("Foo", [("k", .int(1)), ("k", .int(2))])
        a.top = [("root", .ref(root))]
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id) == ["keyed.key.duplicate"])
        #expect(d.first?.object == root)
    }

    /// Keys compare by code units, as NSKeyedUnarchiver's dictionary does: "é" precomposed and "e" with
    /// a combining accent are two keys (Swift's `==` calls them equal).
    @Test func canonicallyEquivalentKeysAreDistinct() {
        var a = KeyedArchiveBuilder()
        let root = a.object("Foo", [("\u{E9}", .int(1)), ("e\u{301}", .int(2))])
        a.top = [("root", .ref(root))]
        #expect(KeyedFixture.check(a).isEmpty)
        #expect(KeyedFixture.graph(a).object(root).fields.map(\.key.unicodeScalars.count) == [1, 2])
        var many = KeyedArchiveBuilder()
        let wide = many.object("Foo", (0..<9).map { ("k\($0)", .int($0)) } + [("\u{E9}", .int(9)), ("e\u{301}", .int(10))])
        many.top = [("root", .ref(wide))]
        #expect(KeyedFixture.check(many).isEmpty, "the hashed path (more than 8 keys) too")
    }

    @Test func nonStringKey() {
        // Hand-built plist: an object dictionary whose second key is an integer.
        var b = BinaryPlistBuilder()
        let root = b.add(.null)
        let nullS = b.add(.string("$null"))
        let cls = b.add(.dict([(b.add(.string("$classname")), b.add(.string("Foo"))), (b.add(.string("$classes")), b.add(.array([b.add(.string("Foo"))])))]))
        let obj = b.add(.dict([(b.add(.string("$class")), b.add(.uid(2))), (b.add(.integer(5)), b.add(.integer(6)))]))
        let objects = b.add(.array([nullS, obj, cls]))
        let top = b.add(.dict([(b.add(.string("root")), b.add(.uid(1)))]))
        b.objects[root] = .dict([(b.add(.string("$archiver")), b.add(.string("NSKeyedArchiver"))), (b.add(.string("$version")), b.add(.integer(100_000))),
                                 (b.add(.string("$top")), top), (b.add(.string("$objects")), objects)])
        let d = KeyedArchiveGraph(tree: BinaryPlistTree(InputBytes(b.build().bytes))).fullCheck()
        #expect(d.map(\.id).contains("keyed.key.not-string"))
    }
}

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

/// TopRule: `$top` values are references like any other (issue 25 bug 2), and a `$top` without "root".
@Suite struct TopRuleTests {
    /// bpylist2's invalid_uid_archive: `$top.root` is UID 10 in an archive of a few objects. It used
    /// to pass with no error while the tree showed `root = ✗ dangling → 10`.
    @Test func aDanglingRootIsAnErrorOnItsUID() throws {
        var a = KeyedFixture.minimal()
        a.top = [("root", .rawUID(10))]
        let bytes = a.buildBinary()
        let d = KeyedFixture.check(a).filter { $0.id == "keyed.ref.dangling" }
        #expect(d.count == 1)
        #expect(d.first?.severity == .error)
        #expect(d.first?.message == "$top key \"root\": UID 10 is out of range ($objects has 4 entries)")
        #expect(d.first?.range == KeyedFixture.range(of: [0x80, 10], in: bytes))
        #expect(d.first?.object == nil)
    }

    /// Adding `$top['extra'] = UID(999)` to a valid archive used to exit 0.
    @Test func anExtraDanglingEntryIsAnError() throws {
        var a = KeyedFixture.minimal()
        a.top.append(("extra", .rawUID(999)))
        let bytes = a.buildBinary()
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id) == ["keyed.ref.dangling"])
        #expect(d.first?.message.hasPrefix("$top key \"extra\": UID 999 is out of range") == true)
        let uid = try #require(KeyedFixture.range(of: [0x81, 0x03, 0xE7], in: bytes))
        #expect(d.first?.range == uid)
        // Also in the diagnostics reported when the file is opened.
        #expect(KeyedFixture.graph(a).openDiagnostics.contains { $0.id == "keyed.ref.dangling" && $0.range == uid })
    }

    @Test func aRootThatIsAClassDictionaryIsAnError() throws {
        var a = KeyedFixture.minimal()
        let cls = a.classID("Foo")
        a.top = [("root", .ref(cls))]
        let bytes = a.buildBinary()
        let d = KeyedFixture.check(a).filter { $0.id == "keyed.ref.class-dictionary" }
        #expect(d.count == 1)
        #expect(d.first?.severity == .error)
        #expect(d.first?.message == "$top key \"root\" refers to #\(cls), the class dictionary of Foo, not an object (swift-corelibs-foundation decodes it as the plain dictionary)")
        // The builder writes each $top key string right before its value: the UID follows "root".
        let keyAndUID = try #require(KeyedFixture.range(of: [0x54] + Array("root".utf8) + [0x80, UInt8(cls)], in: bytes))
        #expect(d.first?.range == ByteRange(keyAndUID.start + 5, keyAndUID.end))
        let note = try #require(d.first?.notes.first)
        #expect(note.range == KeyedFixture.graph(a).object(cls).range)
    }

    /// A writer that shares equal objects (plistlib) names one UID node from two keys: both are reported.
    @Test func oneUIDNodeUnderTwoKeysIsReportedForEach() {
        var b = BinaryPlistBuilder()
        let root = b.add(.null)
        let uid = b.add(.uid(999))
        let top = b.add(.dict([(b.add(.string("root")), uid), (b.add(.string("alias")), uid)]))
        let objects = b.add(.array([b.add(.string("$null"))]))
        b.objects[root] = .dict([(b.add(.string("$archiver")), b.add(.string("NSKeyedArchiver"))), (b.add(.string("$version")), b.add(.integer(100_000))),
                                 (b.add(.string("$top")), top), (b.add(.string("$objects")), objects)])
        let built = b.build()
        let d = KeyedArchiveGraph(tree: BinaryPlistTree(InputBytes(built.bytes))).fullCheck()
        #expect(d.map(\.id) == ["keyed.ref.dangling", "keyed.ref.dangling"])
        #expect(d.map(\.range) == [built.ranges[uid], built.ranges[uid]])
        #expect(Set(d.map(\.message)) == ["$top key \"root\": UID 999 is out of range ($objects has 1 entry)",
                                          "$top key \"alias\": UID 999 is out of range ($objects has 1 entry)"])
    }

    /// Nil, and a slot holding "$null" (a conditional object never encoded), are not dangling.
    @Test func nilAndConditionalEntriesAreFine() {
        var a = KeyedFixture.minimal()
        let conditional = a.reserve()
        a.top += [("nothing", .ref(0)), ("conditional", .ref(conditional))]
        #expect(KeyedFixture.check(a).isEmpty)
    }

    /// Archives written with keys of their own (nibs' IB.objectdata, `$0`) are Apple's; a note says
    /// that `unarchivedObject(ofClass:from:)` finds no root in them, and names a near miss.
    @Test func aTopWithoutRootIsANote() throws {
        var a = KeyedFixture.minimal()
        a.top = [("Root", a.top[0].1), ("$1", .int(3))]
        let bytes = a.buildBinary()
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id) == ["keyed.top.no-root"])
        #expect(d.first?.severity == .note)
        #expect(d.first?.message.hasSuffix("its keys are \"Root\", \"$1\"") == true, "\(d)")
        let note = try #require(d.first?.notes.first)
        #expect(note.message == "key \"Root\" is almost root")
        #expect(note.range == KeyedFixture.range(of: [0x54] + Array("Root".utf8), in: bytes))
    }

    @Test func aMissingTopNamesTheMisspeltKey() throws {
        var a = KeyedFixture.minimal()
        a.omittedRootKeys = ["$top"]
        a.extraRootEntries = [("$toppo", .string("x"))]
        let bytes = a.buildBinary()
        let d = try #require(KeyedFixture.graph(a).fullCheck().first { $0.id == "keyed.top.missing" })
        #expect(d.severity == .error)
        #expect(d.range?.start == 8)  // the root dictionary
        #expect(d.notes.map(\.message) == ["key \"$toppo\" is almost $top"])
        #expect(d.notes.first?.range == KeyedFixture.range(of: [0x56] + Array("$toppo".utf8), in: bytes))
    }

    /// An empty `$top` is what an archiver finished without encoding anything writes.
    @Test func anEmptyTopIsANoteOnTheTopDictionary() {
        var a = KeyedArchiveBuilder()
        a.top = []
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id) == ["keyed.top.empty"])
        #expect(d.first?.severity == .note)
        #expect(d.first?.range == KeyedFixture.range(of: [0xD0], in: a.buildBinary()))
    }
}

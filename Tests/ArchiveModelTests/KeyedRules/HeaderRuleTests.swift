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

/// ArchiverRule, VersionRule, TopRule, ObjectsRule.
@Suite struct HeaderRuleTests {
    @Test func minimalArchiveIsClean() {
        #expect(KeyedFixture.check(KeyedFixture.minimal()).isEmpty)
    }

    @Test func unknownArchiverIsReported() {
        var a = KeyedFixture.minimal()
        a.archiver = "NRKeyedArchiver"
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id) == ["keyed.archiver.unknown"])
        #expect(d.first?.message.contains("NRKeyedArchiver") == true)
        // On the $archiver value, as $version's problems are on its value.
        #expect(d.first?.range == KeyedFixture.range(of: [0x5F, 0x10, 15] + Array("NRKeyedArchiver".utf8), in: a.buildBinary()))
    }

    @Test func wrongVersion() {
        var a = KeyedFixture.minimal()
        a.version = 10_000
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id) == ["keyed.version.unsupported"])
        // At the $version value (an integer of two bytes: 0x11 then 10000), not at the root dictionary.
        let bytes = a.buildBinary()
        let range = try? #require(d.first?.range)
        #expect(range.map { bytes[$0.start] == 0x11 && $0.count == 3 } == true, "\(String(describing: range))")
    }

    @Test func emptyTop() {
        var a = KeyedFixture.minimal()
        a.top = []
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id).contains("keyed.top.empty"))
        #expect(d.map(\.id).contains("keyed.object.unreachable"))
    }

    /// Apple's unarchiver does not read `$archiver`: a missing one is a warning, with the near miss noted.
    @Test func missingArchiverIsAWarningNamingTheNearMiss() throws {
        var a = KeyedFixture.minimal()
        a.omittedRootKeys = ["$archiver"]
        a.extraRootEntries = [("$Archiver", .string("NSKeyedArchiver"))]
        let bytes = a.buildBinary()
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id) == ["keyed.archiver.missing"])
        #expect(d.first?.severity == .warning)
        #expect(d.first?.range?.start == 8)
        #expect(d.first?.notes.map(\.message) == ["key \"$Archiver\" is almost $archiver"])
        #expect(d.first?.notes.first?.range == KeyedFixture.range(of: [0x59] + Array("$Archiver".utf8), in: bytes))
    }

    @Test func aRootKeyOfTheWrongTypeIsReportedOnItsValue() throws {
        var a = KeyedFixture.minimal()
        a.omittedRootKeys = ["$version"]
        a.extraRootEntries = [("$version", .string("100000"))]
        let bytes = a.buildBinary()
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id) == ["keyed.root.wrong-type"])
        #expect(d.first?.severity == .error)
        #expect(d.first?.message == "$version is a string, expected an integer")
        #expect(d.first?.range == KeyedFixture.range(of: [0x56] + Array("100000".utf8), in: bytes))
        // $archiver is never read by Apple's unarchiver: the same defect there is a warning.
        var b = KeyedFixture.minimal()
        b.omittedRootKeys = ["$archiver"]
        b.extraRootEntries = [("$archiver", .int(7))]
        let e = KeyedFixture.check(b)
        #expect(e.map(\.id) == ["keyed.root.wrong-type"])
        #expect(e.first?.severity == .warning)
        #expect(e.first?.message == "$archiver is an integer, expected a string")
    }

    @Test func anEmptyObjectsArrayIsReportedOnTheArray() throws {
        var b = BinaryPlistBuilder()
        let root = b.add(.null)
        let objects = b.add(.array([]))
        let top = b.add(.dict([(b.add(.string("root")), b.add(.uid(1)))]))
        b.objects[root] = .dict([(b.add(.string("$archiver")), b.add(.string("NSKeyedArchiver"))), (b.add(.string("$version")), b.add(.integer(100_000))),
                                 (b.add(.string("$top")), top), (b.add(.string("$objects")), objects)])
        let built = b.build()
        let d = KeyedArchiveGraph(tree: BinaryPlistTree(InputBytes(built.bytes))).fullCheck()
        // The UID in $top is not reported again: without objects every UID dangles.
        #expect(d.map(\.id) == ["keyed.objects.empty"])
        #expect(d.first?.range == built.ranges[objects])
    }

    @Test func missingKeysAndBadFirstObject() {
        var b = BinaryPlistBuilder()
        let k = b.add(.string("$objects")), v = b.add(.array([b.add(.string("not null"))]))
        let root = b.add(.dict([(k, v)]))
        b.topObject = root
        let g = KeyedArchiveGraph(tree: BinaryPlistTree(InputBytes(b.build().bytes)))
        let ids = g.fullCheck().map(\.id)
        #expect(ids.contains("keyed.archiver.missing"))
        #expect(ids.contains("keyed.version.missing"))
        #expect(ids.contains("keyed.top.missing"))
        #expect(ids.contains("keyed.objects.first-not-null"))
        #expect(g.fullCheck().first { $0.id == "keyed.objects.first-not-null" }?.message
            == "$objects[0] is the string \"not null\", not the string \"$null\"; UID 0 would not mean nil")
    }
}

import Testing
@testable import ArchiveModel

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
        #expect(d.first?.range?.start == 8)  // the root dictionary
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
    }
}

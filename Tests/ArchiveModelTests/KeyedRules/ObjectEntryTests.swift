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

/// Diagnostics about `$objects` entries themselves: undecodable entries and ids outside `$objects`.
@Suite struct ObjectEntryTests {
    /// A string entry whose marker byte is damaged (0x95 is no marker): the keyed layer reports the
    /// entry at the same bytes as the bplist layer, and keeps the rest.
    @Test func anUndecodableEntryIsReportedAtItsBytes() throws {
        var a = KeyedArchiveBuilder()
        let s = a.add(.string("hello"))
        let root = a.object("Foo", [("title", .ref(s))])
        a.top = [("root", .ref(root))]
        var bytes = a.buildBinary()
        let at = try #require(KeyedFixture.range(of: [0x55] + Array("hello".utf8), in: bytes)).start
        bytes[at] = 0x95
        let g = KeyedArchiveGraph(tree: BinaryPlistTree(InputBytes(bytes)))
        let d = g.fullCheck()
        let entry = try #require(d.first { $0.id == "keyed.object.undecodable" })
        #expect(entry.severity == .error)
        #expect(entry.object == s)
        #expect(entry.range?.start == at)
        #expect(entry.message.hasPrefix("object #\(s) cannot be decoded: "))
        #expect(d.contains { $0.id.hasPrefix("bplist.") && $0.range?.start == at })
        #expect(g.object(root).className == "Foo")
    }

    @Test func anIDOutsideObjectsIsReportedOnTheObjectAskedFor() {
        let g = KeyedFixture.graph(KeyedFixture.minimal())
        let d = g.object(99).diagnostics
        #expect(d.map(\.id) == ["keyed.object.no-such-id"])
        #expect(d.first?.message == "object #99 does not exist ($objects has 4 entries)")
        #expect(d.first?.range == nil)
        #expect(g.object(-1).diagnostics.map(\.id) == ["keyed.object.no-such-id"])
    }
}

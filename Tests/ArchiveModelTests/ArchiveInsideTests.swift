import Testing
@testable import ArchiveModel
@testable import KeyedArchive
@testable import IB3XML

/// An archive behind a header of another format (a transport frame, a carved block): found, and named
/// with its offset, in a file this tool cannot otherwise read.
@Suite struct ArchiveInsideTests {
    static let header: [UInt8] = [0x79, 0x5B, 0x3D, 0x1F, 0x20] + [UInt8](repeating: 0, count: 43)

    @Test func aBinaryPlistBehindAHeaderIsFound() throws {
        let bytes = Self.header + DemoArchive.bytes()
        let doc = ArchiveDocument.open(InputBytes(bytes), name: "framed")
        #expect(doc.format == .unknown)
        let graph = try #require(doc.graph as? UnreadableGraph)
        #expect(graph.archiveInside?.offset == 48 && graph.archiveInside?.format == .binaryPlist)
        let note = try #require(doc.graph.fullCheck().first { $0.id == "format.archive.inside" })
        #expect(note.severity == .note && note.range?.start == 48)
        #expect(note.message.contains("a bplist00 archive starts at offset 48"))
    }

    @Test func aTypedstreamAndAnXMLPlistAreFoundToo() throws {
        let typed: [UInt8] = [0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03, 0x84, 0x01, 0x40, 0x84, 0x84, 0x84]
        let t = EmbeddedArchive.archive(after: InputBytes(Self.header + typed))
        #expect(t?.offset == 48)
        if case .typedstream? = t?.format {} else { Issue.record("not a typedstream: \(String(describing: t))") }
        let xml = Array("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>".utf8)
        #expect(EmbeddedArchive.archive(after: InputBytes(Self.header + xml))?.format == .xmlPlist)
    }

    @Test func aMagicWithNothingAfterItOrTooFarInIsNotAnArchive() {
        #expect(EmbeddedArchive.archive(after: InputBytes(Self.header + Array("bplist".utf8))) == nil)
        #expect(EmbeddedArchive.archive(after: InputBytes(Self.header)) == nil)
        let far = [UInt8](repeating: 0xFF, count: EmbeddedArchive.scanLimit) + DemoArchive.bytes()
        #expect(EmbeddedArchive.archive(after: InputBytes(far)) == nil)
        #expect(!(ArchiveDocument.open(InputBytes(Self.header), name: "x").graph.fullCheck().contains { $0.id == "format.archive.inside" }))
    }
}

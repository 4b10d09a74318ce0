@testable import ArchiveModel
@testable import ArchivePresentation
import FuzzSupport
import Testing

/// The kind a graph is read as is typed and fixed by detection (issue 35): never the file's own name
/// for its format.
@Suite struct GraphKindTests {
    static func keyed(archiver: String) -> [UInt8] {
        var b = KeyedArchiveBuilder()
        b.archiver = archiver
        let one = b.add(.string("one"))
        b.top = [("root", .ref(b.object("NSArray", [("NS.objects", .refs([one]))])))]
        return b.buildBinary()
    }

    @Test func eachFormatOpensAsItsKind() {
        #expect(ArchiveDocument.open(InputBytes(Self.keyed(archiver: "NSKeyedArchiver")), name: "k").graph.graphKind == .keyedArchive)
        let plain = Array("<plist version=\"1.0\"><array><string>a</string></array></plist>".utf8)
        #expect(ArchiveDocument.open(InputBytes(plain), name: "p").graph.graphKind == .plainPlist)
        #expect(ArchiveDocument.open(InputBytes(IB3ArchiveBuilder.sample().finished()), name: "x").graph.graphKind == .ib3Archive)
        #expect(ArchiveDocument.open(InputBytes(BookmarkBuilder.sample().build().bytes), name: "b").graph.graphKind == .bookmark)
        #expect(ArchiveDocument.open(InputBytes(Array("GNUstep archive00002c88:00000003".utf8)), name: "g").graph.graphKind == .unreadable)
    }

    /// A keyed archive that calls itself a typedstream is still a keyed archive: its NSArray keeps
    /// its element (read as a typedstream's, it had "0 items (no count)").
    @Test func anArchiverNamedTypedstreamIsAKeyedArchive() throws {
        let graph = ArchiveDocument.open(InputBytes(Self.keyed(archiver: "typedstream")), name: "k").graph
        #expect(graph.archiveKind == "typedstream")
        #expect(graph.graphKind == .keyedArchive)
        #expect(graph.graphKind.usesKeyedCoder)
        let root = try #require(graph.topLevel.first?.value.objectID)
        let array = graph.object(root)
        #expect(!KnownObject.isTypedstream(array, in: graph))
        #expect(ObjectView(object: array, graph: graph).summary == "1 item")
    }

    @Test func theKindsThatReadThroughAKeyedCoder() {
        let keyed: [GraphKind] = [.keyedArchive, .nibArchive, .ib3Archive]
        for kind in [GraphKind.keyedArchive, .plainPlist, .typedstream, .nibArchive, .ib3Archive, .bookmark, .unreadable] {
            #expect(kind.usesKeyedCoder == keyed.contains(kind))
        }
    }
}

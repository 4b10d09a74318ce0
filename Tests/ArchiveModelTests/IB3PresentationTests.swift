import FuzzSupport
import Testing
@testable import ArchiveModel
@testable import ArchiveDocuments
@testable import ArchiveOutput
import TestSupport

/// IB3 archives as a user reads them (issue 36): each object shows the `id` IB gave it, so that
/// `ref="1005"` can be matched to its object, and a UTF-16 archive reads as its UTF-8 twin, located
/// in the file's own bytes.
@Suite struct IB3PresentationTests {
    static let sample = IB3ArchiveBuilder.sample().finished()

    static func open(_ bytes: [UInt8]) -> ArchiveDocument { ArchiveDocument.open(InputBytes(bytes), name: "x.xib") }

    /// `bytes` (UTF-8 text) as UTF-16 with a byte-order mark, little- or big-endian.
    static func utf16(_ bytes: [UInt8], bigEndian: Bool) -> [UInt8] {
        let units = Array(String(decoding: bytes, as: UTF8.self).utf16)
        let bom: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        return bom + units.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    @Test func objectsShowTheirIDAttribute() throws {
        let graph = Self.open(Self.sample).graph
        let window = try #require((0..<graph.objectCount).first { graph.object($0).className == "NSWindowTemplate" })
        #expect(graph.fileIdentity(of: window) == "1005")
        #expect(graph.identityLabel(window) == "#\(window) id=\"1005\"")
        // An object IB wrote without an id (a dictionary's string) is named by its number alone.
        let plugin = try #require((0..<graph.objectCount).first { graph.object($0).value == .string("com.apple.InterfaceBuilder.CocoaPlugin") })
        #expect(graph.fileIdentity(of: plugin) == nil)
        #expect(graph.identityLabel(plugin) == "#\(plugin)")
        #expect(graph.fileIdentity(of: -1) == nil && graph.fileIdentity(of: graph.objectCount) == nil)
        // Other formats have no identity of their own.
        #expect(Self.open(BookmarkBuilder.sample().build().bytes).graph.fileIdentity(of: 0) == nil)
    }

    @Test func theDumpNamesTheIDBesideTheObject() {
        let doc = Self.open(Self.sample)
        var dump: [String] = []
        DumpRenderer(document: doc, diagnostics: [], index: GraphIndex(graph: doc.graph)).render { dump.append($0) }
        #expect(dump.contains { $0.contains("= NSWindowTemplate") && $0.contains(" id=\"1005\" [") }, "\(dump.joined(separator: "\n"))")
    }

    @Test(arguments: [false, true])
    func aUTF16ArchiveReadsAsItsUTF8Twin(bigEndian: Bool) throws {
        let utf8 = Self.open(Self.sample), utf16 = Self.open(Self.utf16(Self.sample, bigEndian: bigEndian))
        #expect(utf16.format == .ib3Archive)
        #expect(utf16.graph.textEncoding?.form == (bigEndian ? .utf16BE : .utf16LE))
        #expect(utf16.graph.objectCount == utf8.graph.objectCount)
        #expect(utf16.graph.archiveKind == utf8.graph.archiveKind)
        #expect(DocumentCheck.fullCheck(of: utf16.graph).map(\.id) == DocumentCheck.fullCheck(of: utf8.graph).map(\.id))
        // The sample is ASCII: each UTF-8 byte is two bytes of the file after its 2-byte mark.
        func located(_ r: ByteRange?) -> ByteRange? { r.map { ByteRange(2 + 2 * $0.start, 2 + 2 * $0.end) } }
        for id in 0..<utf8.graph.objectCount {
            let a = utf8.graph.object(id), b = utf16.graph.object(id)
            #expect(b.className == a.className && b.value == a.value && b.kind == a.kind, "#\(id)")
            #expect(b.range == located(a.range), "#\(id)")
            #expect(b.fields.map(\.key) == a.fields.map(\.key), "#\(id)")
            #expect(b.fields.map(\.range) == a.fields.map { located($0.range) }, "#\(id)")
            #expect(utf16.graph.fileIdentity(of: id) == utf8.graph.fileIdentity(of: id))
        }
        #expect(utf16.graph.topLevel.map(\.range) == utf8.graph.topLevel.map { located($0.range) })
    }

    /// A damaged UTF-16 archive's diagnostics point into the file's bytes.
    @Test func aUTF16ArchivesProblemsAreLocatedInTheFile() throws {
        var b = IB3ArchiveBuilder()
        b.empty("reference", [("key", "dangling"), ("ref", "999")])
        let utf8 = Self.open(b.finished()), utf16 = Self.open(Self.utf16(b.finished(), bigEndian: false))
        let d8 = DocumentCheck.fullCheck(of: utf8.graph), d16 = DocumentCheck.fullCheck(of: utf16.graph)
        #expect(!d8.isEmpty)
        #expect(d16.map(\.id) == d8.map(\.id))
        #expect(d16.map(\.range) == d8.map { $0.range.map { ByteRange(2 + 2 * $0.start, 2 + 2 * $0.end) } })
    }

    /// A UTF-16 copy of each corpus IB3 archive (built here) decodes to the same objects.
    @Test(.needsCorpus) func utf16CopiesOfTheCorpusReadTheSame() throws {
        let files = IB3XMLCorpusTests.files("ib3xml")
        #expect(!files.isEmpty)
        for path in files.prefix(6) {
            let original = try Corpus.open(path)
            let bytes = original.input.bytes(in: ByteRange(0, original.input.count))
            let copy = Self.open(Self.utf16(Array(bytes), bigEndian: false))
            #expect(copy.format == .ib3Archive, "\(path)")
            #expect(copy.graph.objectCount == original.graph.objectCount, "\(path)")
            #expect(DocumentCheck.fullCheck(of: copy.graph).map(\.id) == DocumentCheck.fullCheck(of: original.graph).map(\.id), "\(path)")
            for id in stride(from: 0, to: original.graph.objectCount, by: 7) {
                let a = original.graph.object(id), b = copy.graph.object(id)
                #expect(b.className == a.className && b.value == a.value, "\(path) #\(id)")
            }
        }
    }

    /// A gzipped IB3 archive is opened inside its wrapper, as any format the tool decodes is.
    @Test func aGzippedArchiveIsUnwrapped() {
        let doc = Self.open(Deflate.gzip(Self.sample))
        #expect(doc.format == .ib3Archive)
        #expect(doc.input.wrappers.map(\.kind) == [.gzip])
        #expect(doc.graph.objectCount == Self.open(Self.sample).graph.objectCount)
    }

    /// An Xcode 5+ document in UTF-16 is named in the same note, at its root element's bytes.
    @Test func aUTF16SourceDocumentIsNamedAtItsRoot() throws {
        let text = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" version=\"3.0\"><objects/></document>\n".utf8)
        let utf8 = Self.open(text), utf16 = Self.open(Self.utf16(text, bigEndian: false))
        #expect(utf16.format == .interfaceBuilderDocument)
        let a = try #require(DocumentCheck.fullCheck(of: utf8.graph).first), b = try #require(DocumentCheck.fullCheck(of: utf16.graph).first)
        #expect(a.id == "ib3.document.source" && b.id == a.id)
        #expect(a.range == ByteRange(39, 48))
        #expect(b.range == ByteRange(2 + 2 * 39, 2 + 2 * 48))
        #expect(b.position == a.position)
    }
}

import ArchiveModel
import Foundation
import Testing
@testable import TUI

/// Offsets inside an embedded archive are its own; the browser says where they are in the file, or
/// that the file holds the archive encoded (base64 in an XML plist).
@Suite struct EmbeddedOffsetTests {
    /// The first offset at which `needle` occurs in `haystack`.
    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    static func stack(_ keys: String, bytes: [UInt8] = EmbeddedBrowsingTests.outerBytes) -> SessionStack {
        let document = ArchiveDocument.open(InputBytes(bytes), name: "outer")
        return Headless.stack(graph: document.graph, fileName: "outer", cols: 140, rows: 30, keys: keys)
    }

    @Test func anInlineDataArchiveKnowsItsFileOffset() throws {
        let inner = DemoArchive.bytes(corrupt: true)
        let expected = try #require(Self.find(inner, in: EmbeddedBrowsingTests.outerBytes))
        let s = Self.stack("jjo")
        #expect(s.depth == 1)
        #expect(s.current.context.fileOffset == expected)
        #expect(s.current.state.message?.contains("at file offset \(expected)") == true, "\(String(describing: s.current.state.message))")
    }

    @Test func theDetailPaneAndHexTabGiveTheFileRange() throws {
        let s = Self.stack("jjojd")
        let context = s.current.context
        let base = try #require(context.fileOffset)
        let range = try #require(s.current.state.focusedRow(context)?.node.range)
        let screen = Renderer.render(s.current.state, context: context).text
        #expect(screen.contains("file \(ByteRange(base + range.start, base + range.end))"), "\(screen)")
        // The claimed file bytes are the row's bytes.
        let file = EmbeddedBrowsingTests.outerBytes
        #expect(Array(file[(base + range.start)..<(base + range.end)]) == context.graph.input.bytes(in: range))
        let hex = Self.stack("jjojx")
        let hexScreen = Renderer.render(hex.current.state, context: hex.current.context).text
        #expect(hexScreen.contains("· file \(ByteRange(base + range.start, base + range.end))"), "\(hexScreen)")
    }

    @Test func anArchiveInsideAnEmbeddedArchiveAddsBothOffsets() throws {
        // body → NS.data (a keyed archive) → payload (the demo archive).
        let s = Self.stack("jojo")
        #expect(s.depth == 2)
        let offset = try #require(s.current.context.fileOffset)
        let demo = DemoArchive.bytes()
        #expect(Array(EmbeddedBrowsingTests.outerBytes[offset..<(offset + demo.count)]) == demo)
    }

    @Test func base64InAnXMLPlistHasNoFileOffset() throws {
        let xml = "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>blob</key><data>"
            + Data(DemoArchive.bytes()).base64EncodedString() + "</data></dict></plist>"
        let s = Self.stack("jojd", bytes: Array(xml.utf8))
        #expect(s.depth == 1)
        #expect(s.current.context.fileOffset == nil)
        let screen = Renderer.render(s.current.state, context: s.current.context).text
        #expect(screen.contains("offsets in the embedded data (encoded in the file)"), "\(screen)")
        #expect(s.current.state.message == nil || s.current.state.message?.contains("file offset") == false)
    }

    @Test func theDumpSaysWhereEachEmbeddedArchiveStarts() throws {
        let document = ArchiveDocument.open(InputBytes(EmbeddedBrowsingTests.outerBytes), name: "outer")
        var lines: [String] = []
        DumpRenderer(document: document, diagnostics: document.graph.fullCheck(), index: GraphIndex(graph: document.graph)).render { lines.append($0) }
        let inline = try #require(Self.find(DemoArchive.bytes(corrupt: true), in: EmbeddedBrowsingTests.outerBytes))
        #expect(lines.contains { $0.contains("inline (embedded binary plist (bplist00) at file offset \(inline); offsets below are within it)") },
                "\(lines.filter { $0.contains("embedded") })")
        // The demo inside the archive inside `body`: both offsets added.
        let demo = try #require(Self.find(DemoArchive.bytes(), in: EmbeddedBrowsingTests.outerBytes))
        #expect(lines.contains { $0.filter { $0 == "┊" }.count == 2 && $0.contains("payload (embedded binary plist (bplist00) at file offset \(demo);") }, "\(lines.filter { $0.contains("embedded") })")
    }

    @Test func anArchiveBehindAForeignHeaderIsOfferedAndOpens() throws {
        let header: [UInt8] = [0x79, 0x5B, 0x3D, 0x1F] + [UInt8](repeating: 0, count: 44)
        let bytes = header + DemoArchive.bytes()
        let first = Self.stack("", bytes: bytes)
        let screen = Renderer.render(first.current.state, context: first.current.context).text
        #expect(screen.contains("not an archive this tool reads"), "\(screen)")
        #expect(screen.contains("a bplist00 archive starts at offset 48: o opens it"), "\(screen)")
        let opened = Self.stack("o", bytes: bytes)
        #expect(opened.depth == 1)
        #expect(opened.current.context.fileOffset == 48)
        #expect(opened.current.context.graph.archiveKind == "NSKeyedArchiver")
        // Nothing found: o says there is nothing to open.
        let plain = Self.stack("o", bytes: header)
        #expect(plain.depth == 0)
        #expect(plain.current.state.message?.contains("no embedded archive") == true)
    }

    @Test func theFileItselfSaysNothingMore() {
        let s = Self.stack("jd")
        #expect(s.current.context.placeInFile(ByteRange(0, 4)) == nil)
        #expect(!Renderer.render(s.current.state, context: s.current.context).text.contains("file ["))
    }
}

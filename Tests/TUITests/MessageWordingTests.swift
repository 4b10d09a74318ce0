import ArchiveModel
import Testing
@testable import TUI

/// Browser messages that put a format name or a count into a sentence use `English` (issue 30
/// leftovers of issue 25): "an XML plist archive", "1 object", "1 character".
@Suite struct MessageWordingTests {
    static func graph(_ bytes: [UInt8]) -> any ObjectGraph {
        ArchiveDocument.open(InputBytes(bytes), name: "f").graph
    }

    @Test func anXMLPlistBehindAForeignHeaderTakesAn() {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>a</key><string>b</string></dict></plist>\n"
        let bytes = [0x79, 0x5B, 0x3D, 0x1F] + [UInt8](repeating: 0, count: 44) + Array(xml.utf8)
        let s = Headless.stack(graph: Self.graph(bytes), fileName: "f", cols: 140, rows: 30, keys: "")
        let screen = Renderer.render(s.current.state, context: s.current.context).text
        #expect(screen.contains("an XML plist archive starts at offset 48"), "\(screen)")
        #expect(!screen.contains("a XML plist"))
    }

    @Test func aJumpPastTheOnlyObjectCountsItInTheSingular() {
        var b = BinaryPlistBuilder()
        b.add(.string("alone"))
        let graph = Self.graph(b.build().bytes)
        #expect(graph.objectCount == 1)
        let s = Headless.run(graph: graph, fileName: "f", cols: 100, rows: 10, keys: ":#99\n")
        #expect(s.state.message?.contains("(the graph has 1 object)") == true, "\(s.state.message ?? "no message")")
    }

    @Test func copyingAOneCharacterValueSaysCharacter() {
        var b = BinaryPlistBuilder()
        let x = b.add(.string("x"))
        b.topObject = b.add(.array([x]))
        let s = Headless.run(graph: Self.graph(b.build().bytes), fileName: "f", cols: 100, rows: 10, keys: "jlyv")
        #expect(s.state.effects == [.yank("x")])
        #expect(s.state.message == "copied value (1 character)", "\(s.state.message ?? "no message")")
    }
}

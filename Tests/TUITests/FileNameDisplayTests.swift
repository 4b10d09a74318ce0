import ArchiveModel
import Testing
import TUI

/// Issue 35: the document travels down to the browser, never rebuilt from its graph, so the status
/// line spells a file name whose bytes are not UTF-8 as `--check` does (escaped), not as U+FFFD.
@Suite struct FileNameDisplayTests {
    static let badName: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array(".bin".utf8)

    @Test func aNameThatIsNotUTF8IsShownAsCheckWritesIt() throws {
        let document = ArchiveDocument.open(InputBytes(DemoArchive.bytes()), nameBytes: Self.badName)
        let header = CheckReport.header(document, [])
        #expect(header.hasPrefix("bad\\xff\\xfe.bin: "), "\(header)")
        let screen = Headless.render(document: document, cols: 120, rows: 6, keys: "")
        #expect(screen.contains(" bad\\xff\\xfe.bin │ "), "\(screen)")
        #expect(!screen.contains("\u{FFFD}"))
    }

    @Test func aNameIsEscapedOnceNotTwice() {
        // A control character in a name is escaped for the terminal, and the escape is not escaped again.
        let document = ArchiveDocument.open(InputBytes(DemoArchive.bytes()), name: "a\u{1B}b.plist")
        let screen = Headless.render(document: document, cols: 120, rows: 6, keys: "")
        #expect(screen.contains(" a\\eb.plist │ "), "\(screen)")
        #expect(!screen.contains("\u{1B}"))
        let graphScreen = Headless.render(graph: document.graph, fileName: "a\u{1B}b.plist", cols: 120, rows: 6, keys: "")
        #expect(graphScreen.contains(" a\\eb.plist │ "), "a raw name given with a graph is escaped the same way")
    }
}

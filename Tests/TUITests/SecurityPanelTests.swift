import ArchiveModel
import Testing
@testable import TUI

/// The browser's security panel (`A`, issue 40): the audit as `--audit` prints it, scrolled as text.
@Suite struct SecurityPanelTests {
    static let graph: any ObjectGraph = {
        var k = KeyedArchiveBuilder()
        let key = k.add(.string("name")), value = k.add(.int(7))
        let shared = k.object("NSSharedKeyDictionary", [])
        let root = k.object("NSDictionary", [("NS.keys", .refs([key, key])), ("NS.objects", .refs([value, shared]))])
        k.top = [("root", .ref(root))]
        return ArchiveDocument.open(InputBytes(k.buildBinary()), name: "panel").graph
    }()

    @Test func aOpensTheAuditAndEscClosesIt() {
        let text = Headless.render(graph: Self.graph, fileName: "panel", cols: 100, rows: 20, keys: "A")
        #expect(text.contains("security audit"))
        #expect(text.contains("classes decoding would instantiate (4, from 4 objects decoded):"), "\(text)")
        #expect(text.contains("smallest allow-list: NSDictionary,NSNumber,NSSharedKeyDictionary,NSString"), "\(text)")
        #expect(text.contains("warning: security.class.dangerous"), "\(text)")
        let session = Headless.run(graph: Self.graph, fileName: "panel", cols: 100, rows: 20, keys: "A<Esc>")
        #expect(session.state.overlay == nil)
    }

    @Test func afterThePanelTheTreeMarksObjectsWithAFinding() {
        let before = Headless.render(graph: Self.graph, fileName: "panel", cols: 100, rows: 12, keys: "l")
        #expect(!before.contains("⚑ security"))
        let after = Headless.render(graph: Self.graph, fileName: "panel", cols: 100, rows: 12, keys: "A<Esc>l")
        let marked = after.split(separator: "\n").filter { $0.contains("⚑ security") }
        #expect(marked.count == 1 && marked.first?.contains("NSSharedKeyDictionary") == true, "\(after)")
    }

    @Test func thePanelScrollsAsText() {
        let session = Headless.run(graph: Self.graph, fileName: "panel", cols: 100, rows: 5, keys: "Aj")
        guard case .security(let lines, let cursor)? = session.state.overlay else { Issue.record("no panel"); return }
        #expect(lines.count > 3 && cursor.top == 1)
    }

    @Test func everyCommandHasAKeyAndHelpListsTheAudit() {
        #expect(HelpText.lines.contains { line in line.map(\.text).joined().contains("security audit") })
    }
}

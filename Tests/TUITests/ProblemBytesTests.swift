import ArchiveModel
import Testing
@testable import TUI

/// Enter on a problem pins the problem's own bytes for the hex tab, on the row it jumped to.
@Suite struct ProblemBytesTests {
    func run(_ keys: String, graph: any ObjectGraph = FakeGraph.small, cols: Int = 120) -> Session {
        Headless.run(graph: graph, fileName: "fake.plist", cols: cols, rows: 24, keys: keys)
    }

    func screen(_ session: Session) -> String {
        Renderer.render(session.state, context: session.context).text
    }

    /// The cycle warning on #4 covers two bytes of the object: the hex tab shows those, under the
    /// problem's name, until the focus moves; then it shows the row's own bytes again.
    @Test func aProblemInsideARowShowsItsOwnBytes() {
        var s = run("pgj\n") // second by offset: the cycle warning on #4
        #expect(s.state.problemBytes == ProblemBytes(path: Rows.cycle + [0], range: ByteRange(68, 70), problemID: "archive.cycle"))
        #expect(!s.state.showDetail, "the row shows bytes of its own: the pane stays as it was")
        s = run("pgj\nx")
        #expect(screen(s).contains("archive.cycle at [68, 70), 2 bytes"))
        s = run("pgj\nxk")
        #expect(s.state.problemBytes == nil)
        #expect(!screen(s).contains("archive.cycle at"))
        #expect(screen(s).contains("bytes [56, 64), 8 bytes"))
    }

    /// A keyed archive without `$top`: the problem is in the root dictionary, which no row shows. Enter
    /// opens the hex tab on the problem's bytes rather than showing nothing: with an unreachable object
    /// (the focus lands on "lost and found", which has no bytes) and with no row at all.
    @Test(arguments: [true, false]) func aProblemNoRowShowsOpensTheHexTab(withLostObject: Bool) {
        var b = BinaryPlistBuilder()
        b.add(.null) // the root dictionary, set below
        let archiver = b.add(.string("$archiver")), name = b.add(.string("NSKeyedArchiver"))
        let objectsKey = b.add(.string("$objects")), null = b.add(.string("$null"))
        let lost = b.add(.dict([]))
        let objects = b.add(.array(withLostObject ? [null, lost] : [null]))
        b.objects[0] = .dict([(archiver, name), (objectsKey, objects)])
        let document = ArchiveDocument.open(InputBytes(b.build().bytes), name: "no-top")
        let s = run("p<Enter>", graph: document.graph)
        #expect(s.state.showDetail && s.state.detailTab == .hex)
        #expect(s.state.message?.contains("hex tab opened") == true, "\(s.state.message ?? "no message")")
        let text = screen(s)
        #expect(text.contains("keyed.top.missing at [8, "), "\(text)")
        #expect(text.contains("00000008  d2"), "the root dictionary's bytes (a two-entry dict marker):\n\(text)")
        #expect(text.contains("lost and found") == withLostObject)
    }
}

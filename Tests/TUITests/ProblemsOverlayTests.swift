import ArchiveModel
import Testing
@testable import TUI

/// The problems list of a badly damaged file: thousands of entries, scrolled to the end.
@Suite struct ProblemsOverlayTests {
    /// A bplist whose root array lists 3,000 objects with an unknown marker each.
    static func damaged(count: Int = 3_000) -> (graph: any ObjectGraph, lastOffset: Int) {
        var b = BinaryPlistBuilder()
        b.add(.array(Array(1...count)))
        for _ in 0..<count { b.add(.raw([0x95])) }
        let built = b.build()
        let document = ArchiveDocument.open(InputBytes(built.bytes), name: "damaged")
        return (document.graph, built.ranges[count].start)
    }

    /// 3,000 diagnostics of one id are one group counting all 3,000; Enter opens it, and its last page
    /// shows the last one stored (the first 1,000 are: `DiagnosticBudget`), the rest counted.
    @Test func theLastPageOfAnOpenGroupShowsTheLastStoredProblems() throws {
        let (graph, _) = Self.damaged()
        let stored = DocumentCheck.fullCheck(of: graph).filter { $0.id == "bplist.marker.unknown" }
        #expect(stored.count == DiagnosticBudget.defaultPerID)
        let starts: [Int] = stored.compactMap { $0.range?.start }
        let lastOffset = try #require(starts.max())
        let closed = Headless.screen(graph: graph, fileName: "damaged.plist", cols: 100, rows: 12, keys: "p")
        #expect(closed.line(0).contains("problems (3000)"))
        #expect(closed.text.contains("▸ 3000 × bplist.marker.unknown, first at "), "\(closed.text)")
        let row = try #require((1..<11).first(where: { closed.line($0).contains("3000 × bplist.marker.unknown") }))
        let keys = "pg" + String(repeating: "j", count: row - 1) + "<Enter>G"
        let screen = Headless.screen(graph: graph, fileName: "damaged.plist", cols: 100, rows: 12, keys: keys)
        let body = (1..<11).map { screen.line($0) }
        // The last stored member, then the note that counts the 2,000 left out.
        #expect(body.dropLast().last?.contains("\(lastOffset)") == true, "\(body)")
        #expect(body.last?.contains("2000 more bplist.marker.unknown diagnostics") == true, "\(body)")
        #expect(body.allSatisfy { $0.contains("bplist.marker.unknown") })
    }

    @Test func contentBuildsOnlyTheLinesAskedFor() {
        let (graph, _) = Self.damaged()
        let session = Session(graph: graph, fileName: "damaged.plist", cols: 100, rows: 12)
        session.context.install(diagnostics: graph.fullCheck())
        session.state.openProblemGroups = ["bplist.marker.unknown"]
        let content = OverlayRenderer.content(.problems(ListCursor()), session.state, session.context)
        #expect(content.count >= 3_001, "the group's line, then each member")
        #expect(content.selectable)
        #expect(content.line(content.count - 1).map(\.text).joined().contains("bplist.marker.unknown"))
    }
}

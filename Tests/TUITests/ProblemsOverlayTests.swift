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

    @Test func theLastPageShowsTheLastProblems() {
        let (graph, lastOffset) = Self.damaged()
        let screen = Headless.screen(graph: graph, fileName: "damaged.plist", cols: 100, rows: 12, keys: "pG")
        #expect(screen.line(0).contains("problems (3000)"))
        let body = (1..<11).map { screen.line($0) }
        #expect(body.last?.contains("\(lastOffset)") == true, "\(body)")
        #expect(body.allSatisfy { $0.contains("bplist.marker.unknown") })
    }

    @Test func contentBuildsOnlyTheLinesAskedFor() {
        let (graph, _) = Self.damaged()
        let context = BrowserContext(graph: graph, fileName: "damaged.plist")
        context.install(diagnostics: graph.fullCheck())
        let content = OverlayRenderer.content(.problems(ListCursor()), context, width: 100)
        #expect(content.count == 3_000)
        #expect(content.selectable)
        #expect(content.line(2_999).map(\.text).joined().contains("bplist.marker.unknown"))
    }
}

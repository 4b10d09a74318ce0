import Foundation
import Testing
import ArchiveModel
@testable import TUI

/// The full check a small archive gets without asking (`BrowserContext.automaticCheckLimit`): its
/// problem count is final from the first screen and the tree marks what the rules find, while a large
/// archive is checked only when `p` asks.
@Suite struct AutomaticCheckTests {
    @Test func headlessChecksASmallGraphAtOpen() {
        let graph = CheckCountingGraph(FakeGraph.small)
        let session = Headless.run(graph: graph, fileName: "fake.plist", cols: 80, rows: 24, keys: "")
        #expect(graph.checks == 1)
        #expect(session.context.diagnostics?.count == FakeGraph.small.checkDiagnostics.count)
        let status = Renderer.render(session.state, context: session.context).line(23)
        #expect(status.contains("4 problems │"), "\(status)")
        #expect(!status.contains("so far"), "\(status)")
    }

    @Test func theProblemsListNeedsNoSecondCheck() {
        let graph = CheckCountingGraph(FakeGraph.small)
        let text = Headless.render(graph: graph, fileName: "fake.plist", cols: 80, rows: 24, keys: "p")
        #expect(text.contains("problems (4) and notes (1)"))
        #expect(graph.checks == 1)
    }

    @Test func anUnreachableObjectIsMarkedWithoutP() {
        // #9 is unreachable: only the full check says so, and its row gets the warning mark.
        let text = Headless.render(graph: FakeGraph.small, fileName: "fake.plist", cols: 80, rows: 24, keys: "Gl")
        let orphan = text.split(separator: "\n").first { $0.contains("#9  Orphan") }
        #expect(orphan?.hasPrefix("?") == true, "\(String(describing: orphan))")
    }

    @Test func aCollapsedRowLeadingToProblemsIsMarked() {
        // The damaged demo opens with root collapsed; its books hold an error.
        let demo = ArchiveDocument.open(InputBytes(DemoArchive.bytes(corrupt: true)), name: "demo")
        let screen = Headless.screen(graph: demo.graph, fileName: "demo", cols: 100, rows: 20, keys: "")
        #expect(screen.line(0).hasPrefix("↓▸ root"), "\(screen.text)")
        #expect(screen[0, 0].style.fg == Theme.error.fg) // the focused row is reversed too
        // Expanded, root's own row has nothing to say; the rows below carry the marks.
        let open = Headless.render(graph: demo.graph, fileName: "demo", cols: 100, rows: 20, keys: "l")
        let lines = open.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix(" ▾ root"), "\(open)")
        #expect(lines.contains { $0.hasPrefix("!  ▸ books") }, "\(open)")
        #expect(lines.contains { $0.contains("name  string  \"Demo Library\"") && $0.hasPrefix(" ") })
    }

    @Test func withoutACheckThereIsNoArrow() {
        let graph = CheckCountingGraph(FakeGraph.small, objectCount: BrowserContext.automaticCheckLimit + 1)
        let text = Headless.render(graph: graph, fileName: "big.plist", cols: 80, rows: 24, keys: "")
        #expect(!text.contains("↓"), "\(text)")
    }

    @Test func headlessLeavesALargeGraphUncheckedUntilAsked() {
        let graph = CheckCountingGraph(FakeGraph.small, objectCount: BrowserContext.automaticCheckLimit + 1)
        let session = Headless.run(graph: graph, fileName: "big.plist", cols: 80, rows: 24, keys: "")
        #expect(graph.checks == 0)
        #expect(session.context.diagnostics == nil)
        #expect(Renderer.render(session.state, context: session.context).line(23).contains("so far"))

        let asked = Headless.run(graph: graph, fileName: "big.plist", cols: 80, rows: 24, keys: "p")
        #expect(graph.checks == 1)
        #expect(asked.context.diagnostics != nil)
    }

    @Test func theBrowserChecksInTheBackgroundAfterTheIndex() {
        let graph = CheckCountingGraph(FakeGraph.small)
        let terminal = ScriptedTerminal("jq")
        _ = Browser.run(graph: graph, fileName: "fake.plist", terminal: terminal)
        #expect(graph.checks == 1)
        let status = terminal.screens.last?.line(23) ?? ""
        #expect(status.contains("4 problems │") && !status.contains("so far"), "\(status)")
    }

    @Test func theBrowserDoesNotCheckALargeGraphUnasked() {
        let graph = CheckCountingGraph(FakeGraph.small, objectCount: BrowserContext.automaticCheckLimit + 1)
        let terminal = ScriptedTerminal("jq")
        _ = Browser.run(graph: graph, fileName: "big.plist", terminal: terminal)
        #expect(graph.checks == 0)
        #expect(terminal.screens.last?.line(23).contains("so far") == true)
    }

    @Test func pDuringTheAutomaticCheckOpensTheListOnceItEnds() {
        let graph = CheckCountingGraph(FakeGraph.small, checkDelay: 0.2)
        let terminal = ScriptedTerminal("p", keysWait: false)
        _ = Browser.run(graph: graph, fileName: "fake.plist", terminal: terminal)
        #expect(terminal.screens.contains { $0.line(23).contains("checking") })
        #expect(graph.checks == 1)
        #expect(terminal.screens.contains { $0.line(0).contains("problems (4) and notes (1)") })
    }
}

/// `FakeGraph` with a chosen object count (ids past its own objects are invalid), counting full checks.
final class CheckCountingGraph: ObjectGraph, @unchecked Sendable {
    // Safety: `checkCount` is read and written under `lock`; the rest is immutable.
    private let base: FakeGraph
    let objectCount: Int
    private let checkDelay: TimeInterval
    private let lock = NSLock()
    private var checkCount = 0

    init(_ base: FakeGraph, objectCount: Int? = nil, checkDelay: TimeInterval = 0) {
        self.base = base
        self.objectCount = objectCount ?? base.objectCount
        self.checkDelay = checkDelay
    }

    /// How many full checks have run.
    var checks: Int { lock.withLock { checkCount } }

    var container: ContainerFormat { base.container }
    var archiveKind: String { base.archiveKind }
    var input: InputBytes { base.input }
    var topLevel: [Field] { base.topLevel }
    var openDiagnostics: [Diagnostic] { base.openDiagnostics }
    func object(_ id: ObjectID) -> GraphObject { base.object(id) }

    func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] {
        lock.withLock { checkCount += 1 }
        if checkDelay > 0 { Thread.sleep(forTimeInterval: checkDelay) }
        return base.fullCheck(progress: progress)
    }
}

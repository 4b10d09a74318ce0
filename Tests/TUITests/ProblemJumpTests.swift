import ArchiveModel
import Testing
@testable import TUI

/// `}` / `{` walk the rows with problems in tree order; `p` opens the problems list on the first error.
@Suite struct ProblemJumpTests {
    func run(_ keys: String) -> Session {
        Headless.run(graph: FakeGraph.small, fileName: "fake.plist", cols: 80, rows: 24, keys: keys)
    }

    @Test func nextProblemVisitsMarkedRowsInTreeOrder() {
        // shared1 (#2, a warning; shared2 shows the same object), cycle › next (#4, a warning of the
        // full check), broken (dangling), bad (#7, an error), bad › length (invalid).
        let expected = [Rows.shared1, Rows.cycle + [0], Rows.broken, Rows.bad, Rows.bad + [0]]
        for (i, path) in expected.enumerated() {
            let s = run(String(repeating: "}", count: i + 1))
            #expect(s.state.focusPath == path, "after \(i + 1) × }")
            #expect(s.state.message == nil)
            let node = s.state.focusedRow(s.context)?.node
            #expect(node.flatMap { s.context.rowSeverity($0) }.map { $0 >= .warning } == true)
        }
    }

    @Test func previousProblemGoesBackAndWraps() {
        #expect(run("}}}{").state.focusPath == Rows.cycle + [0])
        let wrapped = run("{")
        #expect(wrapped.state.message == "wrapped to the last problem")
        #expect(wrapped.state.focusPath.first == Rows.lostAndFound[0], "the last problem is in lost and found: \(wrapped.state.focusPath)")
    }

    @Test func aFileWithoutProblemsSaysSo() {
        let s = Headless.run(graph: SearchOrderTests.items, fileName: "items.plist", cols: 80, rows: 12, keys: "}")
        #expect(s.state.message == "no row shows a problem")
        #expect(s.state.focusPath == [0])
    }

    @Test func problemsListOpensOnTheFirstError() {
        // By offset: two warnings (40, 68), then the error (120), a note, an unplaced warning.
        let s = run("p")
        guard case .problems(let cursor) = s.state.overlay else { Issue.record("no problems list"); return }
        #expect(s.context.diagnostics?[cursor.selected].severity == .error)
        #expect(cursor.selected == 2)
    }

    @Test func theKeysAreInTheHelp() {
        let help = HelpText.entries()
        #expect(help.contains { $0.keys == ["}"] && $0.text.contains("next row with a problem") })
        #expect(help.contains { $0.keys == ["{"] && $0.text.contains("previous row with a problem") })
    }
}

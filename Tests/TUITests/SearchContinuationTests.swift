import ArchiveModel
import Testing
@testable import TUI

/// Issue 38, defect 6: a search that stops at its row budget goes on by itself (the browser resumes it
/// while no key is pressed, a budget at a time), says it is still searching, and a key stops it.
@Suite struct SearchContinuationTests {
    func run(_ keys: String) -> Session {
        Headless.run(graph: FakeGraph.huge, fileName: "fake.plist", cols: 100, rows: 24, keys: keys)
    }

    @Test func aSearchPastItsBudgetGoesOnUntilItFindsTheItem() {
        let session = run("/^999990$\n")
        #expect(session.state.searchContinues)
        #expect(session.state.message == "searching for ^999990$: \(BrowserState.searchBudget) rows so far; any key stops, n goes on")
        var resumed = 0
        while session.state.searchContinues, resumed < 20 {
            session.continueSearch()
            resumed += 1
        }
        #expect(!session.state.searchContinues)
        #expect(session.state.focusPath.last == 999_990, "\(session.state.focusPath)")
        #expect(session.state.message == nil || session.state.message?.hasPrefix("searching") == false)
        // One `/` and the loop's resumptions, not ten `n`: the budget bounds each step, not the search
        // (the rows above the list's items take the walk a little past 999,990 rows).
        #expect(resumed >= 999_990 / BrowserState.searchBudget && resumed <= 999_990 / BrowserState.searchBudget + 1, "\(resumed)")
    }

    @Test func escapeStopsItAndNGoesOnFromWhereItStopped() {
        let stopped = run("/^999990$\n<Esc>")
        #expect(!stopped.state.searchContinues)
        #expect(stopped.state.message == "search stopped after \(BrowserState.searchBudget) rows; n goes on")
        let again = run("/^999990$\n<Esc>n")
        #expect(again.state.searchContinues)
        #expect(again.state.message?.hasPrefix("searching for ^999990$: \(2 * BrowserState.searchBudget) rows so far") == true)
    }

    @Test func anotherKeyStopsItAndDoesItsOwnWork() {
        let moved = run("/^999990$\nk")
        #expect(!moved.state.searchContinues)
        #expect(moved.state.message?.hasPrefix("searching") != true)
    }
}

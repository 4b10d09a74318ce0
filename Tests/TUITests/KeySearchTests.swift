import ArchiveModel
import Testing
@testable import TUI

/// `*` / `#` look for the focused row's key forward and backward, as in jless; `n`/`N` repeat.
@Suite struct KeySearchTests {
    func run(_ keys: String) -> Session {
        Headless.run(graph: SearchOrderTests.items, fileName: "items.plist", cols: 80, rows: 12, keys: keys)
    }

    @Test func starFindsTheNextRowWithTheFocusedKey() {
        // `/n0` focuses items › [0] › Name (its value is n0).
        #expect(run("/n0<Enter>").state.focusPath == [0, 0, 0, 0])
        let s = run("/n0<Enter>*")
        #expect(s.state.focusPath == [0, 0, 1, 0])
        #expect(s.state.searchQuery == SearchQuery("Name", kind: .key))
        #expect(run("/n0<Enter>*n").state.focusPath == [0, 0, 2, 0], "n repeats the key search")
        #expect(run("/n0<Enter>*nN").state.focusPath == [0, 0, 1, 0])
    }

    @Test func hashFindsThePreviousOne() {
        let s = run("/n0<Enter>#")
        #expect(s.state.focusPath == [0, 0, 4, 0])
        #expect(s.state.message == "search wrapped to the bottom")
        #expect(run("/n0<Enter>##").state.focusPath == [0, 0, 3, 0])
    }

    @Test func aKeyNoOtherRowHasIsTheOnlyMatch() {
        // No other row has the key `items`.
        let s = run("j*")
        #expect(s.state.focusPath == [0, 0])
        #expect(s.state.message == "only match: key \"items\"")
    }

    @Test func anIndexHasNoKey() {
        let s = run("jll*")
        #expect(s.state.focusPath == [0, 0, 0])
        #expect(s.state.message == "* looks for the focused row's key; [0] is an index")
        #expect(s.state.searchQuery == nil)
    }
}

/// The key search matches keys exactly, not values or parts of keys.
@Suite struct KeySearchMatchTests {
    @Test func matchesTheWholeKeyOnly() {
        let context = BrowserContext(graph: SearchOrderTests.items, fileName: "f")
        let matches = SearchQuery("Name", kind: .key).matcher(context)
        #expect(matches(OutlineNode(label: "Name", value: .list([]), summary: "")))
        #expect(!matches(OutlineNode(label: "Names", value: .list([]), summary: "")))
        #expect(!matches(OutlineNode(label: "k", value: .list([]), summary: "\"Name\"")))
        #expect(!matches(OutlineNode(label: "Name", value: .list([]), summary: "", isGroup: true)))
    }
}

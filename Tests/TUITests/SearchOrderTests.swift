import ArchiveModel
import Testing
@testable import TUI

/// `n` visits every match in tree order, whatever is collapsed (issue 25, bug 1): it used to look at
/// the visible rows first, so from the second match it wrapped to the first and alternated between two.
@Suite struct SearchOrderTests {
    /// `{'items': [{'Name': 'n0'}, … {'Name': 'n4'}]}` as a binary plist (the issue's repro).
    static let items: any ObjectGraph = {
        var b = BinaryPlistBuilder()
        let name = b.add(.string("Name")), itemsKey = b.add(.string("items"))
        let dicts = (0..<5).map { i in
            let value = b.add(.string("n\(i)"))
            return b.add(.dict([(key: name, value: value)]))
        }
        let array = b.add(.array(dicts))
        b.topObject = b.add(.dict([(key: itemsKey, value: array)]))
        return ArchiveDocument.open(InputBytes(b.build().bytes), name: "items").graph
    }()

    func status(_ keys: String) -> String {
        let text = Headless.render(graph: Self.items, fileName: "items.plist", cols: 80, rows: 12, keys: keys)
        return text.split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test func nextVisitsEveryMatchInTreeOrderThenWraps() {
        for i in 0..<5 {
            let line = status("/Name<Enter>" + String(repeating: "n", count: i))
            #expect(line.contains("root › items › [\(i)] › Name"), "after \(i) × n: \(line)")
        }
        #expect(status("/Name<Enter>nnnnn").contains("search wrapped to the top"))
        let wrapped = Headless.run(graph: Self.items, fileName: "items.plist", cols: 80, rows: 12, keys: "/Name<Enter>nnnnn")
        #expect(wrapped.state.focusPath == [0, 0, 0, 0])
    }

    @Test func previousVisitsThemBackwards() {
        let s = Headless.run(graph: Self.items, fileName: "items.plist", cols: 80, rows: 12, keys: "/Name<Enter>NN")
        #expect(s.state.focusPath == [0, 0, 3, 0])
        #expect(s.state.message == nil)
        let back = Headless.run(graph: Self.items, fileName: "items.plist", cols: 80, rows: 12, keys: "/Name<Enter>N")
        #expect(back.state.message == "search wrapped to the bottom")
        #expect(back.state.focusPath == [0, 0, 4, 0])
    }

    @Test func onlyTheRowsOnTheWayAreExpanded() {
        let s = Headless.run(graph: Self.items, fileName: "items.plist", cols: 80, rows: 12, keys: "/Name<Enter>nn")
        #expect(s.state.expansion.isExpanded([0, 0, 2]))
        #expect(!s.state.expansion.isExpanded([0, 0, 3]) && !s.state.expansion.isExpanded([0, 0, 4]),
                "the search reveals its matches; it does not expand the rest of the graph")
    }

    /// A chain of arrays nested deeper than the walk goes on its own: the rows the user expanded are
    /// searched at any depth.
    @Test func rowsTheUserExpandedAreSearchedAtAnyDepth() {
        var b = BinaryPlistBuilder()
        var inner = b.add(.string("needle"))
        for _ in 0..<300 { inner = b.add(.array([inner])) }
        b.topObject = inner
        let graph = ArchiveDocument.open(InputBytes(b.build().bytes), name: "deep").graph
        let s = Headless.run(graph: graph, fileName: "deep.plist", cols: 80, rows: 12, keys: "Eg/needle<Enter>")
        #expect(s.state.focusPath.count == 301, "\(s.state.focusPath.count) \(s.state.message ?? "")")
        let collapsed = Headless.run(graph: graph, fileName: "deep.plist", cols: 80, rows: 12, keys: "/needle<Enter>")
        #expect(collapsed.state.message == "no match: needle", "deeper than the walk's own bound and not expanded")
    }
}

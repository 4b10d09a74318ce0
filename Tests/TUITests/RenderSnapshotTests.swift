import Testing
@testable import TUI

@Suite struct RenderSnapshotTests {
    static let scripts: [(name: String, keys: String)] = [
        ("tree", ""),
        ("cycle", "jjjlllj"),
        ("detail", "jjd"),
        ("detail-text", "jjjjjjjjd"),
        ("hex", "jjjjjjjjx"),
        ("help", "?"),
        ("problems", "p"),
        ("referrers", "jr"),
        ("search-prompt", "/Nod"),
        ("yank", "jjjjjjjjjjy"),
        ("big-list", "jjjjjjjlll<End>kkkkk"),
        ("lost-and-found", "Gl"),
    ]

    static func screen(_ keys: String, cols: Int, rows: Int) -> ScreenBuffer {
        Headless.screen(graph: FakeGraph.small, fileName: "fake.plist", cols: cols, rows: rows, keys: keys)
    }

    @Test(arguments: scripts)
    func at80x24(name: String, keys: String) {
        Snapshot.assertMatches(Self.screen(keys, cols: 80, rows: 24), named: "80x24-" + name)
    }

    @Test(arguments: scripts.filter { ["tree", "detail-text", "hex", "help", "problems"].contains($0.name) })
    func at40x10(name: String, keys: String) {
        Snapshot.assertMatches(Self.screen(keys, cols: 40, rows: 10), named: "40x10-" + name)
    }

    @Test(arguments: scripts.filter { ["tree", "detail", "help", "search-prompt"].contains($0.name) })
    func at20x5(name: String, keys: String) {
        Snapshot.assertMatches(Self.screen(keys, cols: 20, rows: 5), named: "20x5-" + name)
    }

    @Test func sideBySideDetailAt120x30() {
        Snapshot.assertMatches(Self.screen("jjjjjjjjd", cols: 120, rows: 30), named: "120x30-detail")
    }

    @Test func focusedRowIsReversedAcrossTheWidth() {
        let screen = Self.screen("j", cols: 40, rows: 10)
        for c in 0..<40 { #expect(screen[1, c].style.reverse, "column \(c)") }
        #expect(!screen[0, 0].style.reverse)
    }

    @Test func nothingRawReachesTheScreen() {
        for (_, keys) in Self.scripts {
            let screen = Self.screen(keys, cols: 80, rows: 24)
            for cell in screen.cells {
                #expect(!cell.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) || $0.value == 0x202E })
            }
        }
    }

    @Test(arguments: [(1, 1), (2, 2), (5, 3), (3, 1)])
    func tinySizesDoNotCrash(cols: Int, rows: Int) {
        for (_, keys) in Self.scripts {
            let screen = Self.screen(keys + "<Resize \(cols)x\(rows)>jjx", cols: 80, rows: 24)
            #expect(screen.cols == cols && screen.rows == rows)
        }
    }
}

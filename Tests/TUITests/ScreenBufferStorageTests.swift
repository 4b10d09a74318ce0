import Testing
@testable import TUI

/// `ScreenBuffer` stores cells packed (ASCII as itself, other texts in a table); what it hands out must
/// be the cells as written.
@Suite struct ScreenBufferStorageTests {
    @Test func cellsComeBackAsWritten() {
        var screen = ScreenBuffer(cols: 8, rows: 1)
        screen.write("a中e\u{301}👍…", row: 0, col: 0, style: Style(bold: true))
        let texts = screen.cells.map(\.text), widths = screen.cells.map(\.width)
        #expect(texts == ["a", "中", "", "e\u{301}", "👍", "", "…", " "])
        #expect(widths == [1, 2, 0, 1, 2, 0, 1, 1])
        #expect(screen[0, 2].style.bold && !screen[0, 7].style.bold)
        #expect(screen[0, 99] == .blank)
    }

    @Test func distinctTextsListsEachTextOnce() {
        var screen = ScreenBuffer(cols: 6, rows: 2)
        screen.write("│ab│中", row: 0, col: 0)
        screen.write("ba│", row: 1, col: 0)
        #expect(screen.distinctTexts == ["│", "a", "b", "中", "", " "])
    }

    /// Equality is by cell, whatever order each screen met its texts in.
    @Test func screensWithTheSameCellsAreEqual() {
        var first = ScreenBuffer(cols: 4, rows: 1), second = ScreenBuffer(cols: 4, rows: 1)
        first.write("→", row: 0, col: 0)
        first.write("←", row: 0, col: 1)
        second.write("←", row: 0, col: 1)
        second.write("→", row: 0, col: 0)
        #expect(first == second)
        second.restyle(row: 0, col: 3, count: 1, style: Style(dim: true))
        #expect(first != second)
        #expect(ScreenBuffer(cols: 4, rows: 1) != ScreenBuffer(cols: 2, rows: 2))
    }
}

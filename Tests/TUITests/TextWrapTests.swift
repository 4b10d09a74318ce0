import ArchiveModel
import Foundation
import Testing
@testable import TUI

@Suite struct TextWrapTests {
    @Test func breaksAtSpaces() {
        #expect(TextWrap.lines("one two three four", width: 9) == ["one two", "three", "four"])
    }

    @Test func aWordWiderThanALineIsCut() {
        #expect(TextWrap.lines("abcdefghij xy", width: 4) == ["abcd", "efgh", "ij", "xy"])
    }

    @Test func wideCharactersCountTwoColumns() {
        let lines = TextWrap.lines("日本語テキスト", width: 5)
        #expect(lines == ["日本", "語テ", "キス", "ト"])
        #expect(lines.allSatisfy { TextLayout.width($0) <= 5 })
    }

    @Test func aGlyphWiderThanTheWidthStillGetsALine() {
        #expect(TextWrap.lines("日", width: 1) == ["日"])
    }

    @Test func textPastTheLastLineEndsInAnEllipsis() {
        let lines = TextWrap.lines(String(repeating: "word ", count: 100), width: 10, maxLines: 3)
        #expect(lines.count == 3)
        #expect(lines.last?.hasSuffix("…") == true)
        #expect(lines.allSatisfy { TextLayout.width($0) <= 10 })
    }

    @Test func everyWordOfALongMessageIsKept() {
        let message = (0..<60).map { "w\($0)" }.joined(separator: " ")
        let lines = TextWrap.lines(message, width: 17)
        #expect(lines.joined(separator: " ") == message)
        #expect(lines.allSatisfy { TextLayout.width($0) <= 17 })
    }

    @Test func theDetailPaneShowsAWholeMessage() {
        // The damaged demo's nil element: its message is longer than the pane is wide.
        let demo = ArchiveDocument.open(InputBytes(DemoArchive.bytes(corrupt: true)), name: "demo")
        let screen = Headless.render(graph: demo.graph, fileName: "demo", cols: 100, rows: 40, keys: "ljj<Tab>")
        let pane = screen.split(separator: "\n").compactMap { $0.split(separator: "│", maxSplits: 1).dropFirst().first }
        let text = pane.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(text.contains("object #17 NS.objects[0] refers to nil; a collection cannot hold nil (Apple's unarchiver gives no collection at all, swift-corelibs-foundation drops the element, GNUstep raises \"decoded nil in array\")"), "\(screen)")
    }
}

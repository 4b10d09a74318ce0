import ArchiveModel
import Testing
@testable import TUI

/// The detail pane wraps a long value over several lines instead of cutting it to one line with `…`
/// (issue 25 friction).
@Suite struct DetailValueWrapTests {
    static let words = (0..<120).map { "word\($0)" }.joined(separator: " ") + " END"

    static let graph: any ObjectGraph = {
        var b = BinaryPlistBuilder()
        let note = b.add(.string("note")), huge = b.add(.string("huge"))
        let text = b.add(.string(words)), long = b.add(.string(String(repeating: "x", count: 5_000)))
        b.topObject = b.add(.dict([(key: huge, value: long), (key: note, value: text)]))
        return ArchiveDocument.open(InputBytes(b.build().bytes), name: "long").graph
    }()

    func pane(_ keys: String, rows: Int = 40) -> [String] {
        let text = Headless.render(graph: Self.graph, fileName: "long.plist", cols: 80, rows: rows, keys: keys)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return Array(lines.drop { !$0.contains("detail   hex") })
    }

    @Test func aLongStringIsShownInFullOverSeveralLines() throws {
        let lines = pane("jjd")
        let start = try #require(lines.firstIndex(where: { $0.hasPrefix("value   \"word0 word1") }))
        let value = lines[start...].prefix { !$0.isEmpty }
        #expect(value.count > 5, "\(value)")
        #expect(value.last?.hasSuffix("word119 END\"") == true, "\(value)")
        #expect(!value.contains { $0.contains("…") })
        #expect(value.dropFirst().allSatisfy { $0.hasPrefix("        ") }, "continuation lines are indented under the value")
        #expect(value.joined(separator: " ").replacing("        ", with: "").contains("word59 word60"))
    }

    @Test func aVeryLongStringIsCutAndSaysHowLongItIs() {
        let lines = pane("jd" + String(repeating: "<C-e>", count: 40))
        #expect(lines.contains { $0.contains("(5000 bytes of UTF-8 in all; y v copies it)") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix("x…\"") })
    }

    @Test func aShortValueStaysOneLine() {
        let text = Headless.render(graph: FakeGraph.small, fileName: "f", cols: 80, rows: 24, keys: "jjjjjjjjjjd")
        #expect(text.contains("value   42\n"))
    }
}

import ArchiveModel
import Testing
@testable import TUI

@Suite struct HeadlessTests {
    @Test func rendersPlainTextLinesWithTrailingSpacesTrimmed() {
        let text = Headless.render(graph: FakeGraph.small, fileName: "fake.plist", cols: 60, rows: 8, keys: "jjjl")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 8)
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
        #expect(lines[3].contains("▾ cycle  NodeA"))
        #expect(lines[4].contains("▸ next  NodeB"))
        #expect(lines[7].contains("root › cycle"))
    }

    @Test func searchScriptFromTheBrief() {
        let text = Headless.render(graph: FakeGraph.small, fileName: "fake.plist", cols: 80, rows: 24, keys: "jjl/BigList\n")
        #expect(text.split(separator: "\n").last?.contains("root › big") == true)
    }

    @Test func quitEndsTheScript() {
        let text = Headless.render(graph: FakeGraph.small, fileName: "fake.plist", cols: 40, rows: 5, keys: "q?")
        #expect(!text.contains("help  (Esc"))
    }

    @Test func escapesTheFileName() {
        let text = Headless.render(graph: FakeGraph.small, fileName: "evil\u{1B}]0;x\u{07}.plist", cols: 80, rows: 4, keys: "")
        #expect(text.contains("evil\\e]0;x\\x07.plist"))
    }

    @Test func aLongPathGivesWayToTheFileNameBeforeTheFormatIsDropped() {
        let path = "/home/analyst/cases/2026-0042/extracted/private/var/mobile/Library/fake.plist"
        let status = { (cols: Int) in
            Headless.render(graph: FakeGraph.small, fileName: path, cols: cols, rows: 4, keys: "").split(separator: "\n").last.map(String.init) ?? ""
        }
        #expect(status(100).hasPrefix(" fake.plist │ bplist00 NSKeyedArchiver │ 10 objects │ root"), "\(status(100))")
        #expect(status(200).hasPrefix(" \(path) │ bplist00 NSKeyedArchiver │ 10 objects │ root"), "\(status(200))")
        #expect(StatusLine.lastPathComponent("a/b/") == "a/b/" && StatusLine.lastPathComponent("-") == "-")
    }

    /// A message gets the room of the count's long form ("so far", "file cut at N"), which would
    /// otherwise cut it short at 80 columns.
    @Test func aMessageTakesTheRoomOfTheLongCount() {
        let session = Session(graph: FakeGraph.small, fileName: "/home/analyst/cases/fake.plist", cols: 80, rows: 4)
        func status() -> String {
            var screen = ScreenBuffer(cols: 80, rows: 1)
            StatusLine.draw(session.state, session.context, progress: nil, row: 0, into: &screen)
            return screen.line(0)
        }
        #expect(status().contains("1 problem so far │ ? help"), "\(status())")
        session.state.message = String(repeating: "m", count: 40) + " end"
        #expect(status().contains(String(repeating: "m", count: 40) + " end"), "\(status())")
        #expect(status().hasSuffix(" 1 problem │ ? help"), "\(status())")
    }

    @Test(arguments: [
        ("<plist><dict/></plist>", " f │ XML plist │ 1 object │"),
        ("{ a = b; }", " f │ OpenStep plist │ 3 objects │"),
        ("bplist00\u{D0}\u{08}\u{00}\u{00}\u{00}\u{00}\u{00}\u{00}\u{01}\u{01}\u{00}\u{00}\u{00}\u{00}\u{00}\u{00}\u{00}\u{01}"
            + "\u{00}\u{00}\u{00}\u{00}\u{00}\u{00}\u{00}\u{00}\u{00}\u{00}\u{00}\u{00}\u{00}\u{00}\u{00}\u{09}", " f │ bplist00 plist │ 1 object │"),
    ]) func theFormatNamesAPlainPlistOnce(_ text: String, _ prefix: String) {
        let document = ArchiveDocument.open(InputBytes(Array(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })), name: "f")
        let status = Headless.render(graph: document.graph, fileName: "f", cols: 100, rows: 4, keys: "").split(separator: "\n").last.map(String.init) ?? ""
        #expect(status.hasPrefix(prefix), "\(status)")
    }

    @Test func absurdSizesAreClamped() {
        let screen = Headless.screen(graph: FakeGraph.small, fileName: "f", cols: 1_000_000, rows: -5, keys: "<Resize 99999x99999>")
        #expect(screen.cols == ScreenBuffer.maxCols && screen.rows == ScreenBuffer.maxRows)
    }

    @Test func aPrebuiltIndexDrawsTheSameScreens() throws {
        let index = try #require(GraphIndex(graph: FakeGraph.small))
        for keys in ["", "jjjl", "jjjlll", "p"] {
            let built = Headless.screen(graph: FakeGraph.small, fileName: "f", cols: 70, rows: 10, keys: keys)
            let given = Headless.screen(graph: FakeGraph.small, fileName: "f", cols: 70, rows: 10, keys: keys, index: index)
            #expect(given == built, "keys \(keys)")
        }
        // Referrer counts come from an index, so the given one was installed.
        let text = Headless.screen(graph: FakeGraph.small, fileName: "f", cols: 70, rows: 10, keys: "jjjl", index: index).text
        #expect(text.contains(" refs)"))
    }

    @Test func segmentsCarryTheStateAndEachGiveAScreen() {
        let segments = ["jj", "jl", "d", "p"]
        let screens = Headless.screens(graph: FakeGraph.small, fileName: "f", cols: 70, rows: 10, segments: segments)
        #expect(screens.count == segments.count)
        for n in 1...segments.count {
            let whole = Headless.screen(graph: FakeGraph.small, fileName: "f", cols: 70, rows: 10, keys: segments.prefix(n).joined())
            #expect(screens[n - 1] == whole, "after \(segments.prefix(n))")
        }
        #expect(screens[0] != screens[1] && screens[2] != screens[3])
    }

    @Test func segmentsStopWhenAKeyQuits() {
        let screens = Headless.screens(graph: FakeGraph.small, fileName: "f", cols: 40, rows: 5, segments: ["j", "qj", "j", "k"])
        #expect(screens.count == 2)
    }

    /// Found by FuzzRender (an empty input): a search in a file with no rows built the range 1..<0 and
    /// trapped. Every key of the table on files that decode to nothing to show.
    @Test(arguments: ["", "bplist00", "<plist></plist>"]) func everyKeyWorksWithNothingToShow(_ text: String) {
        let document = ArchiveDocument.open(InputBytes(Array(text.utf8)), name: "nothing")
        let script = "/a<Enter>nN?/x<Enter>:#0<Enter>:#1<Enter>frxdp<Enter>ykypvJKeEcC3<C-d><C-u>G<PgDn>h l o"
            + "<Click 1,1><DblClick 0,0><WheelDown><Resize 20x3>"
        // A file this tool cannot read says why; a readable one with nothing in it says so.
        let empty = document.graph is UnreadableGraph ? "the file is empty" : "(the archive has no"
        for keys in [script, "/a<Enter>", "N"] {
            let text = Headless.render(graph: document.graph, fileName: "f", cols: 60, rows: 5, keys: keys)
            #expect(text.hasPrefix(empty), "keys \(keys): \(text)")
        }
        let searched = Headless.render(graph: EmptyGraph(), fileName: "f", cols: 60, rows: 5, keys: "/a<Enter>")
        #expect(searched.contains("no match: a"))
    }

    @Test func withNoRowsTheHexTabShowsTheFilesFirstBytes() {
        let document = ArchiveDocument.open(InputBytes([0x00, 0xFF] + Array("not an archive at all, just".utf8) + [0x01, 0x02, 0x03]), name: "x")
        let text = Headless.render(graph: document.graph, fileName: "x", cols: 120, rows: 8, keys: "x")
        #expect(text.contains("no rows: the first 32 bytes of 32 bytes"), "\(text)")
        #expect(text.contains("00 ff 6e 6f 74 20 61 6e"), "the file's first bytes")
        #expect(Headless.render(graph: document.graph, fileName: "x", cols: 120, rows: 8, keys: "d").contains("x shows the file's first bytes"))
    }

    @Test func emptyGraphShowsAMessage() {
        let text = Headless.render(graph: EmptyGraph(), fileName: "empty", cols: 50, rows: 4, keys: "jjlfx?q")
        #expect(text.contains("no top-level entries") || text.contains("help"))
    }
}

/// A graph with nothing in it.
final class EmptyGraph: ObjectGraph, @unchecked Sendable {
    let container: ContainerFormat = .empty
    let archiveKind = ""
    let input = InputBytes([UInt8]())
    let objectCount = 0
    let topLevel: [Field] = []
    let openDiagnostics: [Diagnostic] = []
    func object(_ id: ObjectID) -> GraphObject { GraphObject(id: id, kind: .invalid) }
    func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] { [] }
}

@Suite struct ScreenBufferTests {
    @Test func wideCharacterAtTheEdgeIsNotSplit() {
        var screen = ScreenBuffer(cols: 5, rows: 1)
        screen.write("ab日本", row: 0, col: 0)
        #expect(screen.line(0) == "ab日…")
        screen = ScreenBuffer(cols: 4, rows: 1)
        screen.write("abc日", row: 0, col: 0)
        #expect(screen.line(0) == "abc…")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var screen = ScreenBuffer(cols: 4, rows: 1)
        screen.write("日本", row: 0, col: 0)
        screen.write("x", row: 0, col: 1)
        #expect(screen.line(0) == " x本")
        #expect(screen[0, 0].width == 1)
    }

    @Test func spansKeepTheirStylesAndCutWithAnEllipsis() {
        var screen = ScreenBuffer(cols: 6, rows: 1)
        screen.write([Span("ab", Theme.label), Span("cdefg", Theme.className)], row: 0, col: 0, width: 6)
        #expect(screen.line(0) == "abcde…")
        #expect(screen[0, 1].style == Theme.label)
        #expect(screen[0, 2].style == Theme.className)
        #expect(screen.styleMap == "b*2 f6*4")
    }

    /// A line cut inside an early span ends in an ellipsis styled as its last text, and a long span is
    /// laid out only as far as the width (a 200,000-character span costs what fits).
    @Test func aLineCutEarlyEndsInTheLastSpansStyle() {
        var screen = ScreenBuffer(cols: 8, rows: 1)
        let long = String(repeating: "x", count: 200_000)
        let end = screen.write([Span(long, Theme.label), Span("", Theme.cycle), Span(" (2 refs)", Theme.shared), Span("", Theme.error)],
                               row: 0, col: 0, width: 8)
        #expect(end == 8)
        #expect(screen.line(0) == "xxxxxxx…")
        #expect(screen[0, 6].style == Theme.label)
        #expect(screen[0, 7].style == Theme.shared)
    }

    @Test func writesOutsideAreIgnored() {
        var screen = ScreenBuffer(cols: 3, rows: 2)
        screen.write("x", row: 5, col: 0)
        screen.write("x", row: 0, col: 9)
        screen.write("x", row: -1, col: 0)
        #expect(screen.text == "\n")
    }
}

@Suite struct OSC52Tests {
    @Test(arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foobar", "Zm9vYmFy")])
    func base64(text: String, expected: String) {
        #expect(OSC52.base64(Array(text.utf8)) == expected)
    }

    @Test func sequenceCarriesOnlyBase64() {
        let seq = OSC52.sequence(for: "\u{1B}]0;pwned\u{07}")
        #expect(seq.hasPrefix("\u{1B}]52;c;") && seq.hasSuffix("\u{07}"))
        let payload = seq.dropFirst(7).dropLast()
        #expect(payload.allSatisfy { $0.isLetter || $0.isNumber || "+/=".contains($0) })
    }
}

@Suite struct HexDumpTests {
    @Test func highlightsTheRangeWithContext() {
        let input = InputBytes((0..<64).map { UInt8($0) })
        let lines = HexDump.lines(range: ByteRange(20, 24), input: input, width: 80)
        let text = lines.map { $0.map(\.text).joined() }
        #expect(text[0] == "bytes [20, 24), 4 bytes")
        #expect(text[1].hasPrefix("00000000  00 01 02"))
        #expect(text.count == 1 + 4) // lines 0, 16, 32, 48 (context before and after)
        let row = lines[2]
        let highlighted = row.filter { $0.style == Theme.highlight }.map(\.text).joined()
        #expect(highlighted.contains("14 15 16 17"))
        #expect(text[3].hasSuffix("|"))
    }

    @Test func asciiColumnShowsNonPrintablesAsDots() {
        let input = InputBytes([0x41, 0x00, 0x1B, 0x7F, 0xC3, 0x7A])
        let text = HexDump.lines(range: ByteRange(0, 6), input: input, width: 80).map { $0.map(\.text).joined() }
        #expect(text[1].hasSuffix("|A....z          |"))
    }

    @Test func rangePastTheEndIsReported() {
        let input = InputBytes([1, 2, 3])
        let text = HexDump.lines(range: ByteRange(2, 10), input: input, width: 50).map { $0.map(\.text).joined() }
        #expect(text.contains { $0.contains("runs past the end") })
        #expect(HexDump.bytesPerLine(width: 44) == 8)
        #expect(HexDump.bytesPerLine(width: 76) == 16)
        #expect(HexDump.bytesPerLine(width: 75) == 8)
        #expect(HexDump.bytesPerLine(width: 20) == 4)
    }
}

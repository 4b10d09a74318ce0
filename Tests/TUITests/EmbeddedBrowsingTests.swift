import ArchiveModel
import Testing
@testable import TUI
import TestSupport

/// Archives inside data values: marked in the tree, opened with `o` as a nested browser, closed
/// with `q` back to the outer one at the same focus.
@Suite struct EmbeddedBrowsingTests {
    /// A keyed archive `Message` whose fields hold: `body`, an NSMutableData whose `NS.data` is a keyed
    /// archive (`Holder`) which itself holds the demo archive in `payload`; `inline`, the damaged demo
    /// as inline data; `plain`, data that is no archive.
    static let outer = ArchiveDocument.open(InputBytes(outerBytes), name: "outer.archive")

    static let outerBytes: [UInt8] = {
        var inner = KeyedArchiveBuilder()
        let payload = inner.add(.data(DemoArchive.bytes()))
        let holder = inner.object("Holder", [("payload", .ref(payload)), ("note", .string("holds the demo"))])
        inner.top = [("root", .ref(holder))]

        var a = KeyedArchiveBuilder()
        let blob = a.add(.data(inner.buildBinary()))
        let body = a.object("NSMutableData", superclasses: ["NSData", "NSObject"], [("NS.data", .ref(blob))])
        let plain = a.add(.data(Array("not an archive, just bytes".utf8)))
        let message = a.object("Message", [
            ("body", .ref(body)), ("inline", .data(DemoArchive.bytes(corrupt: true))), ("plain", .ref(plain)),
        ])
        a.top = [("root", .ref(message))]
        return a.buildBinary()
    }()

    /// Rows of the outer archive (the single root starts expanded).
    enum Outer {
        static let body = [0, 0]
        static let inline = [0, 1]
        static let plain = [0, 2]
    }

    func stack(_ keys: String, cols: Int = 100, rows: Int = 24) -> SessionStack {
        Headless.stack(graph: Self.outer.graph, fileName: "outer.archive", cols: cols, rows: rows, keys: keys)
    }

    func screen(_ keys: String, cols: Int = 100, rows: Int = 24) -> [String] {
        Headless.render(graph: Self.outer.graph, fileName: "outer.archive", cols: cols, rows: rows, keys: keys)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func statusLine(_ stack: SessionStack) -> String {
        Renderer.render(stack.current.state, context: stack.current.context).line(stack.current.state.rows - 1)
    }

    @Test func rowsHoldingAnArchiveAreMarked() {
        let lines = screen("")
        let body = lines.first { $0.contains("body") } ?? ""
        let inline = lines.first { $0.contains("inline") } ?? ""
        let plain = lines.first { $0.contains("plain") } ?? ""
        #expect(body.contains("⧉ embedded bplist00"), "\(lines.joined(separator: "\n"))")
        #expect(inline.contains("⧉ embedded bplist00"))
        #expect(!plain.contains("⧉"))
        // The marker has its own style (bold green); colour is not its only carrier: the glyph and words are there.
        let buffer = Headless.screen(graph: Self.outer.graph, fileName: "outer.archive", cols: 100, rows: 24, keys: "")
        let row = lines.firstIndex { $0.contains("inline") } ?? 0
        let column = (inline.range(of: "⧉").map { inline.distance(from: inline.startIndex, to: $0.lowerBound) }) ?? 0
        #expect(buffer[row, column].style == Theme.embedded)
    }

    @Test func detailPaneSaysWhatTheDataHolds() {
        let text = screen("jjd", cols: 140).joined(separator: "\n")
        #expect(text.contains("holds   ⧉ embedded bplist00, \(DemoArchive.bytes(corrupt: true).count) bytes · o opens it"), "\(text)")
        #expect(!screen("jjjd", cols: 140).joined(separator: "\n").contains("holds"), "plain data holds no archive")
    }

    @Test func openShowsTheNestedArchiveWithItsLocation() {
        let s = stack("jo")
        #expect(s.depth == 1)
        #expect(s.current.context.graph.archiveKind == "NSKeyedArchiver")
        #expect(s.current.context.location.count == 1)
        let location = s.current.context.location[0]
        #expect(location.hasPrefix("#") && location.hasSuffix(" body"), "\(location)")
        #expect(statusLine(s).contains("outer.archive › " + location), "\(statusLine(s))")
        #expect(statusLine(s).contains("embedded bplist00"), "the first screen says what was opened")
        let text = screen("jo").joined(separator: "\n")
        #expect(text.contains("Holder"))
        #expect(text.contains("payload"))
        // The status line keeps the nesting after the next key replaces the message.
        let after = stack("joj")
        #expect(statusLine(after).hasPrefix(" outer.archive › \(location) │ "), "\(statusLine(after))")
    }

    @Test func nestsTwiceAndShowsTheWholeTrail() {
        // body (NSMutableData) › Holder › payload holds the demo archive.
        let s = stack("jojo")
        #expect(s.depth == 2)
        #expect(s.current.context.location.count == 2)
        #expect(s.current.context.location[1].hasSuffix(" payload"))
        let line = statusLine(stack("jojoj"))
        #expect(line.contains("outer.archive › \(s.current.context.location[0]) › \(s.current.context.location[1])"), "\(line)")
        let text = screen("jojoj").joined(separator: "\n")
        #expect(text.contains("Library"), "\(text)")
    }

    @Test func qReturnsToTheOuterArchiveAtTheSameFocus() {
        // Focus `inline`, open it, move around inside, come back.
        let inside = stack("jjojjjl")
        #expect(inside.depth == 1)
        let back = stack("jjojjjlq")
        #expect(back.depth == 0 && !back.shouldQuit)
        #expect(back.current.state.focusPath == Outer.inline)
        #expect(statusLine(back).contains("back from #"), "\(statusLine(back))")
        // Two levels down and back up, one level at a time.
        #expect(stack("jojoq").depth == 1)
        #expect(stack("jojoq").current.state.focusPath == [0, 0], "the inner archive kept its focus on payload")
        let top = stack("jojoqq")
        #expect(top.depth == 0 && !top.shouldQuit && top.current.state.focusPath == Outer.body)
        #expect(stack("jojoqqq").shouldQuit, "q in the outermost archive quits")
    }

    @Test func ctrlCQuitsFromAnyDepth() {
        let s = stack("jojo<C-c>j")
        #expect(s.shouldQuit)
        #expect(s.depth == 2, "nothing was closed: the whole browser ends")
    }

    @Test func openOnOtherRowsSaysWhy() {
        let s = stack("jjjo")
        #expect(s.depth == 0)
        #expect(s.current.state.focusPath == Outer.plain)
        #expect(statusLine(s).contains("no embedded archive here"), "\(statusLine(s))")
        #expect(stack("o").depth == 0, "the root object is not data")
    }

    @Test func resizeInsideCarriesOverToTheOuterArchive() {
        let s = stack("jo<Resize 60x12>q")
        #expect(s.depth == 0)
        #expect(s.current.state.cols == 60 && s.current.state.rows == 12)
        #expect(s.current.state.focusPath == Outer.body)
        let lines = screen("jo<Resize 60x12>q")
        #expect(lines.count == 12)
    }

    @Test func nestedArchiveHasItsOwnProblemsAndSearch() {
        // The damaged demo, opened from `inline`: its own problems list, its own search.
        let problems = screen("jjop").joined(separator: "\n")
        #expect(problems.contains("keyed.ref.dangling") || problems.contains("dangling"), "\(problems)")
        let s = stack("jjo/Earthsea\n")
        #expect(s.current.state.searchPattern == "Earthsea")
        #expect(screen("jjo/Earthsea\n").joined(separator: "\n").contains("A Wizard of Earthsea"))
        // Closing it leaves the outer archive's state alone.
        #expect(stack("jjo/Earthsea\nq").current.state.searchPattern == nil)
    }

    @Test func helpListsTheKeys() {
        let lines = HelpText.lines.map { $0.map(\.text).joined() }
        #expect(lines.contains { $0.hasPrefix("  o ") && $0.contains("embedded") })
        #expect(lines.contains { $0.hasPrefix("  q ") && $0.contains("outer") })
        #expect(lines.contains { $0.hasPrefix("  C-c ") && $0.contains("any depth") })
    }

    @Test func runLoopOpensAndClosesWithBackgroundIndexes() {
        let terminal = ScriptedTerminal("jjo" + "jjjjjjjj" + "q" + "q")
        let status = Browser.run(graph: Self.outer.graph, fileName: "outer.archive", terminal: terminal)
        #expect(status == 0)
        #expect(terminal.screens.contains { $0.text.contains("outer.archive › #") })
        // The nested archive's index was built in the background: its lost-and-found appears.
        #expect(terminal.screens.contains { $0.text.contains("outer.archive › #") && $0.text.contains("lost and found") })
        #expect(terminal.screens.last?.text.contains("back from") == true)
    }

    @Test func ctrlCInTheRunLoopEndsEverything() {
        let terminal = ScriptedTerminal("jo<C-c>j")
        #expect(Browser.run(graph: Self.outer.graph, fileName: "outer.archive", terminal: terminal, indexInBackground: false) == 0)
        #expect(terminal.keys == [.char("j")])
    }

    /// An iMessage plist whose `t` values are typedstream blobs.
    @Test(.needsCorpus) func corpusIMessageTypedstream() throws {
        let document = try #require(Corpus.document("plist/imessage-exporter__EditedToLinkAndBack.plist"))
        let keys = "jllllllj" // root › ec › 0 › [0] › t
        let before = Headless.render(graph: document.graph, fileName: "imessage.plist", cols: 110, rows: 20, keys: keys)
        #expect(before.contains("t  data  ⧉ embedded typedstream"), "\(before)")
        let s = Headless.stack(graph: document.graph, fileName: "imessage.plist", cols: 110, rows: 20, keys: keys + "o")
        #expect(s.depth == 1)
        guard s.depth == 1 else { return }
        #expect(s.current.context.graph.container == .typedstream(bigEndian: false))
        #expect(s.current.context.location == ["#13 t"])
        let text = Headless.render(graph: document.graph, fileName: "imessage.plist", cols: 110, rows: 20, keys: keys + "oj")
        #expect(text.contains("NSAttributedString"))
        #expect(text.contains("This is a normal message"))
        #expect(text.contains("imessage.plist › #13 t │ typedstream"), "\(text)")
        let back = Headless.stack(graph: document.graph, fileName: "imessage.plist", cols: 110, rows: 20, keys: keys + "ojjlq")
        #expect(back.depth == 0 && back.current.state.focusPath == [0, 0, 0, 0, 1])
    }

    /// A typedstream whose NSData holds a keyed archive (bplist inside typedstream).
    @Test(.needsCorpus) func corpusBplistInsideTypedstream() throws {
        let document = try #require(Corpus.document("typedstream/crabstep__StyledLink"))
        let s = Headless.stack(graph: document.graph, fileName: "styled", cols: 110, rows: 40, keys: "/__kIMDataDetected\no")
        #expect(s.depth == 1, "\(Headless.render(graph: document.graph, fileName: "styled", cols: 110, rows: 40, keys: "/__kIMDataDetected\n"))")
        #expect(s.current.context.graph.archiveKind == "NSKeyedArchiver")
    }
}

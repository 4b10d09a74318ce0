import ArchiveModel
import FuzzSupport
import Testing
@testable import TUI
import TestSupport

/// The hostile inputs (issue 6) in the browser: each is opened headless and driven through the keys that
/// do the most work (expand everything, jump to the last row, hex view, deep expansion, search, go-to,
/// follow, back, problems, open embedded), with the screen drawn after every key. Every screen must be
/// free of raw control characters and the whole script must finish in bounded time: no recursion
/// through a deep tree, no walk of the 2^64 paths, no copy of a huge string onto the screen.
@Suite(.serialized, .tags(.slow)) struct HostileBrowsingTests {
    /// A tenth of the model tests' million levels: deep enough that recursion would overflow the stack
    /// of a test thread, small enough for a debug build.
    static let inputs = HostileInputs.catalogue(depth: 100_000, size: 5_000_000)

    static let script = "E" + "G" + "k" + "x" + "x" + "g" + "e" + "jjjj" + "d" + "d" + "/Node|leaf|a{3}\n" + "n" + "N"
        + "p" + "j" + "<Enter>" + ":#3\n" + "f" + "[" + "]" + "<C-d>" + "<End>" + "o" + "q" + "C" + "l" + "r" + "<Esc>"

    @Test(arguments: inputs) func browse(_ input: HostileInputs.Input) {
        let start = Self.now()
        let document = ArchiveDocument.open(InputBytes(input.bytes), name: input.name)
        let stack = SessionStack(root: Session(graph: document.graph, fileName: "hostile", cols: 100, rows: 30))
        Headless.prepare(stack.current)
        var screens = 0
        var unsafe: [String] = []
        func draw(after key: String) {
            let screen = Renderer.render(stack.current.state, context: stack.current.context)
            screens += 1
            for row in 0..<screen.rows {
                if let bad = FuzzCheck.unsafeScalar(in: screen.line(row)), unsafe.count < 5 {
                    unsafe.append("after \(key), row \(row): U+\(String(bad.value, radix: 16))")
                }
            }
        }
        draw(after: "open")
        for key in KeyNotation.parse(Self.script) {
            let session = stack.current
            if case .opened(let nested) = stack.handle(key) { Headless.prepare(nested) }
            session.runPendingSynchronously()
            if stack.current !== session { stack.current.runPendingSynchronously() }
            if stack.shouldQuit { break }
            draw(after: "\(key)")
        }
        let seconds = Self.now() - start
        print("hostile browse \(input): \(screens) screens, \(document.graph.objectCount) objects, \((seconds * 1000).rounded() / 1000) s")
        #expect(unsafe.isEmpty, "\(unsafe)")
        #expect(screens > 20)
    }

    static func now() -> Double { Memory.now() }
}

/// Text from the file that a pane repeats per line is cut: a long key shared by many referrers (each
/// redraw of the detail pane escaped and laid out 50 copies of it).
@Suite struct LongKeyPaneTests {
    @Test func referrerKeysAreCutInTheDetailPane() {
        // Object 1, the string "a", is the value of 60 entries whose key is one 50,000-character string.
        let bytes = HostileInputs.dictionaryKeyedByOneLongString(entries: 60, length: 50_000)
        let document = ArchiveDocument.open(InputBytes(bytes), name: "long keys")
        let session = Headless.run(graph: document.graph, fileName: "f", cols: 100, rows: 30, keys: "lj")
        let referrers = DetailPane.referrers(1, session.context)
        #expect(referrers.count > 50)
        let longest = referrers.flatMap { $0 }.map { $0.text.count }.max() ?? 0
        #expect(longest <= ValueFormatter.summaryLimit + 10)
    }
}

import TestSupport
import Testing
@testable import TUI

/// A terminal that plays a key script and records what is presented and yanked. While background
/// work runs (a timeout is asked for) it reports timeouts, so scripted keys arrive after the work;
/// with `keysWait: false` they arrive at once, and only the final Ctrl-C waits for the work.
final class ScriptedTerminal: Terminal {
    var keys: [Key]
    var screens: [ScreenBuffer] = []
    var yanked: [String] = []
    var cols: Int
    var rows: Int
    private let keysWait: Bool
    private var waits = 0

    init(_ script: String, cols: Int = 80, rows: Int = 24, keysWait: Bool = true) {
        keys = KeyNotation.parse(script)
        self.cols = cols
        self.rows = rows
        self.keysWait = keysWait
    }

    var size: (cols: Int, rows: Int) { (cols, rows) }

    func nextKey(timeoutMilliseconds: Int) -> Key? {
        if timeoutMilliseconds == Browser.busyTimeout, waits < 500, keysWait || keys.isEmpty {
            waits += 1
            usleep(10_000)
            return nil
        }
        waits = 0
        return keys.isEmpty ? .ctrl("c") : keys.removeFirst()
    }

    func present(_ screen: ScreenBuffer) { screens.append(screen) }
    func yank(_ text: String) { yanked.append(text) }
    func restore() {}
}

@Suite struct BrowserRunLoopTests {
    @Test func backgroundIndexThenProblemsListAndQuit() {
        let terminal = ScriptedTerminal("p<Esc>jjjjjjjjjjyvq")
        let status = Browser.run(graph: FakeGraph.small, fileName: "fake.plist", terminal: terminal)
        #expect(status == 0)
        #expect(terminal.screens.contains { $0.line(0).contains("problems (4) and notes (1)") })
        #expect(terminal.yanked == ["42"])
        // The index was built in the background: shared markers and lost and found appear.
        #expect(terminal.screens.last?.text.contains("lost and found") == true)
        #expect(terminal.screens.last?.text.contains("→ #2 (2 refs)") == true)
    }

    @Test func ctrlCQuitsAndResizeRelaysOut() {
        let terminal = ScriptedTerminal("G<Resize 30x5><C-c>j")
        _ = Browser.run(graph: FakeGraph.small, fileName: "fake.plist", terminal: terminal, indexInBackground: false)
        let last = terminal.screens.last
        #expect(last?.cols == 30 && last?.rows == 5)
        #expect(terminal.keys == [.char("j")])
    }

    @Test func escCancelsBackgroundWork() {
        let job = BackgroundJob(kind: .buildIndex, then: nil)
        job.cancel()
        job.perform(on: FakeGraph.small)
        guard case .cancelled = job.finished else { Issue.record("not cancelled"); return }
        #expect(job.label.hasPrefix("indexing"))
    }
}

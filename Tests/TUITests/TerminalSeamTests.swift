import Foundation
import Testing
import TestSupport
@testable import TUI

@Suite(.serialized, .tags(.slow)) struct TerminalSeamTests {
    @Test(.enabled(if: TmuxDriver.isAvailable))
    func driverSeesAShellCommand() throws {
        let tmux = try TmuxDriver(command: "printf 'hello from tmux\\n'; sleep 0.5; exit 3", cols: 40, rows: 5)
        #expect(tmux.waitFor("hello from tmux"))
        #expect(tmux.exitStatus() == 3)
    }

    /// Runs the real ncurses seam: this test binary runs itself in tmux with `TUI_SEAM_CHILD=1`,
    /// where `seamChild` calls `Browser.run` on the fake graph.
    @Test(.enabled(if: TmuxDriver.isAvailable && ProcessInfo.processInfo.environment["TUI_SEAM_CHILD"] == nil))
    func browserUnderTmux() throws {
        let binary = CommandLine.arguments[0]
        guard binary.hasSuffix(".xctest") || FileManager.default.isExecutableFile(atPath: binary) else { return }
        let command = "'\(binary)' --testing-library swift-testing --filter 'TerminalSeamTests/seamChild'"
        let tmux = try TmuxDriver(command: command, cols: 100, rows: 30, environment: ["TUI_SEAM_CHILD": "1"])
        #expect(tmux.waitFor("? help", timeout: 60), "start-up: \((try? tmux.capture()) ?? "")")
        #expect(tmux.waitFor("→ #2 (2 refs)"), "index built in the background")
        try tmux.send("j")
        #expect(tmux.waitFor("root › shared1"))
        try tmux.send("j", "j", "Enter")
        #expect(tmux.waitFor("▾ cycle  NodeA"))
        #expect(try tmux.capture().contains("日本語テキスト"))
        try tmux.send("?")
        #expect(tmux.waitFor("archive-browse keys"))
        try tmux.send("Escape")
        #expect(tmux.waitFor("▾ cycle"))
        try tmux.resize(cols: 60, rows: 12)
        #expect(tmux.waitUntil(timeout: 60) { (try? tmux.capture())?.split(separator: "\n").last?.contains("? help") == true })
        #expect(try tmux.capture(styles: true).contains("\u{1B}["), "styles reach the terminal")
        try tmux.send("C-c")
        let status = tmux.exitStatus(timeout: 60)
        #expect(status == 0, "after C-c: \((try? tmux.capture()) ?? "")")
    }

    /// With `NO_COLOR` set, attributes (reverse, bold) remain but no colour is sent.
    @Test(.enabled(if: TmuxDriver.isAvailable && ProcessInfo.processInfo.environment["TUI_SEAM_CHILD"] == nil))
    func noColorUnderTmux() throws {
        let binary = CommandLine.arguments[0]
        let command = "'\(binary)' --testing-library swift-testing --filter 'TerminalSeamTests/seamChild'"
        let tmux = try TmuxDriver(command: command, cols: 80, rows: 20, environment: ["TUI_SEAM_CHILD": "1", "NO_COLOR": "1"])
        #expect(tmux.waitFor("? help", timeout: 60))
        let styled = try tmux.capture(styles: true)
        #expect(styled.contains("\u{1B}[7m") || styled.contains(";7m"), "reverse video for the focus")
        for colour in 30...47 where colour != 38 && colour != 39 {
            #expect(!styled.contains("\u{1B}[\(colour)m") && !styled.contains(";\(colour)m"), "colour \(colour) sent")
        }
        try tmux.send("q")
        #expect(tmux.exitStatus(timeout: 60) == 0)
    }

    /// The child side of `browserUnderTmux`; does nothing in a normal test run. On the main actor
    /// (the main thread), as in the real executable, so that SIGWINCH reaches ncurses.
    @MainActor @Test func seamChild() {
        guard ProcessInfo.processInfo.environment["TUI_SEAM_CHILD"] == "1" else { return }
        let status = Browser.run(graph: FakeGraph.small, fileName: "fake.plist")
        #expect(status == 0)
    }
}

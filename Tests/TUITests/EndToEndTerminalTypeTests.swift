import Foundation
import Testing
import TestSupport

/// End-to-end (issue 25, bug 5): the browser in a real terminal whose `TERM` curses cannot use as it
/// is. An unknown type of a known family runs with the family's type; `dumb` is refused with a message
/// and exit status 2 instead of a blank screen.
@Suite(.serialized, .tags(.slow), .needsTmux) struct EndToEndTerminalTypeTests {
    /// The browser on the demo archive with `TERM` set in the pane's shell (tmux sets its own `TERM`
    /// for the pane, over the session's environment). The shell then prints `after-exit STATUS` and
    /// stays, so that the screen can be read (a dead pane's first line is lost); the driver's server
    /// ends it.
    static func start(term: String) throws -> TmuxDriver {
        let binary = try #require(BrowserInTmux.binary)
        return try TmuxDriver(command: "TERM=\(BrowserInTmux.quote(term)) \(BrowserInTmux.quote(binary)) --demo; echo after-exit $?; sleep 120")
    }

    /// The screen's text with its lines joined (a long message wraps).
    static func text(_ tmux: TmuxDriver) -> String {
        ((try? tmux.capture()) ?? "").replacingOccurrences(of: "\n", with: "")
    }

    @Test func anUnknownXtermTypeFallsBackToXterm() throws {
        let tmux = try Self.start(term: "xterm-made-up-for-a-test")
        #expect(tmux.waitFor("books", timeout: BrowserInTmux.timeout), "the browser runs:\n\((try? tmux.capture()) ?? "")")
        try tmux.send("q")
        #expect(tmux.waitFor("after-exit 0", timeout: BrowserInTmux.timeout), "\(Self.text(tmux))")
        #expect(Self.text(tmux).contains("TERM=xterm-made-up-for-a-test is not in the terminfo database; the browser used xterm-256color"),
                "\(Self.text(tmux))")
    }

    @Test func aDumbTerminalIsRefused() throws {
        let tmux = try Self.start(term: "dumb")
        #expect(tmux.waitFor("after-exit 2", timeout: BrowserInTmux.timeout), "\(Self.text(tmux))")
        #expect(Self.text(tmux).contains("archive-browse: TERM=dumb is a terminal that cannot move the cursor"), "\(Self.text(tmux))")
    }
}

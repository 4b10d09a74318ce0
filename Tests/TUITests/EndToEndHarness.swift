import Foundation
import Testing

/// The built `archive-browse` executable running in a private tmux server, for end-to-end tests.
///
/// The pane's shell prints `before-start`, runs the browser, prints `after-exit STATUS` and then
/// waits (until `finish()`), so the terminal state the browser left behind can be read from tmux
/// while the pane is still alive.
final class BrowserInTmux {
    let tmux: TmuxDriver
    private let endGate: String

    /// The executable next to the test bundle (`swift test` builds every product into the same
    /// directory), or `ARCHIVE_BROWSE_BIN`; nil when neither exists.
    static let binary: String? = {
        if let path = ProcessInfo.processInfo.environment["ARCHIVE_BROWSE_BIN"], !path.isEmpty {
            return FileManager.default.isExecutableFile(atPath: path) ? path : nil
        }
        var candidates: [URL] = []
        let argument = CommandLine.arguments.first ?? ""
        if let resolved = realpath(argument, nil) {
            candidates.append(URL(fileURLWithPath: String(cString: resolved)).deletingLastPathComponent())
            free(resolved)
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        return candidates.map { $0.appendingPathComponent("archive-browse").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Why end-to-end tests cannot run here, printed as the skip message; nil when they can.
    static var skipReason: String? {
        if !TmuxDriver.isAvailable { return "skipped: tmux not found" }
        if binary == nil, let path = ProcessInfo.processInfo.environment["ARCHIVE_BROWSE_BIN"], !path.isEmpty {
            return "skipped: ARCHIVE_BROWSE_BIN=\(path) is not an executable"
        }
        if binary == nil {
            return "skipped: archive-browse executable not found next to the test bundle (\(CommandLine.arguments.first ?? "?")); build it or set ARCHIVE_BROWSE_BIN"
        }
        return nil
    }

    /// Starts the browser with `arguments` in `directory`, in a `cols`×`rows` pane with
    /// `LANG=C.UTF-8 TERM=tmux-256color`. Before it starts, the shell sets the pane title to
    /// `control-title` (so tests can see the title is settable, and that the browser never changes it).
    /// `shellWords` are appended unquoted (a glob, for file names a command line cannot carry).
    init(_ arguments: [String], shellWords: String = "", in directory: String? = nil, cols: Int = 100, rows: Int = 30,
         recordOutput: Bool = false, environment: [String: String] = [:]) throws {
        guard let binary = Self.binary else { throw Missing() }
        endGate = FileManager.default.temporaryDirectory
            .appendingPathComponent("e2e-end-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        let run = ([binary] + arguments).map(Self.quote).joined(separator: " ") + (shellWords.isEmpty ? "" : " " + shellWords)
        let cd = directory.map { "cd \(Self.quote($0)) && " } ?? ""
        let command = "\(cd)printf '\\033]2;control-title\\033\\\\before-start\\n'; \(run); s=$?; "
            + "printf 'after-exit %d\\n' \"$s\"; until [ -e \(Self.quote(endGate)) ]; do sleep 0.02; done; exit $s"
        tmux = try TmuxDriver(command: command, cols: cols, rows: rows, environment: environment, recordOutput: recordOutput)
    }

    deinit { unlink(endGate) }

    struct Missing: Error {}

    /// `text` in single quotes for the shell.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// How long any one wait may take. Generous: polling returns as soon as the screen is right, and
    /// CI machines run other tests at the same time.
    static let timeout = 60.0

    /// The screen's lines.
    func lines() -> [String] {
        ((try? tmux.capture()) ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The status line: the last line that shows the help hint (or the list/prompt line at the bottom).
    func statusLine() -> String {
        lines().last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String) -> Bool { timed("screen: \(text)") { tmux.waitFor(text, timeout: Self.timeout) } }

    /// Waits until the status line contains `text`.
    @discardableResult
    func waitForStatus(_ text: String, timeout: Double = BrowserInTmux.timeout) -> Bool {
        timed("status: \(text)") { tmux.waitUntil(timeout: timeout) { self.statusLine().contains(text) } }
    }

    /// Waits until `condition` holds for the screen's lines.
    @discardableResult
    func waitUntil(_ condition: @escaping ([String]) -> Bool) -> Bool {
        timed("a condition") { tmux.waitUntil(timeout: Self.timeout) { condition(self.lines()) } }
    }

    /// Runs a wait and reports it when it was slow (a loaded machine), to explain slow or failed runs.
    private func timed(_ what: String, _ wait: () -> Bool) -> Bool {
        let start = Date()
        let result = wait()
        let seconds = Date().timeIntervalSince(start)
        if seconds > 3 { print("e2e: waited \(Int(seconds)) s for \(what)\(result ? "" : " (timed out)")") }
        return result
    }

    func send(_ keys: String...) throws { try tmux.tmux(["send-keys", "-t", tmux.session] + keys) }

    /// Types `text` literally.
    func type(_ text: String) throws { try tmux.send(text, literal: true) }

    /// The screen for a failure message.
    var screen: String { (try? tmux.capture()) ?? "(no capture)" }

    /// Waits for the browser to exit (the shell prints `after-exit`), then returns its exit status.
    func waitForExit() -> Int? {
        guard tmux.waitUntil(timeout: Self.timeout, { self.lines().contains { $0.hasPrefix("after-exit ") } }) else { return nil }
        return lines().lazy.compactMap { line -> Int? in
            guard line.hasPrefix("after-exit ") else { return nil }
            return Int(line.dropFirst("after-exit ".count).trimmingCharacters(in: .whitespaces))
        }.first
    }

    /// Lets the pane's shell end; returns its exit status (the browser's).
    @discardableResult
    func finish() -> Int? {
        close(open(endGate, O_WRONLY | O_CREAT, 0o600))
        return tmux.exitStatus(timeout: Self.timeout)
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the end-to-end test or suite only where tmux and the built executable are (see
    /// `BrowserInTmux.skipReason`); elsewhere it shows as skipped instead of passing unchecked.
    static var needsTmux: Self {
        .enabled(if: EndToEndTests.ready(), "needs tmux and the built archive-browse executable (or ARCHIVE_BROWSE_BIN)")
    }
}

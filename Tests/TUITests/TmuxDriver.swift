import Foundation

/// Drives a program in a private tmux server for end-to-end tests: start it at a size, send keys,
/// poll the screen until it shows some text (no fixed sleeps), resize, read the exit status.
final class TmuxDriver {
    let socket: String
    let session = "main"
    /// Where the shell writes the program's exit status (tmux's `pane_dead_status` proved unreliable:
    /// the server sometimes leaves the pane's process unreaped).
    let statusPath: String
    /// With `recordOutput`: every byte the pane's programs wrote to the terminal (tmux `pipe-pane`).
    let outputPath: String?

    /// Whether tmux can be run here (tests skip otherwise).
    static var isAvailable: Bool { (try? run(["tmux", "-V"]).status) == 0 }

    /// Starts `command` (run by the shell) in a detached `cols`×`rows` session with `environment`.
    /// With `recordOutput`, the command waits until `pipe-pane` records the pane's output (see `output`).
    init(command: String, cols: Int = 100, rows: Int = 30, environment: [String: String] = [:],
         recordOutput: Bool = false) throws {
        socket = "tui-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        statusPath = FileManager.default.temporaryDirectory.appendingPathComponent(socket + ".status").path
        outputPath = recordOutput ? statusPath + ".out" : nil
        // remain-on-exit is set before the session exists, so a quick exit still leaves its status.
        var args = ["-f", "/dev/null", "start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";",
                    "new-session", "-d", "-s", session, "-x", "\(cols)", "-y", "\(rows)"]
        for (k, v) in ["LANG": "C.UTF-8", "TERM": "tmux-256color"].merging(environment, uniquingKeysWith: { $1 }) {
            args += ["-e", "\(k)=\(v)"]
        }
        let gate = statusPath + ".go"
        let wait = recordOutput ? "until [ -e '\(gate)' ]; do sleep 0.02; done; " : ""
        try tmux(args + ["\(wait)( \(command) ); echo $? > '\(statusPath)'"])
        if let outputPath {
            try tmux(["pipe-pane", "-t", session, "cat > '\(outputPath)'"])
            close(open(gate, O_WRONLY | O_CREAT, 0o600))
        }
    }

    /// The bytes recorded so far (with `recordOutput`).
    var output: [UInt8] {
        guard let outputPath, let data = FileManager.default.contents(atPath: outputPath) else { return [] }
        return [UInt8](data)
    }

    /// A tmux format for the pane, e.g. `#{pane_title}`, `#{alternate_on}`.
    func display(_ format: String) throws -> String {
        try tmux(["display", "-p", "-t", session, format]).trimmingCharacters(in: .newlines)
    }

    /// Ends the program (SIGTERM to the pane's process, which this driver started) and the server.
    deinit {
        if let text = try? tmux(["display", "-p", "-t", session, "#{pane_dead} #{pane_pid}"]) {
            let fields = text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            if fields.count == 2, fields[0] == "0", let pid = Int32(fields[1]), pid > 1 { kill(pid, SIGTERM) }
        }
        _ = try? tmux(["kill-server"])
        unlink(statusPath)
        unlink(statusPath + ".go")
        if let outputPath { unlink(outputPath) }
        let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(directory)/tmux-\(getuid())/\(socket)")
    }

    /// Runs a tmux command on this driver's server; returns its standard output.
    @discardableResult
    func tmux(_ args: [String]) throws -> String {
        let result = try Self.run(["tmux", "-L", socket] + args)
        return result.output
    }

    /// Sends keys in tmux's key names (`Down`, `Enter`, `Escape`, `C-c`, or literal text with `literal`).
    func send(_ keys: String..., literal: Bool = false) throws {
        try tmux(["send-keys", "-t", session] + (literal ? ["-l"] : []) + keys)
    }

    /// The visible screen as text (trailing blanks trimmed); with `styles`, including SGR escapes.
    func capture(styles: Bool = false) throws -> String {
        try tmux(["capture-pane", "-t", session, "-p"] + (styles ? ["-e", "-N"] : []))
    }

    /// Polls the screen until it contains `text`; false after `timeout` seconds.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 60) -> Bool {
        waitUntil(timeout: timeout) { (try? self.capture())?.contains(text) == true }
    }

    /// Polls `condition` every 0.1 s until it holds or `timeout` seconds pass.
    func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(100_000)
        }
        return condition()
    }

    /// Resizes the window (the program gets SIGWINCH).
    func resize(cols: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", session, "-x", "\(cols)", "-y", "\(rows)"])
    }

    /// The exit status once the program has exited (waiting up to `timeout` seconds), else nil.
    func exitStatus(timeout: Double = 60) -> Int? {
        var status: Int?
        _ = waitUntil(timeout: timeout) {
            let text = (try? String(contentsOfFile: statusPath, encoding: .utf8)) ?? ""
            status = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
            return status != nil
        }
        return status
    }

    /// Runs a program, returning its exit status and standard output.
    ///
    /// Uses `posix_spawnp` and `waitpid` directly (Foundation's `Process` can miss the exit of a
    /// tmux client that forked a server). Output goes through a temporary file, not a pipe: the
    /// server inherits the descriptor and would hold a pipe open for as long as it lives.
    static func run(_ args: [String]) throws -> (status: Int32, output: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-out-\(getpid())-\(UInt64.random(in: 0...UInt64.max))").path
        defer { unlink(path) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        // The calling test thread may block signals; the tmux server and its panes must not inherit that
        // (they would miss SIGCHLD, SIGWINCH and SIGHUP).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), defaults = sigset_t()
        sigemptyset(&empty)
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGTERM, SIGCHLD, SIGPIPE, SIGWINCH] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, args[0], &actions, &attributes, &argv, environ)
        guard spawned == 0 else { throw SpawnError(code: spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let output = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), output)
    }

    struct SpawnError: Error {
        var code: Int32
    }
}

import Foundation
import Testing
import TestSupport

/// The man page and completions in `share/` are generated from the argument definitions
/// (`scripts/generate-share.sh`), never written by hand: each completion script must be what the
/// built binary's `--generate-completion-script` prints now, and the man page's source, the
/// `--experimental-dump-help` in `share/man/dump-help.json`, what its dump prints now. When an option
/// changes without the script being run, these fail.
@Suite struct ManPageFreshnessTests {
    static let share = Corpus.repositoryRoot + "/share"

    static func committed(_ path: String) throws -> String {
        try String(contentsOfFile: share + "/" + path, encoding: .utf8)
    }

    static let stale = "stale: run scripts/generate-share.sh and commit share/"

    @Test(arguments: [("bash", "completions/archive-browse.bash"), ("zsh", "completions/_archive-browse"),
                      ("fish", "completions/archive-browse.fish")])
    func completionScriptIsWhatTheBinaryGenerates(_ shell: String, _ path: String) throws {
        let r = try CLITests.run(["--generate-completion-script", shell])
        #expect(r.status == 0)
        #expect(r.out.contains("--check") && r.out.contains("--salvage"), "the \(shell) script names the options")
        #expect(try Self.committed(path) == r.out, "share/\(path) is \(Self.stale)")
    }

    @Test func manPageSourceIsWhatTheBinaryDumps() throws {
        let r = try CLITests.run(["--experimental-dump-help"])
        #expect(r.status == 0)
        #expect(try Self.committed("man/dump-help.json") == r.out, "share/man/dump-help.json is \(Self.stale)")
    }

    /// Every long option the binary defines is in the committed page, as mdoc's `Fl` macro writes it,
    /// and so is the abstract: a page generated from other definitions fails here.
    @Test func manPageDocumentsEveryOption() throws {
        let page = try Self.committed("man/man1/archive-browse.1")
        let dump = try CLITests.run(["--experimental-dump-help"]).out
        let info = try #require(try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any])
        let command = try #require(info["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        let longNames = arguments.flatMap { ($0["names"] as? [[String: Any]]) ?? [] }
            .filter { $0["kind"] as? String == "long" }.compactMap { $0["name"] as? String }
        #expect(longNames.count > 20 && longNames.contains("salvage"), "\(longNames)")
        for name in longNames where name != "help" && name != "version" {
            #expect(page.contains("Fl -\(name)"), "the man page documents --\(name)")
        }
        #expect(page.contains(".Dt ARCHIVE-BROWSE 1"), "a section 1 page")
        #expect(page.contains(try #require(command["abstract"] as? String)))
    }

    /// Runs `tool` with `arguments`; its status and standard output.
    static func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String) {
        let process = Process(), out = Pipe()
        process.executableURL = URL(fileURLWithPath: try #require(Tools.path(of: tool)))
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(.needsTool("bash")) func bashCompletionLoads() throws {
        let (status, out) = try Self.run("bash", ["-c", "source \"$1\" && complete -p archive-browse", "_",
                                                  Self.share + "/completions/archive-browse.bash"])
        #expect(status == 0)
        #expect(out.contains("archive-browse"), "\(out)")
    }

    @Test(.needsTool("man")) func manPageRenders() throws {
        let (status, out) = try Self.run("man", ["-l", Self.share + "/man/man1/archive-browse.1"], environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        #expect(status == 0)
        #expect(out.contains("ARCHIVE-BROWSE(1)") && out.contains("--salvage"), "\(out.prefix(400))")
    }
}

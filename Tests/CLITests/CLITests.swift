import ArchiveModel
import Foundation
import Testing

/// The real `archive-browse` binary: modes, exit statuses (0 clean, 1 problems, 2 unreadable or bad
/// arguments), standard input, and no TTY needed.
@Suite struct CLITests {
    /// The executable built next to this test bundle.
    static let binary: String? = {
        var dir = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent("archive-browse").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }()

    struct Result { var status: Int32; var out: String; var err: String }

    /// Runs the binary (or `executable`) with `arguments`; `environment` entries are added to (or, with
    /// a nil value, removed from) the test's own environment, with the search time limits lifted
    /// (`SearchDeadline`).
    static func run(_ arguments: [String], stdin: Data? = nil, executable: String? = nil,
                    environment: [String: String?] = [:]) throws -> Result {
        let binary = try #require(Self.binary, "archive-browse not built next to the tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? binary)
        process.arguments = arguments
        // Search time limits lifted: a loaded machine gives the answers an idle one does.
        var merged = ProcessInfo.processInfo.environment
        merged[SearchDeadline.liftVariable] = "1"
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, out: String(decoding: o, as: UTF8.self), err: String(decoding: e, as: UTF8.self))
    }

    static func temp(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ab-cli-\(getpid())-\(name)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func checkIsCleanOnTheDemoAndFailsOnTheDamagedOne() throws {
        let clean = try Self.run(["--demo", "--check"])
        #expect(clean.status == 0)
        #expect(clean.out.isEmpty)
        #expect(clean.err.contains("0 errors, 0 warnings"))
        let damaged = try Self.run(["--demo", "corrupt", "--check"])
        #expect(damaged.status == 1)
        #expect(damaged.out.split(separator: "\n").contains { $0.hasPrefix("2381: error: keyed.ref.dangling: ") })
    }

    @Test func unreadableAndUnsupportedInputsExitWithTwo() throws {
        #expect(try Self.run(["--check", "/nonexistent/file.plist"]).status == 2)
        let gnustep = try Self.temp(Array("GNUstep archive00002c88:00000003".utf8), "gorm")
        let r = try Self.run(["--check", gnustep])
        #expect(r.status == 2)
        #expect(r.out.contains("format.gnustep-archive.unsupported"))
        #expect(try Self.run(["--dump", "--json", "--demo"]).status == 2)
        #expect(try Self.run([]).status == 2)
    }

    @Test func standardInputIsRead() throws {
        let r = try Self.run(["--dump", "-"], stdin: Data(DemoArchive.bytes()))
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("-: binary plist (bplist00), NSKeyedArchiver, 47 objects"))
    }

    @Test func jsonParses() throws {
        let r = try Self.run(["--demo", "corrupt", "--json"])
        #expect(r.status == 1)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let diagnostics = try #require(root["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.contains { $0["id"] as? String == "keyed.dictionary.count-mismatch" && $0["object"] as? Int == 54 })
    }

    @Test func browserRefusesWithoutATerminal() throws {
        // A type the browser can use, so that the missing terminal is what stops it.
        let r = try Self.run(["--demo"], environment: ["TERM": "xterm"])
        #expect(r.status == 2)
        #expect(r.err.contains("needs a terminal"))
    }

    @Test func headlessScreenNeedsNoTerminal() throws {
        let r = try Self.run(["--demo", "--screen", "80x24", "--keys", "jjl"])
        #expect(r.status == 0)
        let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 25 && lines.last == "", "24 rows, each ending in a newline")
        #expect(r.out.contains("▾ books  NSMutableArray  3 items"))
        #expect(try Self.run(["--demo", "--screen", "80by24"]).status == 2)
    }

    @Test func headlessScreenRefusesAnUnknownKeyName() throws {
        let r = try Self.run(["--demo", "--screen", "80x24", "--keys", "j<Ennter>"])
        #expect(r.status == 2)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("no key is called <Ennter> (at character 2)"))
    }

    @Test func theInputFileIsNeverWritten() throws {
        let path = try Self.temp(DemoArchive.bytes(corrupt: true), "ro")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        for mode in ["--check", "--dump", "--json"] { _ = try Self.run([mode, path]) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == attributes[.modificationDate] as? Date)
    }
}

/// `TERM` is checked before curses starts (issue 25, bug 5): curses exits with status 1 and its own
/// message on an unknown type and draws nothing on `dumb`. No terminal is needed for the refusals.
@Suite struct TerminalTypeTests {
    @Test(arguments: [
        ("dumb", "TERM=dumb is a terminal that cannot move the cursor, so it cannot run the browser; use --dump"),
        ("no-such-terminal-type", "the terminal type TERM=no-such-terminal-type is not in the terminfo database"),
        ("", "TERM is not set"),
    ])
    func anUnusableTerminalTypeIsRefusedWithStatusTwo(_ term: String, _ message: String) throws {
        let r = try CLITests.run(["--demo"], environment: ["TERM": term])
        #expect(r.status == 2)
        #expect(r.out.isEmpty)
        #expect(r.err.hasPrefix("archive-browse: " + message), "\(r.err)")
        #expect(r.err.contains("--dump, --check or --json"))
    }

    @Test func anUnsetTermIsRefused() throws {
        let r = try CLITests.run(["--demo"], environment: ["TERM": nil])
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("archive-browse: TERM is not set"))
    }

    @Test func aTermWithEscapesIsShownEscaped() throws {
        let r = try CLITests.run(["--demo"], environment: ["TERM": "x\u{1B}[2J"])
        #expect(r.status == 2)
        #expect(r.err.contains("TERM=x\\e[2J"), "\(r.err)")
    }
}

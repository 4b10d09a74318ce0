import ArchiveModel
import Foundation
import Testing
import TestSupport

/// File names as the shell passes them (issue 25, bugs 4 and 8): bytes that are not UTF-8 open the
/// file they name, and every output shows a name escaped, never raw.
@Suite struct FileNameTests {
    /// A fresh directory for one test's files.
    static func directory(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ab-names-\(getpid())-\(name)").path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `contents` to the file whose name is exactly `name` (any bytes but `/` and NUL) in `directory`.
    static func write(_ contents: [UInt8], named name: [UInt8], in directory: String) throws {
        let path = Array(directory.utf8) + [UInt8(ascii: "/")] + name + [0]
        let fd = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o600) } }
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(TestPlatform.write(contents, to: fd))
    }

    /// Runs the binary from `directory` through the shell, so that `arguments` (shell words, e.g.
    /// `"$(printf 'bad\\377.bin')"`) can carry bytes a Swift `String` cannot.
    static func runInShell(_ arguments: String, in directory: String) throws -> CLITests.Result {
        let binary = try #require(CLITests.binary, "archive-browse not built next to the tests")
        return try CLITests.run(["-c", "cd \"$1\" && exec \"$0\" \(arguments)", binary, directory], executable: "/bin/sh")
    }

    static let badName: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array(".bin".utf8)
    static let badWord = "\"$(printf 'bad\\377\\376.bin')\""

    /// Whether the temporary directory's file system takes a name that is not UTF-8: Linux file
    /// systems do; APFS refuses it (EILSEQ), so on a Mac the two tests that need one are skipped.
    static let fileSystemTakesNonUTF8Names: Bool = {
        guard let dir = try? directory("probe") else { return false }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = Array(dir.utf8) + [UInt8(ascii: "/")] + badName + [0]
        let fd = path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { name in name.baseAddress.map { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o600) } ?? -1 }
        }
        if fd >= 0 { close(fd) }
        return fd >= 0
    }()

    @Test(.enabled(if: fileSystemTakesNonUTF8Names, "the file system refuses names that are not UTF-8"))
    func aNameThatIsNotUTF8Opens() throws {
        let dir = try Self.directory("utf8")
        try Self.write(DemoArchive.bytes(), named: Self.badName, in: dir)
        let check = try Self.runInShell("--check " + Self.badWord, in: dir)
        #expect(check.status == 0, "\(check.err)")
        #expect(check.err == "bad\\xff\\xfe.bin: binary plist (bplist00): 0 errors, 0 warnings, 0 notes\n")
        let dump = try Self.runInShell("--dump " + Self.badWord, in: dir)
        #expect(dump.out.hasPrefix("bad\\xff\\xfe.bin: binary plist (bplist00), NSKeyedArchiver, 47 objects"))
        let json = try Self.runInShell("--json " + Self.badWord, in: dir)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(root["file"] as? String == "bad\\xff\\xfe.bin", "JSON holds only Unicode: the name escaped")
    }

    @Test(.enabled(if: fileSystemTakesNonUTF8Names, "the file system refuses names that are not UTF-8"))
    func aMissingNameThatIsNotUTF8IsEscapedInTheError() throws {
        let dir = try Self.directory("missing")
        let r = try Self.runInShell("--check \"$(printf 'gone\\377\\033[31m')\"", in: dir)
        #expect(r.status == 2)
        #expect(r.err == "archive-browse: cannot open gone\\xff\\e[31m: No such file or directory\n")
    }

    @Test func rawArgumentsEscapeAsBytes() {
        #expect(DisplayText.escape(bytes: Self.badName) == "bad\\xff\\xfe.bin")
        #expect(DisplayText.escape(bytes: Array("plain é\u{1B}".utf8)) == "plain é\\e")
        #expect(DisplayText.escape(bytes: [0x61, 0xE2, 0x82, 0x62]) == "a\\xe2\\x82b", "a cut sequence, then valid text")
        #expect(DisplayText.escape(bytes: [0xC3]) == "\\xc3")
        #expect(DisplayText.escape(bytes: []) == "")
    }

    /// Bug 8: a name holding ESC (or any control) reaches no output raw: not standard output or
    /// error, in any mode, nor the error for a file that cannot be read, nor the argument parser's.
    @Test func aNameWithAnEscapeIsEscapedOnEveryOutput() throws {
        let dir = try Self.directory("escape")
        let name = "esc\u{1B}[31mred.bin"
        try Self.write(DemoArchive.bytes(corrupt: true), named: Array(name.utf8), in: dir)
        try FileManager.default.createDirectory(atPath: dir + "/dir\u{1B}[1m", withIntermediateDirectories: true)
        let runs: [[String]] = [
            ["--check", name], ["--check", "--no-group", name], ["--dump", name], ["--json", name], ["--screen", "100x8", name],
            ["--check", "missing\u{1B}[2J"], ["--dump", "dir\u{1B}[1m"], ["--demo", "--bogus\u{1B}[2J"], ["--dump", name, "--\u{1B}[2J"],
        ]
        for arguments in runs {
            let r = try CLITests.run(["-c", "cd \"$1\" && shift && exec \"$@\"", "sh", dir, try #require(CLITests.binary)] + arguments,
                                     executable: "/bin/sh")
            #expect(!r.out.contains("\u{1B}") && !r.err.contains("\u{1B}"), "\(arguments): a raw ESC in \(r.out.prefix(200)) \(r.err)")
            #expect((r.out + r.err).contains("\\e[") || (r.out + r.err).contains("\\u001b["), "\(arguments): \(r.out.prefix(200)) \(r.err)")
        }
    }

    /// Issue 38, defect 3: `--json FOLDER` gives a name that is not UTF-8 as single-file `--json` does
    /// (escaped as a whole: `bad\xff\e[31m`), never with U+FFFD or a decoded ESC.
    @Test(.enabled(if: fileSystemTakesNonUTF8Names, "the file system refuses names that are not UTF-8"))
    func jsonOverAFolderEscapesANameThatIsNotUTF8AsForOneFile() throws {
        let dir = try Self.directory("json-folder")
        let name: [UInt8] = Array("bad".utf8) + [0xFF, 0x1B] + Array("[31m.bin".utf8)
        try Self.write(DemoArchive.bytes(), named: name, in: dir)
        let single = try Self.runInShell("--json \"$(printf 'bad\\377\\033[31m.bin')\"", in: dir)
        let one = try #require(try JSONSerialization.jsonObject(with: Data(single.out.utf8)) as? [String: Any])
        #expect(one["file"] as? String == "bad\\xff\\e[31m.bin")
        let folder = try CLITests.run(["--json", dir])
        #expect(folder.status == 0, "\(folder.err)")
        // (The demo's own strings hold ESC: only the names are looked at here.)
        #expect(!folder.out.contains("\u{FFFD}"), "\(folder.out.prefix(300))")
        let lines = try folder.out.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let archive = try #require(lines.first { $0["place"] != nil })
        #expect(archive["place"] as? String == "bad\\xff\\e[31m.bin")
        #expect(archive["file"] as? String == dir + "/bad\\xff\\e[31m.bin")
        #expect(archive["source"] as? String == dir)
    }

    /// Issue 35: the browser (`--screen`) spells a name that is not UTF-8 as `--check` does.
    @Test(.enabled(if: fileSystemTakesNonUTF8Names, "the file system refuses names that are not UTF-8"))
    func theBrowserSpellsANameThatIsNotUTF8AsCheckDoes() throws {
        let dir = try Self.directory("screen")
        try Self.write(DemoArchive.bytes(), named: Self.badName, in: dir)
        let check = try Self.runInShell("--check " + Self.badWord, in: dir)
        #expect(check.err.hasPrefix("bad\\xff\\xfe.bin: "), "\(check.err)")
        let screen = try Self.runInShell("--screen 120x6 " + Self.badWord, in: dir)
        #expect(screen.status == 0, "\(screen.err)")
        #expect(screen.out.contains(" bad\\xff\\xfe.bin │ "), "\(screen.out)")
        #expect(!screen.out.contains("\u{FFFD}"))

        // The same file as an archive of its folder: `--check` over the folder and the browser opened
        // from the folder's list (Enter) spell it alike, and as the file named alone.
        let folder = try Self.runInShell("--check . " + Self.badWord, in: dir)
        let sections = folder.out.split(separator: "\n").filter { !$0.hasPrefix("  ") }.map(String.init)
        #expect(sections.contains("./bad\\xff\\xfe.bin: binary plist (bplist00): 0 errors, 0 warnings, 0 notes"), "\(folder.out)")
        #expect(sections.contains("bad\\xff\\xfe.bin: binary plist (bplist00): 0 errors, 0 warnings, 0 notes"), "\(folder.out)")
        let opened = try Self.runInShell("--screen 120x6 --keys '<Enter>' .", in: dir)
        #expect(opened.status == 0, "\(opened.err)")
        #expect(opened.out.contains(" ./bad\\xff\\xfe.bin │ "), "\(opened.out)")
        #expect(!opened.out.contains("\u{FFFD}"))
    }
}

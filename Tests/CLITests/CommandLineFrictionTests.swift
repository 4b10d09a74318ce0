import ArchiveModel
import Foundation
import Testing
import TestSupport

/// Issue 25's command-line friction: several files for `--check` and `--json`, `--version`, flags that
/// only mean something with another flag, `--dump`'s cut strings and `--full-values`, and the README's
/// jq example run against the real `--json` output.
@Suite struct CommandLineFrictionTests {
    @Test func checkTakesSeveralFilesWithOneSectionEachAndTheWorstStatus() throws {
        let clean = try CLITests.temp(DemoArchive.bytes(), "multi-clean")
        let damaged = try CLITests.temp(DemoArchive.bytes(corrupt: true), "multi-damaged")
        let r = try CLITests.run(["--check", clean, damaged])
        #expect(r.status == 1, "problems in one file: the worst status")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(clean): binary plist (bplist00): 0 errors, 0 warnings, 0 notes")
        let second = try #require(lines.firstIndex { $0.hasPrefix("\(damaged): binary plist (bplist00): ") })
        #expect(lines[(second + 1)...].contains { $0.hasPrefix("  2381: error: keyed.ref.dangling: ") }, "its diagnostics, indented:\n\(r.out)")
        #expect(lines.last == "summary: 2 archives: 1 clean, 1 with problems, 0 unreadable; bplist00 2", "the summary closes the report, as over sources")
        #expect(r.err.isEmpty, "\(r.err)")

        let missing = try CLITests.run(["--check", clean, "/nonexistent/x.plist", damaged])
        #expect(missing.status == 2, "a file not read outranks problems")
        #expect(missing.out.contains("/nonexistent/x.plist: not read\n"))
        #expect(missing.out.contains("\(damaged): binary plist"), "the files after it are still checked")
        #expect(missing.err.contains("archive-browse: cannot open /nonexistent/x.plist: No such file or directory\n"))
        #expect(missing.out.hasSuffix("summary: 3 archives: 1 clean, 1 with problems, 1 unreadable; bplist00 2, unreadable 1\n"))
    }

    @Test func oneFileChecksAsBefore() throws {
        let r = try CLITests.run(["--check", try CLITests.temp(DemoArchive.bytes(), "single")])
        #expect(r.status == 0)
        #expect(r.out.isEmpty, "no section header for one file")
    }

    @Test func jsonTakesSeveralFilesAsJSONLines() throws {
        let clean = try CLITests.temp(DemoArchive.bytes(), "jsonl-clean")
        let damaged = try CLITests.temp(DemoArchive.bytes(corrupt: true), "jsonl-damaged")
        let r = try CLITests.run(["--json", clean, "/nonexistent/y.plist", damaged])
        #expect(r.status == 2)
        let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5 && lines.last == "", "one line per file and the summary:\n\(r.out.prefix(300))")
        let records = try lines.dropLast().map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let documents = Array(records.dropLast())
        let summary = try #require(records.last?["summary"] as? [String: Any])
        #expect(summary["archives"] as? Int == 3 && summary["unreadable"] as? Int == 1 && summary["with_problems"] as? Int == 1)
        #expect(documents.map { $0["file"] as? String } == [clean, "/nonexistent/y.plist", damaged])
        #expect(documents[1]["error"] as? String == "cannot open /nonexistent/y.plist: No such file or directory")
        #expect((documents[2]["diagnostics"] as? [[String: Any]])?.contains { $0["id"] as? String == "keyed.ref.dangling" } == true)
        #expect(try CLITests.run(["--json", clean, damaged]).status == 1)
    }

    @Test func otherModesTakeOneFile() throws {
        let r = try CLITests.run(["--dump", "a.plist", "b.plist"])
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("Error: only --check and --json take several files (2 given)"))
        #expect(try CLITests.run(["--check", "-", "-"]).status == 2)
    }

    /// Issue 35: one path for `--check` over files and sources, so `--check a b` and `--check a b dir/`
    /// report `a` and `b` alike (name, format name, text encoding, diagnostics), close with the
    /// summary in the same place (the last line of standard output) and write the same on standard
    /// error; `--json` likewise (the same line for each file, then a summary line).
    @Test func aFileReadsTheSameWithOrWithoutASourceBesideIt() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist version=\"1.0\"><dict><key>a</key><string>b</string></dict></plist>\n"
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in xml.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let a = try CLITests.temp(utf16, "same-section-utf16")
        let b = try CLITests.temp(DemoArchive.bytes(corrupt: true), "same-section-damaged")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ab-same-section-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(DemoArchive.bytes()).write(to: URL(fileURLWithPath: dir + "/inside.plist"))

        /// The lines of `file`'s section: its header and the indented lines under it.
        func section(_ file: String, in output: String) -> [String] {
            let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let start = lines.firstIndex(where: { $0.hasPrefix(file + ": ") }) else { return [] }
            return [lines[start]] + lines[(start + 1)...].prefix { $0.hasPrefix("  ") }
        }
        let files = try CLITests.run(["--check", a, b])
        let withSource = try CLITests.run(["--check", a, b, dir])
        for file in [a, b] {
            let alone = section(file, in: files.out)
            #expect(!alone.isEmpty, "\(file) has a section:\n\(files.out)")
            #expect(section(file, in: withSource.out) == alone)
        }
        #expect(section(a, in: files.out).first?.contains("UTF-16") == true, "the encoding is named: \(section(a, in: files.out))")
        #expect(section(b, in: files.out).count > 1, "the damaged file's diagnostics are listed under it")
        let closing = [files, withSource].map { $0.out.split(separator: "\n").last.map(String.init) ?? "" }
        #expect(closing[0].hasPrefix("summary: 2 archives: 1 clean, 1 with problems, 0 unreadable; "), "\(files.out)")
        #expect(closing[1].hasPrefix("summary: 3 archives: 2 clean, 1 with problems, 0 unreadable; "), "\(withSource.out)")
        #expect(files.err == withSource.err, "the same on standard error: \(files.err) | \(withSource.err)")
        // And the folder's file reads as it does when named itself.
        let inside = dir + "/inside.plist"
        let named = try CLITests.run(["--check", inside, a])
        #expect(!section(inside, in: named.out).isEmpty, "\(named.out)")
        #expect(section(inside, in: withSource.out) == section(inside, in: named.out), "\(withSource.out)")

        /// The JSON line whose `file` is `file`.
        func record(_ file: String, in output: String) -> String? {
            output.split(separator: "\n").map(String.init).first { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["file"] as? String == file
            }
        }
        let filesJSON = try CLITests.run(["--json", a, b])
        let withSourceJSON = try CLITests.run(["--json", a, b, dir])
        for file in [a, b] {
            #expect(record(file, in: filesJSON.out) != nil, "\(file) has a line:\n\(filesJSON.out.prefix(500))")
            #expect(record(file, in: withSourceJSON.out) == record(file, in: filesJSON.out))
        }
        for run in [filesJSON, withSourceJSON] {
            #expect(run.out.split(separator: "\n").last?.hasPrefix("{\"summary\":") == true, "\(run.out.suffix(300))")
        }
    }

    @Test func versionIsPrinted() throws {
        let r = try CLITests.run(["--version"])
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("archive-browse ") && r.out.split(separator: "\n").count == 1, "\(r.out)")
    }

    @Test(arguments: [
        (["--demo", "--keys", "jj"], "Error: --keys works only with --screen"),
        (["--demo", "--dump", "--keys", "jj"], "Error: --keys works only with --screen"),
        (["--demo", "--check", "--full-values"], "Error: --full-values works only with --dump"),
        (["--demo", "--json", "--no-group"], "Error: --no-group works only with --check or --dump"),
    ])
    func aFlagWithoutTheModeItBelongsToIsAUsageError(_ arguments: [String], _ message: String) throws {
        let r = try CLITests.run(arguments)
        #expect(r.status == 2)
        #expect(r.out.isEmpty)
        #expect(r.err.hasPrefix(message), "\(r.err)")
    }

    /// An XML plist of one long string (300 × "x" and "END") and one long data value.
    static func longValues() throws -> String {
        let text = String(repeating: "x", count: 300) + "END"
        let data = Data((0..<40).map { UInt8($0) }).base64EncodedString()
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>long</key><string>\(text)</string>"
            + "<key>blob</key><data>\(data)</data></dict></plist>\n"
        return try CLITests.temp(Array(xml.utf8), "long.plist")
    }

    @Test func dumpSaysWhereItCutAStringAndFullValuesShowsAll() throws {
        let path = try Self.longValues()
        let cut = try CLITests.run(["--dump", path])
        let line = try #require(cut.out.split(separator: "\n").first { $0.contains("long = string") })
        #expect(line.contains("\"" + String(repeating: "x", count: 200) + "…\" (303 bytes of UTF-8, cut at 200 characters; --full-values shows all)"),
                "\(line)")
        #expect(!cut.out.contains("END"))
        let full = try CLITests.run(["--dump", "--full-values", path])
        #expect(full.status == 0)
        #expect(full.out.contains("long = string \"" + String(repeating: "x", count: 300) + "END\""))
        #expect(full.out.contains("blob = data 40 bytes <" + (0..<40).map { String(format: "%02x", $0) }.joined() + ">"))
        #expect(!full.out.contains("cut at"))
    }

    /// The README's jq example, taken from the README, run on the demo archive's real `--json`: it
    /// must list the NSColor instance and not the NSColor class description.
    @Test(.needsTool("jq")) func theReadmesJqExampleSelectsInstancesOnly() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("archive-browse --json f.plist | jq '") })
        let filter = String(try #require(line.split(separator: "'").dropFirst().first))
        let demo = try CLITests.temp(DemoArchive.bytes(), "jq-demo")
        let json = try CLITests.run(["--json", demo])
        let jqPath: String = try #require(Tools.path(of: "jq"))
        let jq = try CLITests.run([filter], stdin: Data(json.out.utf8), executable: jqPath)
        #expect(jq.status == 0, "\(jq.err)")
        #expect(jq.out == "34\n", "the NSColor instance only, not its class description (33):\n\(jq.out)")
    }
}

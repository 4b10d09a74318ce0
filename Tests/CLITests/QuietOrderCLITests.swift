import ArchiveModel
import Foundation
import Testing
import TestSupport

/// Issue 38, item 4: `-q`/`--quiet` writes no notes on standard error in any mode, and `--check` lists
/// causes first, then errors and warnings by offset, then notes.
@Suite struct QuietOrderCLITests {
    /// The demo archive in base64: a `wrapper.base64` note on every reading.
    static func wrapped(corrupt: Bool) throws -> String {
        try CLITests.temp(Array(Data(DemoArchive.bytes(corrupt: corrupt)).base64EncodedString().utf8), corrupt ? "quiet-corrupt.b64" : "quiet.b64")
    }

    @Test func quietDropsTheNotesOfEveryExportMode() throws {
        let file = try Self.wrapped(corrupt: false)
        for mode in [["--unarchive", "json"], ["--extract", "root"], ["--classes"], ["--diff", file]] {
            let loud = try CLITests.run(mode + [file])
            #expect(loud.err.contains("note: wrapper.base64"), "\(mode): \(loud.err)")
            for flag in ["-q", "--quiet"] {
                let quiet = try CLITests.run([flag] + mode + [file])
                #expect(quiet.status == loud.status)
                #expect(quiet.out == loud.out, "\(mode): standard output is the same")
                #expect(!quiet.err.contains("note"), "\(mode) \(flag): \(quiet.err)")
            }
        }
    }

    @Test func quietKeepsErrorsAndWarnings() throws {
        let file = try Self.wrapped(corrupt: true)
        let quiet = try CLITests.run(["-q", "--unarchive", "json", file])
        #expect(quiet.status == 1)
        #expect(quiet.err.contains("error: keyed.ref.dangling"), "\(quiet.err)")
        #expect(!quiet.err.contains("note: wrapper.base64"))
    }

    @Test func checkPutsNotesAfterErrorsAndWarnings() throws {
        let file = try Self.wrapped(corrupt: true)
        let lines = try CLITests.run(["--check", "--no-group", file]).out.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        let severities = lines.map { line in ["error", "warning", "note"].first { line.contains(": \($0): ") } ?? "?" }
        // The wrapper (a cause) first; after it no error or warning follows a note.
        #expect(lines.first?.contains("wrapper.base64") == true, "\(lines.prefix(3))")
        let rest = severities.dropFirst()
        if let firstNote = rest.firstIndex(of: "note") {
            #expect(!rest[firstNote...].contains { $0 != "note" }, "\(severities)")
        }
        #expect(rest.contains("error"))
    }
}

import ArchiveModel
import Foundation
import Testing
import TestSupport

/// Issue 38, defect 2: a virtual table whose module this SQLite lacks (Apple's VirtualBufferReaderModule
/// in a Photos library) is not damage: a note naming the module, exit 0, and a summary that agrees.
@Suite(.needsPython)
struct SQLiteVirtualTableCLITests {
    @Test func anUnavailableModuleIsANoteNamingIt() throws {
        let db = try #require(SourceFixtures.make("virtual-db"))
        let source = try #require(ArchiveSource.open(path: Array(db.utf8)))
        #expect(source.diagnostics.map(\.id) == ["source.sqlite.module-unavailable"])
        #expect(source.diagnostics.first?.severity == .note)
        #expect(source.diagnostics.first?.message.contains("VirtualBufferReaderModule") == true)
        #expect(source.entries.map(\.place.text) == ["ZASSET.ZARCHIVE:1"])
    }

    @Test func checkExitsCleanAndTheSummarySaysSo() throws {
        let db = try #require(SourceFixtures.make("virtual-db"))
        let result = try CLITests.run(["--check", db])
        #expect(result.status == 0, "\(result.out)")
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(db): SQLite database: 1 archive; 0 errors, 0 warnings, 1 note")
        #expect(lines.contains { $0.contains("note: source.sqlite.module-unavailable") && $0.contains("VirtualBufferReaderModule") })
        #expect(!result.out.contains("table-unreadable"))
        #expect(lines.last == "summary: 1 archive: 1 clean, 0 with problems, 0 unreadable; bplist00 1")
        let json = try CLITests.run(["--json", db])
        #expect(json.status == 0)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data((json.out.split(separator: "\n").last ?? "").utf8)) as? [String: Any])
        #expect((summary["summary"] as? [String: Any])?["sources_with_problems"] as? Int == 0)
    }

    /// A source's own error still counts: the summary names it, so it agrees with exit status 1.
    @Test func aSourceErrorIsInTheSummary() throws {
        let damaged = try #require(SourceFixtures.make("damaged-db"))
        let result = try CLITests.run(["--check", damaged])
        #expect(result.status == 1)
        #expect(result.out.contains("source.sqlite.table-unreadable"))
        let summary = result.out.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.contains("; 1 source with problems"), "\(summary)")
    }
}

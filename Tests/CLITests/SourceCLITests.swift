import ArchiveModel
import Foundation
import Testing
import TestSupport

/// `--check`, `--json` and `--dump` on sources of archives (issue 27), with the sources built by
/// scripts/make_sources.py; and that nothing is ever written to a source.
@Suite(.needsPython)
struct SourceCLITests {
    func run(_ arguments: [String]) throws -> CLITests.Result { try CLITests.run(arguments) }

    @Test func checkOnADatabaseGivesOneSectionPerArchiveThenTheSummary() throws {
        let db = try #require(SourceFixtures.make("chatdb"))
        let result = try run(["--check", db])
        #expect(result.status == 1, "the half archive has errors")
        let heads = result.out.split(separator: "\n").filter { !$0.hasPrefix("  ") }
        #expect(heads.first == "\(db): SQLite database: 6 archives; 0 errors, 0 warnings, 0 notes")
        #expect(heads.contains { $0.hasPrefix("\(db):message.attributedBody:1235: binary plist (bplist00): 2 errors") })
        #expect(heads.last?.hasPrefix("summary: 6 archives: 5 clean, 1 with problems, 0 unreadable; ") == true)
        // The order is the list's, whatever thread checked what.
        let again = try run(["--check", db])
        #expect(again.out == result.out)
    }

    @Test func jsonIsOneLinePerArchiveBetweenTheSourceAndTheSummary() throws {
        let zip = try #require(SourceFixtures.make("zip"))
        let result = try run(["--json", zip])
        #expect(result.status == 0)
        let lines = result.out.split(separator: "\n")
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.first?["kind"] as? String == "ZIP file")
        let archives = objects.dropFirst().dropLast()
        #expect(archives.count == objects.first?["archives"] as? Int)
        #expect(archives.allSatisfy { $0["source"] as? String == zip && $0["place"] is String && $0["objects"] is [Any] })
        let summary = try #require(objects.last?["summary"] as? [String: Any])
        #expect(summary["archives"] as? Int == archives.count)
        #expect(summary["clean"] as? Int == archives.count)
    }

    @Test func dumpTakesAPlaceInADatabaseAndInAZip() throws {
        let db = try #require(SourceFixtures.make("chatdb"))
        let message = try run(["--dump", db + ":message.payload_data:1234"])
        #expect(message.status == 0)
        #expect(message.out.contains("\"payload\""))
        let missing = try run(["--dump", db + ":message.attributedBody:77"])
        #expect(missing.status == 2)
        #expect(missing.err.contains("holds no archive at message.attributedBody:77"))
        let whole = try run(["--dump", db])
        #expect(whole.status == 2)
        #expect(whole.err.contains("--dump takes one"))
        let zip = try #require(SourceFixtures.make("zip"))
        let entry = try run(["--dump", zip + ":Payload/App.app/Info.plist"])
        #expect(entry.status == 0)
        #expect(entry.out.contains("com.example.app"))
    }

    /// Issue 27: the export modes take a place inside a source as --dump does, and refuse a whole source.
    @Test func exportModesTakeAPlace() throws {
        let db = try #require(SourceFixtures.make("chatdb"))
        let place = db + ":message.payload_data:1234"
        let exported = try run(["--unarchive", "json", place])
        #expect(exported.status == 0, "\(exported.err)")
        // make_sources.py archives the string "payload" as the root of that cell's archive.
        #expect(exported.out.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"root":"payload"}"#)
        let extracted = try run(["--extract", "root", place])
        #expect(extracted.status == 0 && extracted.out.hasPrefix("payload"), "\(extracted.out)")
        #expect(try run(["--diff", place, place]).status == 0)
        #expect(try run(["--classes", place]).status == 0)
        // A whole source: --unarchive json and --classes write a record per archive (issue 38;
        // SourceExportCLITests); --diff still wants one archive on each side.
        let whole = try run(["--unarchive", "json", db])
        #expect(whole.status == 1 && whole.out.split(separator: "\n").count == 6, "\(whole.err)")
        let classes = try run(["--classes", db])
        #expect(classes.status == 1 && classes.out.split(separator: "\n").count == 6, "\(classes.err)")
        let diff = try run(["--diff", db, db])
        #expect(diff.status == 2)
        #expect(diff.err.contains("name one archive in it by its place"), "\(diff.err)")
    }

    @Test func exitStatusIsTheWorstOfTheArchivesAndFiles() throws {
        let folder = SourceFixtures.temporaryFolder()
        let zip = try #require(SourceFixtures.make("zip", in: folder))
        #expect(try run(["--check", zip]).status == 0)
        let bad = folder + "/no-such-file.plist"
        let mixed = try run(["--check", zip, bad])
        #expect(mixed.status == 2)
        #expect(mixed.out.contains("summary: 5 archives: 4 clean, 0 with problems, 1 unreadable"))
        let garbage = folder + "/garbage.db"
        #expect(TestPlatform.writeFile(Array("SQLite format 3".utf8) + [0] + [UInt8](repeating: 0x41, count: 600), to: garbage))
        let unreadable = try run(["--check", garbage])
        #expect(unreadable.status == 2)
        #expect(unreadable.out.contains("source.sqlite.unreadable"))
    }

    @Test func nothingIsWrittenToADatabaseOrItsFolderEvenWithAWriteAheadLog() throws {
        let db = try #require(SourceFixtures.make("wal-db"))
        let folder = String(db[..<(db.lastIndex(of: "/") ?? db.startIndex)])
        let before = SourceFixtures.snapshot(folder)
        #expect(before.keys.contains("chat.db-wal"), "the fixture leaves its log: \(before.keys.sorted())")
        let check = try run(["--check", db])
        #expect(check.out.contains("source.sqlite.wal-not-read"))
        _ = try run(["--json", db])
        _ = try run(["--dump", db + ":message.attributedBody:1"])
        _ = try run(["--screen", "80x20", "--keys", "<Enter>q", db])
        #expect(SourceFixtures.snapshot(folder) == before)
    }

    @Test func nothingIsWrittenToAFolderOrAZip() throws {
        let folder = try #require(SourceFixtures.make("folder"))
        let parent = String(folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)])
        _ = try #require(SourceFixtures.make("zip", in: parent))
        let before = SourceFixtures.snapshot(parent)
        _ = try run(["--check", parent])
        _ = try run(["--json", folder, parent + "/App.ipa"])
        #expect(SourceFixtures.snapshot(parent) == before)
    }
}

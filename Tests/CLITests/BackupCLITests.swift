import ArchiveModel
import Foundation
import Testing
import TestSupport

/// An iOS backup folder in every mode that takes a source (issue 38, item 2): `--check`, `--json`,
/// `--unarchive json` and `--extract` JSON Lines (with domain, path and file id), `--dump` of a
/// place, `--explain` of its diagnostics, the browser's list (`--screen`); never written.
struct BackupCLITests {
    static func records(_ out: String) throws -> [[String: Any]] {
        try out.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    static func backup(_ extra: [BackupBuilder.File] = []) -> String {
        BackupBuilder(files: [BackupSourceTestsFiles.prefs, BackupSourceTestsFiles.sms] + extra).write()
    }

    @Test func checkListsTheBackupByDomainAndPath() throws {
        let root = Self.backup([BackupBuilder.File("HomeDomain", "Library/gone.plist", .missing)])
        let result = try CLITests.run(["--check", root])
        #expect(result.status == 1, "a missing copy is a warning: \(result.out)")
        let heads = result.out.split(separator: "\n").filter { !$0.hasPrefix("  ") }.map(String.init)
        #expect(heads.first == "\(root): iOS backup: 9 archives; 0 errors, 1 warning, 0 notes", "\(heads)")
        #expect(heads.contains("\(root):HomeDomain-Library/Preferences/com.apple.test.plist: binary plist (bplist00): 0 errors, 0 warnings, 0 notes"), "\(heads)")
        #expect(heads.contains("\(root):HomeDomain-Library/SMS/sms.db:message.attributedBody:1: binary plist (bplist00): 0 errors, 0 warnings, 0 notes"), "\(heads)")
        #expect(heads.contains("\(root):Manifest.db:Files.file:1: binary plist (bplist00): 0 errors, 0 warnings, 0 notes"), "\(heads)")
        #expect(result.out.contains("source.backup.file-missing"))
        #expect(heads.last?.hasPrefix("summary: 9 archives: 9 clean") == true, "\(heads.last ?? "")")
    }

    @Test func jsonNamesTheKindAndEachFilesDomainAndPath() throws {
        let root = Self.backup()
        let result = try CLITests.run(["--json", root])
        #expect(result.status == 0, "\(result.err)")
        let objects = try Self.records(result.out)
        #expect(objects.first?["kind"] as? String == "iOS backup")
        let prefs = try #require(objects.first { $0["place"] as? String == "HomeDomain-Library/Preferences/com.apple.test.plist" })
        #expect(prefs["domain"] as? String == "HomeDomain")
        #expect(prefs["relativePath"] as? String == "Library/Preferences/com.apple.test.plist")
        #expect(prefs["fileID"] as? String == BackupSourceTestsFiles.prefs.id)
        #expect(prefs["objects"] is [Any])
    }

    @Test func unarchiveGivesJSONLinesWithDomainPathAndRow() throws {
        let root = Self.backup()
        let result = try CLITests.run(["--unarchive", "json", root, "--columns", "text,date"])
        #expect(result.status == 0, "\(result.err)")
        let records = try Self.records(result.out)
        #expect(records.count == 8, "\(records.map { $0["place"] ?? "" })")
        let body = try #require(records.first { $0["place"] as? String == "HomeDomain-Library/SMS/sms.db:message.attributedBody:3" })
        #expect(body["domain"] as? String == "HomeDomain" && body["relativePath"] as? String == "Library/SMS/sms.db")
        #expect(body["fileID"] as? String == BackupSourceTestsFiles.sms.id)
        #expect(body["table"] as? String == "message" && body["column"] as? String == "attributedBody" && body["rowid"] as? Int == 3)
        #expect((body["columns"] as? [String: Any])?["text"] as? String == "message 3")
        #expect((body["document"] as? [String: Any])?["root"] as? String == "third")
        let mbfile = try #require(records.first { $0["place"] as? String == "Manifest.db:Files.file:1" })
        #expect(mbfile["domain"] == nil && mbfile["rowid"] as? Int == 1)
        #expect(String(describing: mbfile["document"] ?? "").contains("Library/Preferences/com.apple.test.plist"))
        // Manifest.db's records with their rows' domain and path.
        let manifest = try Self.records(try CLITests.run(["--extract", "root.Size", root, "--columns", "domain,relativePath", "--where", "^Manifest\\.db:"]).out)
        #expect(manifest.count == 2)
        #expect(manifest.map { ($0["columns"] as? [String: Any])?["relativePath"] as? String } == ["Library/Preferences/com.apple.test.plist", "Library/SMS/sms.db"])
        #expect(manifest.allSatisfy { ($0["columns"] as? [String: Any])?["domain"] as? String == "HomeDomain" && $0["value"] is Int })
        let extract = try Self.records(try CLITests.run(["--extract", "root", root, "--where", "^HomeDomain-Library/SMS"]).out)
        #expect(extract.map { $0["value"] as? String } == ["first", "third"])
    }

    @Test func oddNamesAreEscapedInEveryOutput() throws {
        let name = Array("Library/bad".utf8) + [0xFF] + Array("\u{1B}[31m.plist".utf8)
        let root = BackupBuilder(files: [BackupBuilder.File(bytes: Array("HomeDomain".utf8), name, .bytes(BackupBuilder.keyedString("x")))]).write()
        let export = try CLITests.run(["--unarchive", "json", root])
        #expect(!export.out.contains("\u{1B}") && !export.err.contains("\u{1B}"), "no raw escape reaches the terminal")
        let record = try #require(try Self.records(export.out).first { $0["domain"] != nil })
        #expect(record["place"] as? String == "HomeDomain-Library/bad\\xff\\e[31m.plist")
        #expect(record["relativePath"] as? String == "Library/bad\\xff\\e[31m.plist")
        #expect(export.err.contains("source.backup.odd-name"), "\(export.err)")
        let check = try CLITests.run(["--check", root])
        #expect(!check.out.contains("\u{1B}") && check.out.contains(root + ":HomeDomain-Library/bad\\xff\\e[31m.plist: binary plist (bplist00)"), "\(check.out)")
    }

    @Test func dumpTakesABackupPlace() throws {
        let root = Self.backup()
        let dump = try CLITests.run(["--dump", root + ":HomeDomain-Library/SMS/sms.db:message.attributedBody:1"])
        #expect(dump.status == 0, "\(dump.err)")
        #expect(dump.out.contains("\"first\""))
        let mbfile = try CLITests.run(["--dump", root + ":Manifest.db:Files.file:2"])
        #expect(mbfile.status == 0, "\(mbfile.err)")
        #expect(mbfile.out.contains("MBFile") && mbfile.out.contains("Library/SMS/sms.db"), "\(mbfile.out)")
        let missing = try CLITests.run(["--dump", root + ":HomeDomain-Library/nothing.plist"])
        #expect(missing.status == 2)
        #expect(missing.err.contains("holds no archive at HomeDomain-Library/nothing.plist"), "\(missing.err)")
    }

    @Test func anEncryptedBackupIsSaidToBeOne() throws {
        var builder = BackupBuilder(files: [BackupSourceTestsFiles.prefs])
        builder.encrypted = true
        builder.manifestEncrypted = true
        let root = builder.write()
        let result = try CLITests.run(["--check", root])
        #expect(result.out.hasPrefix("\(root): encrypted iOS backup: 3 archives; 0 errors, 1 warning, 0 notes"), "\(result.out)")
        #expect(result.out.contains("source.backup.encrypted"))
    }

    @Test(arguments: ["source.backup.encrypted", "source.backup.manifest-unreadable", "source.backup.mbdb-damaged", "source.backup.file-missing",
                      "source.backup.not-a-file", "source.backup.bad-file-id", "source.backup.file-id-mismatch", "source.backup.odd-name"])
    func everyBackupDiagnosticIsExplained(_ id: String) throws {
        let result = try CLITests.run(["--explain", id])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.count > 200, "\(result.out)")
    }

    @Test func theBrowserListsTheBackupAndEnterOpensAnEntry() throws {
        let root = Self.backup()
        let before = SourceFixtures.snapshot(root)
        let list = try CLITests.run(["--screen", "120x20", root])
        #expect(list.status == 0, "\(list.err)")
        // The place column leaves room for the preview: a long place is cut at its start.
        #expect(list.out.contains("/Preferences/com.apple.test.plist {Enabled}"), "\(list.out)")
        #expect(list.out.contains("iOS backup"), "\(list.out)")
        // The first entry is the preferences plist; Enter opens it.
        let opened = try CLITests.run(["--screen", "120x20", "--keys", "<Enter>", root])
        #expect(opened.out.contains("Enabled"), "\(opened.out)")
        #expect(SourceFixtures.snapshot(root) == before)
    }
}

/// The backup files the CLI tests build (the same as the model tests').
enum BackupSourceTestsFiles {
    static let prefs = BackupBuilder.File("HomeDomain", "Library/Preferences/com.apple.test.plist",
                                          .bytes(BackupBuilder.plist([("Enabled", .bool(true))])))
    static let sms = BackupBuilder.File("HomeDomain", "Library/SMS/sms.db",
                                        .database(BackupBuilder.messageDatabase([BackupBuilder.keyedString("first"), Array("plain".utf8), BackupBuilder.keyedString("third")])))
}

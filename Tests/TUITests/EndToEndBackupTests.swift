import ArchiveModel
import Foundation
import Testing
import TestSupport

/// End-to-end on an iOS backup (issue 38, item 2): the real executable in tmux lists a backup built by
/// `BackupBuilder` by `Domain-relativePath` (never by the hashed names its copies are stored under),
/// filters it with a regex over those names, opens a message body of the backup's `sms.db` with Enter,
/// comes back with q, and quits with the terminal restored. The backup is not written.
@Suite(.serialized, .tags(.slow)) struct EndToEndBackupTests {
    static let prefs = BackupBuilder.File("HomeDomain", "Library/Preferences/com.apple.test.plist",
                                          .bytes(BackupBuilder.plist([("Enabled", .bool(true))])))
    static let sms = BackupBuilder.File("HomeDomain", "Library/SMS/sms.db",
                                        .database(BackupBuilder.messageDatabase([BackupBuilder.keyedString("first"), Array("plain".utf8),
                                                                                 BackupBuilder.keyedString("third")])))

    @Test func backupListedByDomainAndPathEnterOpensAnArchive() throws {
        guard EndToEndTests.ready() else { return }
        let root = BackupBuilder(files: [Self.prefs, Self.sms]).write()
        let before = SourceFixtures.snapshot(root)
        let url = URL(fileURLWithPath: root)
        let b = try BrowserInTmux([url.lastPathComponent], in: url.deletingLastPathComponent().path, cols: 160, rows: 16)
        // Three top plists, the preferences, two message bodies (the middle row is plain text), two MBFile records.
        #expect(b.waitForStatus("iOS backup"), "start-up:\n\(b.screen)")
        #expect(b.waitForStatus("8 archives"), "start-up:\n\(b.screen)")
        #expect(b.waitUntil { lines in lines.contains { $0.hasPrefix("HomeDomain-Library/Preferences/com.apple.test.plist ") && $0.contains("{Enabled}") } },
                "the preferences by domain and path, with their preview:\n\(b.screen)")
        #expect(b.waitUntil { lines in lines.contains { $0.hasPrefix("HomeDomain-Library/SMS/sms.db:message.attributedBody:1 ") && $0.contains("\"first\"") } },
                "a body of the backup's database by domain, path and cell:\n\(b.screen)")
        #expect(b.lines().contains { $0.hasPrefix("Manifest.db:Files.file:1 ") }, "the manifest's MBFile records:\n\(b.screen)")
        #expect(!b.screen.contains(Self.sms.id) && !b.screen.contains(String(Self.prefs.id.prefix(12))), "no hashed names:\n\(b.screen)")
        try b.send("/")
        try b.type("^HomeDomain-.*sms\\.db:.*:3$")
        try b.send("Enter")
        #expect(b.waitForStatus("1 of 8 archives match"), "\(b.screen)")
        #expect(b.lines().count > 1 && b.lines()[1].hasPrefix("HomeDomain-Library/SMS/sms.db:message.attributedBody:3 "), "\(b.screen)")
        try b.send("Enter")
        #expect(b.waitForStatus("backup:HomeDomain-Library/SMS/sms.db:message.attributedBody:3"), "the status line names where the archive lives:\n\(b.screen)")
        #expect(b.waitFor("\"third\""), "the opened archive's root:\n\(b.screen)")
        try b.send("q")
        #expect(b.waitForStatus("back from HomeDomain-Library/SMS/sms.db:message.attributedBody:3"), "\(b.screen)")
        try b.send("q")
        #expect(b.waitForExit() == 0)
        try EndToEndTests.expectTerminalRestored(b)
        _ = b.finish()
        #expect(SourceFixtures.snapshot(root) == before, "the backup is not written")
    }
}

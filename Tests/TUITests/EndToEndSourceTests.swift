import ArchiveModel
import Foundation
import Testing
@testable import TUI
import TestSupport

/// End-to-end on a source (issue 27): the real executable in tmux opens a chat.db-like database,
/// lists its archives, opens one message's typedstream with Enter, comes back with q to the same row,
/// and quits with the terminal restored; the list's preview and regex filter (issue 38).
@Suite(.serialized, .tags(.slow), .needsPython) struct EndToEndSourceTests {
    @Test func databaseListOpenAndBack() throws {
        guard EndToEndTests.ready() else { return }
        let db = try #require(SourceFixtures.make("chatdb"))
        let url = URL(fileURLWithPath: db)
        let b = try BrowserInTmux([url.lastPathComponent], in: url.deletingLastPathComponent().path, cols: 100, rows: 20)
        #expect(b.waitForStatus("6 archives"), "start-up:\n\(b.screen)")
        #expect(b.waitFor("message.attributedBody:1234"))
        // The background check fills in the problems column.
        #expect(b.waitUntil { lines in lines.contains { $0.hasPrefix("message.attributedBody:1235") && $0.hasSuffix("2 !") } }, "\(b.screen)")
        try b.send("j", "Enter")
        #expect(b.waitForStatus("chat.db:message.attributedBody:1234"), "the status line says where the archive lives:\n\(b.screen)")
        #expect(b.waitFor("NSMutableAttributedString"), "\(b.screen)")
        try b.send("q")
        #expect(b.waitForStatus("back from message.attributedBody:1234"), "\(b.screen)")
        #expect(b.lines().contains { $0.hasPrefix("message.attributedBody:1234") }, "\(b.screen)")
        try b.send("q")
        #expect(b.waitForExit() == 0)
        try EndToEndTests.expectTerminalRestored(b)
        _ = b.finish()
    }

    /// The list's preview and its regex filter (issue 38, item 3): the previews fill in, `/` filters
    /// by a regular expression over the place and over the preview's text, an invalid one is said so.
    @Test func previewAndRegexFilter() throws {
        guard EndToEndTests.ready() else { return }
        let db = try #require(SourceFixtures.make("chatdb"))
        let url = URL(fileURLWithPath: db)
        let b = try BrowserInTmux(["--columns", "message.date", url.lastPathComponent], in: url.deletingLastPathComponent().path, cols: 120, rows: 20)
        #expect(b.waitForStatus("6 archives"), "start-up:\n\(b.screen)")
        #expect(b.waitFor("message.date"), "the column asked for is in the header:\n\(b.screen)")
        #expect(b.waitUntil { lines in lines.contains { $0.hasPrefix("message.payload_data:1234") && $0.contains("\"payload\"") } }, "\(b.screen)")
        #expect(b.waitUntil { lines in lines.contains { $0.hasPrefix("message.attributedBody:1235") && $0.contains("damaged: ") } }, "\(b.screen)")
        try b.send("/")
        try b.type("attributedBody:12\\d+$")
        try b.send("Enter")
        #expect(b.waitForStatus("2 of 6 archives match"), "\(b.screen)")
        #expect(b.waitUntil { lines in lines.count > 3 && lines[1].hasPrefix("message.attributedBody:1234") && lines[2].hasPrefix("message.attributedBody:1235") && lines[3].isEmpty }, "\(b.screen)")
        try b.send("/")
        try b.type("^payload$")
        try b.send("Enter")
        #expect(b.waitForStatus("1 of 6 archives match"), "the preview's text is searched:\n\(b.screen)")
        #expect(b.lines().count > 2 && b.lines()[1].hasPrefix("message.payload_data:1234"), "\(b.screen)")
        try b.send("/")
        try b.type("(")
        try b.send("Enter")
        #expect(b.waitForStatus("not a regular expression"), "\(b.screen)")
        try b.send("q")
        #expect(b.waitForExit() == 0)
        try EndToEndTests.expectTerminalRestored(b)
        _ = b.finish()
    }
}

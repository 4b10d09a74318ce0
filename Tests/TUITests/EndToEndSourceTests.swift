import ArchiveModel
import Foundation
import Testing
@testable import TUI
import TestSupport

/// End-to-end on a source (issue 27): the real executable in tmux opens a chat.db-like database,
/// lists its archives, opens one message's typedstream with Enter, comes back with q to the same row,
/// and quits with the terminal restored.
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
}

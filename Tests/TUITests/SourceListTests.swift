import ArchiveModel
import Testing
import TestSupport
@testable import TUI

/// The browser's list of a source's archives (issue 27), headless.
@Suite(.needsPython)
struct SourceListTests {
    func source(_ kind: String) throws -> ArchiveSource {
        let path = try #require(SourceFixtures.make(kind))
        return try #require(ArchiveSource.open(path: Array(path.utf8)))
    }

    func lines(_ source: ArchiveSource, _ keys: String, cols: Int = 100, rows: Int = 12) -> [String] {
        Headless.render(source: source, cols: cols, rows: rows, keys: keys).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func listShowsPlaceFormatSizeAndProblems() throws {
        let db = try source("chatdb")
        let screen = lines(db, "")
        #expect(screen[0].hasPrefix("place ▲"))
        #expect(screen[0].hasSuffix("problems"))
        let half = try #require(screen.first { $0.hasPrefix("message.attributedBody:1235") })
        #expect(half.contains("bplist00"))
        #expect(half.hasSuffix("2 !"))
        #expect(screen.contains { $0.hasPrefix("odd \"name.v:2") && $0.contains("base64 › bplist00") })
        #expect(screen[11].contains("6 archives"))
        #expect(screen[11].contains("1 with problems"))
    }

    @Test func sortingByProblemsPutsTheDamagedFirst() throws {
        let db = try source("chatdb")
        let screen = lines(db, "ssss")
        #expect(screen[0].contains("problems ▼"))
        #expect(screen[1].hasPrefix("message.attributedBody:1235"))
        let ascending = lines(db, "ssssS")
        #expect(ascending[6].hasPrefix("message.attributedBody:1235"))
    }

    @Test func filterShowsTheMatchingAndEscapeClearsIt() throws {
        let db = try source("chatdb")
        let filtered = lines(db, "/payload<Enter>")
        #expect(filtered[1].hasPrefix("message.payload_data:1234"))
        #expect(filtered[2].isEmpty)
        #expect(filtered[11].contains("1 of 6 archives match"))
        let cleared = lines(db, "/payload<Enter><Esc>")
        #expect(cleared[6].hasPrefix("odd \"name.v:2"))
    }

    @Test func enterOpensTheArchiveAndQReturnsWithTheCursorWhereItWas() throws {
        let db = try source("chatdb")
        let opened = lines(db, "jjj<Enter>")
        #expect(opened[11].contains(":message.payload_data:1234"), "the status line says where the archive lives: \(opened[11])")
        #expect(opened.contains { $0.contains("\"payload\"") })
        let run = Headless.SourceRun(source: db, cols: 100, rows: 12)
        for key in KeyNotation.parse("jjj<Enter>q") { run.handle(key) }
        #expect(run.stack == nil)
        #expect(run.state.focusedEntry == 3)
        #expect(run.state.message == "back from message.payload_data:1234")
        #expect(!run.state.shouldQuit)
        // Ctrl-C in the archive quits everything.
        let quit = Headless.SourceRun(source: db, cols: 100, rows: 12)
        for key in KeyNotation.parse("<Enter><C-c>") { quit.handle(key) }
        #expect(quit.state.shouldQuit)
    }

    @Test func namesFromTheSourceAreShownEscaped() throws {
        let folder = SourceFixtures.temporaryFolder()
        #expect(TestPlatform.writeFile(Array("bplist00".utf8) + [UInt8](repeating: 0, count: 40), to: folder + "/evil\u{1B}[31m.plist"))
        let source = try #require(ArchiveSource.open(path: Array(folder.utf8)))
        let screen = lines(source, "")
        #expect(screen[1].hasPrefix("evil\\e[31m.plist"))
        #expect(!screen.joined().contains("\u{1B}"))
    }

    @Test func emptyAndNarrowScreensDrawWithoutTrouble() throws {
        let db = try source("chatdb")
        for (cols, rows) in [(1, 1), (10, 3), (30, 5), (59, 8)] {
            let screen = lines(db, "jG/x<Enter>", cols: cols, rows: rows)
            #expect(screen.count == rows)
        }
        let empty = try #require(ArchiveSource.open(path: Array(SourceFixtures.temporaryFolder().utf8)))
        #expect(lines(empty, "<Enter>")[1].hasPrefix("no archives found"))
    }
}

/// The list's state on a folder made here (no Python needed): sorting, the cursor kept on its archive.
struct SourceListStateTests {
    func folder() throws -> ArchiveSource {
        let path = SourceFixtures.temporaryFolder()
        let header = Array("bplist00".utf8)
        #expect(TestPlatform.writeFile(header + [UInt8](repeating: 0, count: 300), to: path + "/a.plist"))
        #expect(TestPlatform.writeFile(header + [UInt8](repeating: 0, count: 10), to: path + "/b.plist"))
        #expect(TestPlatform.writeFile(header + [UInt8](repeating: 0, count: 100), to: path + "/c.plist"))
        #expect(TestPlatform.writeFile(Array("plain text\n".utf8), to: path + "/d.txt"))
        return try #require(ArchiveSource.open(path: Array(path.utf8)))
    }

    @Test func sortingKeepsTheCursorOnItsArchive() throws {
        let source = try folder()
        var state = SourceListState(source: source, cols: 80, rows: 10)
        #expect(state.visible.map { source.entries[$0].place.text } == ["a.plist", "b.plist", "c.plist"])
        state.handle(.char("j"))
        #expect(state.focusedEntry == 1)
        for _ in 0..<3 { state.handle(.char("s")) }
        #expect(state.sortKey == .size, "place, preview, format, size")
        #expect(state.visible.map { source.entries[$0].place.text } == ["a.plist", "c.plist", "b.plist"], "largest first")
        #expect(state.focusedEntry == 1, "the cursor stays on b.plist")
        #expect(state.cursor == 2)
        state.handle(.char("S"))
        #expect(state.visible.map { source.entries[$0].place.text } == ["b.plist", "c.plist", "a.plist"])
        state.handle(.enter)
        #expect(state.openRequest == 1)
    }

    @Test func problemsSortPutsUncheckedLast() throws {
        let source = try folder()
        var state = SourceListState(source: source, cols: 80, rows: 10)
        state.install([(entry: 2, result: SourceCheck.check(source, source.entries[2].place))])
        for _ in 0..<4 { state.handle(.char("s")) }
        #expect(state.sortKey == .problems)
        #expect(state.visible.first == 2, "the one checked archive comes before the unchecked")
        #expect(SourceListRenderer.problemsCell(nil).0 == "…")
    }
}

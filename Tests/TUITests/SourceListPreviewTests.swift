import ArchiveModel
import Testing
import TestSupport
@testable import TUI

/// The source list as a working view (issue 38, item 3), headless on a chat.db-like database: the
/// preview column, the `--columns` values, the regex filter and `n`/`N`, sorting by any column.
@Suite(.needsPython)
struct SourceListPreviewTests {
    func database() throws -> ArchiveSource {
        let path = try #require(SourceFixtures.make("chatdb"))
        return try #require(ArchiveSource.open(path: Array(path.utf8)))
    }

    func lines(_ source: ArchiveSource, _ keys: String, columns: [String] = [], cols: Int = 120, rows: Int = 12) -> [String] {
        Headless.render(source: source, columns: columns, cols: cols, rows: rows, keys: keys)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func row(_ screen: [String], _ place: String) throws -> String {
        try #require(screen.first { $0.hasPrefix(place + " ") }, "no row \(place) in\n\(screen.joined(separator: "\n"))")
    }

    @Test func thePreviewSaysWhatEachArchiveHolds() throws {
        let db = try database()
        let screen = lines(db, "")
        #expect(screen[0].contains("preview"))
        #expect(try row(screen, "message.payload_data:1234").contains("\"payload\""))
        #expect(try row(screen, "odd \"name.v:1").contains("{xml}"))
        #expect(try row(screen, "odd \"name.v:2").contains("\"b64\""))
        let cut = try row(screen, "message.attributedBody:1235")
        #expect(cut.contains("damaged: "), "the cut archive's preview says it is damaged: \(cut)")
        // The message body: the stand-in's (or the corpus's) attributed string, as its text.
        #expect(try row(screen, "message.attributedBody:1234").contains("\""))
    }

    @Test func theColumnsAskedForAreShownBesideThePlace() throws {
        let db = try database()
        let screen = lines(db, "", columns: ["message.date", "text"])
        #expect(screen[0].contains("message.date"))
        #expect(screen[0].contains("text"))
        let body = try row(screen, "message.attributedBody:1235")
        #expect(body.contains(" 4 ") && body.contains("half"), "date 4 and text half: \(body)")
        let odd = try row(screen, "odd \"name.v:1")
        #expect(odd.contains(" - "), "a table without the column shows -: \(odd)")
    }

    @Test func theFilterIsARegularExpressionOverPlaceColumnsAndPreview() throws {
        let db = try database()
        let anchored = lines(db, "/attributedBody:1$<Enter>")
        #expect(anchored[1].hasPrefix("message.attributedBody:1 "))
        #expect(anchored[2].isEmpty)
        #expect(anchored[11].contains("1 of 6 archives match"), "\(anchored[11])")
        let digits = lines(db, "/attributedBody:12\\d+$<Enter>")
        #expect(digits[1].hasPrefix("message.attributedBody:1234"))
        #expect(digits[2].hasPrefix("message.attributedBody:1235"))
        #expect(digits[3].isEmpty)
        #expect(digits[11].contains("2 of 6 archives match \"attributedBody:12\\d+$\""), "the pattern as typed: \(digits[11])")
        // The preview's own text: the payload's string is `payload`, shown `"payload"`.
        let text = lines(db, "/^payload$<Enter>")
        #expect(text[1].hasPrefix("message.payload_data:1234"))
        #expect(text[2].isEmpty)
        // A column's value: the text column of message 1235 is `half`.
        let column = lines(db, "/^half$<Enter>", columns: ["text"])
        #expect(column[1].hasPrefix("message.attributedBody:1235"))
        #expect(column[2].isEmpty)
        // Smart case, as in the tree: a capital makes the pattern case-sensitive.
        #expect(lines(db, "/PAYLOAD<Enter>")[1].hasPrefix("no archive matches"))
    }

    @Test func anInvalidRegularExpressionIsSaidSo() throws {
        let db = try database()
        let screen = lines(db, "/zz(<Enter>")
        #expect(screen[11].contains("not a regular expression"), "\(screen[11])")
        #expect(screen[1].hasPrefix("no archive matches"))
    }

    @Test func nAndNGoToTheNextAndPreviousMatch() throws {
        let db = try database()
        let run = Headless.SourceRun(source: db, cols: 120, rows: 12)
        func press(_ keys: String) { for key in KeyNotation.parse(keys) { run.handle(key) } }
        func focused() -> String? { run.state.focusedEntry.map { db.entries[$0].place.text } }
        press("n")
        #expect(run.state.message == "no search yet: press /")
        press("/attributedBody<Enter><Esc>")
        #expect(run.state.visible.count == 6, "Esc clears the filter, the pattern stays for n/N")
        #expect(focused() == "message.attributedBody:1")
        press("n")
        #expect(focused() == "message.attributedBody:1234")
        press("nn")
        #expect(focused() == "message.attributedBody:1")
        #expect(run.state.message == "search wrapped to the top")
        press("N")
        #expect(focused() == "message.attributedBody:1235")
        #expect(run.state.message == "search wrapped to the bottom")
    }

    @Test func sortingByAColumnAndByThePreview() throws {
        let db = try database()
        let byDate = lines(db, "s", columns: ["message.date"])
        #expect(byDate[0].contains("message.date ▲"))
        #expect(byDate[1].hasPrefix("message.attributedBody:1 "))
        // Ties (date 3) stay in place order; rows without the column go last either way.
        #expect(byDate[2].hasPrefix("message.attributedBody:1234"))
        #expect(byDate[3].hasPrefix("message.payload_data:1234"))
        #expect(byDate[4].hasPrefix("message.attributedBody:1235"))
        let descending = lines(db, "sS", columns: ["message.date"])
        #expect(descending[0].contains("message.date ▼"))
        #expect(descending[1].hasPrefix("message.attributedBody:1235"))
        #expect(descending[2].hasPrefix("message.attributedBody:1234"))
        #expect(descending[5].hasPrefix("odd \"name.v:1"))
        let byPreview = lines(db, "s")
        #expect(byPreview[0].contains("preview ▲"))
        let previews = db.entries.indices.map { SourcePreview.of(db.entries[$0], in: db).text }
        #expect(byPreview[1].contains(try #require(previews.min())))
    }

    @Test func aSortColumnTheScreenHasNoRoomForIsNamedInTheHeader() throws {
        let db = try database()
        let narrow = lines(db, "s", columns: ["message.date"], cols: 40)
        #expect(narrow[0].hasPrefix("place (by message.date ▲)"), "\(narrow[0])")
        #expect(narrow[1].hasPrefix("…"), "still sorted by date: \(narrow[1])")
        let wide = lines(db, "s", columns: ["message.date"], cols: 120)
        #expect(wide[0].hasPrefix("place "))
        #expect(wide[0].contains("message.date ▲"))
    }

    @Test func previewsFromTheFileAreEscaped() throws {
        let folder = SourceFixtures.temporaryFolder()
        var b = KeyedArchiveBuilder()
        let text = b.add(.string("red \u{1B}[31m alert\u{07}"))
        b.top = [("root", .ref(text))]
        #expect(TestPlatform.writeFile(b.buildBinary(), to: folder + "/a.plist"))
        let source = try #require(ArchiveSource.open(path: Array(folder.utf8)))
        let screen = lines(source, "")
        #expect(screen[1].contains("\"red \\e[31m alert"), "\(screen[1])")
        #expect(!screen.joined().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }

    @Test func narrowScreensWithColumnsDrawWithoutTrouble() throws {
        let db = try database()
        for (cols, rows) in [(1, 1), (10, 3), (30, 5), (59, 8), (75, 8), (200, 10)] {
            let screen = lines(db, "sjG/a<Enter>n", columns: ["message.date", "text", "nosuch"], cols: cols, rows: rows)
            #expect(screen.count == rows)
        }
    }
}

/// The preview job (no Python needed): the rows on screen first, each archive once.
struct SourcePreviewJobTests {
    @Test func theRowsOnScreenComeFirstAndEachArchiveOnce() throws {
        let folder = SourceFixtures.temporaryFolder()
        for i in 0..<40 {
            var b = KeyedArchiveBuilder()
            let text = b.add(.string("note \(i)"))
            b.top = [("root", .ref(text))]
            #expect(TestPlatform.writeFile(b.buildBinary(), to: folder + "/n\(1000 + i).plist"))
        }
        let source = try #require(ArchiveSource.open(path: Array(folder.utf8)))
        let job = SourcePreviewJob(source: source, columns: [])
        job.want([39, 38])
        job.runHere(limit: 1)
        let first = job.take()
        #expect(first.map(\.entry).sorted() == [0, 38, 39], "the wanted two, then the first in list order up to the limit")
        #expect(first.first { $0.entry == 39 }?.detail.preview.text == "\"note 39\"")
        // Entries already done are not done again.
        let again = SourcePreviewJob(source: source, columns: [])
        again.want([5, 5, 5])
        again.runHere(limit: 0)
        #expect(again.take().map(\.entry) == [5])
        #expect(!again.isRunning)
    }

    @Test func aPatternThatIsNotARegularExpressionSaysWhy() {
        let broken = SearchMatcher("a(b")
        #expect(broken.regexProblem?.isEmpty == false)
        #expect(broken.matches("xa(by"), "matched as plain text")
        #expect(SearchMatcher("^a\\d$").regexProblem == nil)
        #expect(SearchMatcher("plain words").regexProblem == nil)
    }

    @Test func previewsArrivingOneByOneKeepTheListSorted() throws {
        let folder = SourceFixtures.temporaryFolder()
        for i in 0..<70 {
            var b = KeyedArchiveBuilder()
            let text = b.add(.string("note \(1000 + (i * 37) % 70)"))
            b.top = [("root", .ref(text))]
            #expect(TestPlatform.writeFile(b.buildBinary(), to: folder + "/n\(1000 + i).plist"))
        }
        let source = try #require(ArchiveSource.open(path: Array(folder.utf8)))
        let job = SourcePreviewJob(source: source, columns: [])
        job.runHere(limit: 70)
        let all = job.take()
        #expect(all.count == 70)
        var state = SourceListState(source: source, cols: 100, rows: 10)
        state.handle(.char("s"))
        #expect(state.sortKey == .preview)
        for item in all.reversed() { state.install(details: [item]) }
        let placed = state.visible
        let texts = placed.map { state.details[$0]?.preview.text ?? "" }
        #expect(texts == texts.sorted())
        #expect(Set(placed) == Set(0..<70))
        // The same order as a whole sort gives.
        state.handle(.char("S"))
        state.handle(.char("S"))
        #expect(state.visible == placed)
    }

    @Test func aFilterOverManyArchivesGoesOnAStepAtATime() throws {
        let folder = SourceFixtures.temporaryFolder()
        for i in 0..<40 {
            var b = KeyedArchiveBuilder()
            let text = b.add(.string(i % 2 == 0 ? "even \(i)" : "odd \(i)"))
            b.top = [("root", .ref(text))]
            #expect(TestPlatform.writeFile(b.buildBinary(), to: folder + "/n\(1000 + i).plist"))
        }
        let source = try #require(ArchiveSource.open(path: Array(folder.utf8)))
        let job = SourcePreviewJob(source: source, columns: [])
        job.runHere(limit: 40)
        var state = SourceListState(source: source, cols: 100, rows: 10)
        state.install(details: job.take())
        state.matchBudget = 15
        for key in KeyNotation.parse("/^even \\d+$<Enter>") { state.handle(key) }
        #expect(state.filterPending)
        #expect(state.visible.count < 20, "the first step matched 15 archives: \(state.visible.count)")
        #expect(state.message?.hasPrefix("filtering for \"^even \\d+$\": ") == true, "\(state.message ?? "")")
        var steps = 0
        while state.filterPending, steps < 10 {
            state.continueFilter()
            steps += 1
        }
        #expect(steps == 2, "40 archives at 15 a step")
        #expect(state.visible.count == 20)
        #expect(state.message?.hasPrefix("20 of 40 archives match") == true, "\(state.message ?? "")")
        // A key meanwhile works on what is found so far; Esc clears the filter and what is pending.
        state.handle(.escape)
        #expect(!state.filterPending)
        #expect(state.visible.count == 40)
    }
}

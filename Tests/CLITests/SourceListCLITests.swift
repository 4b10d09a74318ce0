import ArchiveModel
import Testing
import TestSupport

/// `--columns` given to the browser (here `--screen`) on a database (issue 38, item 3): the values are
/// columns of its list; with a mode that has no list, or with one archive, it is refused.
@Suite(.needsPython)
struct SourceListCLITests {
    @Test func columnsAreShownInTheListOfADatabase() throws {
        let db = try #require(SourceFixtures.make("chatdb"))
        let result = try CLITests.run(["--columns", "message.date,text", "--screen", "120x10", "--keys", "/^half$<Enter>", db])
        #expect(result.status == 0)
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.contains("message.date") == true, "\(result.out)")
        let row = try #require(lines.first { $0.hasPrefix("message.attributedBody:1235") }, "\(result.out)")
        #expect(row.contains(" 4 ") && row.contains("half") && row.contains("damaged: "), "\(row)")
        #expect(lines.contains { $0.contains("1 of 6 archives match") })
    }

    @Test func columnsWithoutAListAreRefused() throws {
        let db = try #require(SourceFixtures.make("chatdb"))
        let check = try CLITests.run(["--columns", "date", "--check", db])
        #expect(check.status == 2)
        #expect(check.err.contains("--columns goes with"))
        let one = try CLITests.run(["--columns", "date", "--screen", "80x10", db + ":message.payload_data:1234"])
        #expect(one.status == 2)
        #expect(one.err.contains("not with one archive"), "\(one.err)")
    }
}

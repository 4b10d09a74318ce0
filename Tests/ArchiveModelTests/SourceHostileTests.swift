import Foundation
import Testing
@testable import ArchiveModel
@testable import ArchiveDocuments
import TestSupport

/// Sources at the sizes the issue names (issue 27, bad input): a blob column of a million rows and a
/// ZIP file of 100,000 entries list within the limits, with the rest counted, and what is listed opens.
@Suite(.needsPython, .tags(.slow))
struct SourceHostileTests {
    @Test func aMillionRowBlobColumnListsUpToTheLimitAndCountsTheRest() throws {
        let path = try #require(SourceFixtures.make("big-db:1000000"))
        let before = SourceFixtures.snapshot(String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]))
        let (opened, growth) = Memory.peakGrowth { ArchiveSource.open(path: Array(path.utf8)) }
        let source = try #require(opened)
        #expect(source.entries.count == SourceLimits.standard.archives)
        let limit = try #require(source.diagnostics.first { $0.id == "source.limit.entries" })
        #expect(limit.message.contains("1000000 archives"))
        // Memory holds the listing (100,000 places), not the million values of 141 bytes.
        if let growth { #expect(growth < 1 << 20, "peak RSS grew by \(growth / 1024) MiB") }  // KiB
        let last = SourcePlace([.cell(table: "t", column: "body", rowid: 1_000_000)])
        #expect(SourceCheck.check(source, last).status == 0)
        #expect(SourceFixtures.snapshot(String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])) == before)
    }

    @Test func aZipOfAHundredThousandEntriesListsThemAll() throws {
        let path = try #require(SourceFixtures.make("many-zip:100000"))
        let source = try #require(ArchiveSource.open(path: Array(path.utf8)))
        #expect(source.entries.count == 100_000)
        #expect(source.diagnostics.isEmpty)
        #expect(source.entries.last?.place.text == "e/099999.plist")
        #expect(SourceCheck.check(source, try #require(source.entries.last).place).status == 0)
    }
}

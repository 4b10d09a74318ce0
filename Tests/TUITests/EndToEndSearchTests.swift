import ArchiveModel
import Foundation
import Testing
import TestSupport

/// End-to-end (issue 38, defect 6): in the real browser, a search in a million-element array goes on
/// by itself past its row budget, saying so, until it reaches the match; no `n` needed.
@Suite(.serialized, .tags(.slow), .needsTmux) struct EndToEndSearchTests {
    /// A binary plist whose root is an array of the integers 0 ..< count.
    static func bigArray(_ count: Int) -> [UInt8] {
        var b = BinaryPlistBuilder()
        let root = b.add(.array([]))
        let items = (0..<count).map { b.add(.integer(Int64($0))) }
        b.objects[root] = .array(items)
        b.topObject = root
        return b.build().bytes
    }

    @Test func aSearchPastItsBudgetReachesItemNineHundredNinetyNineThousandNineHundredNinety() throws {
        let directory = try EndToEndTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(Self.bigArray(1_000_000)).write(to: URL(fileURLWithPath: directory + "/big.plist"))
        let b = try BrowserInTmux(["big.plist"], in: directory, cols: 110, rows: 12)
        #expect(b.waitForStatus("? help"), "start-up:\n\(b.screen)")
        try b.send("/")
        try b.type("^999990$")
        try b.send("Enter")
        #expect(b.waitForStatus("[999990]", timeout: 20 * BrowserInTmux.timeout), "one / reaches the item:\n\(b.screen)")
        #expect(!b.statusLine().contains("searching"), "\(b.screen)")
        try b.send("q")
        #expect(b.waitForExit() == 0)
        #expect(b.finish() == 0)
    }
}

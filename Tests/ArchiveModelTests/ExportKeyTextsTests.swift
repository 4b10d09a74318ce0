import Testing
@testable import ArchiveModel
@testable import ArchiveDocuments
@testable import ArchiveOutput

/// A plain property list's key texts are decoded once per key node over an export (issue 39), and
/// the table stops being looked in when nothing in it is met again.
@Suite struct ExportKeyTextsTests {
    @Test func aKeyNodeIsLoadedOnce() {
        let texts = ExportKeyTexts()
        var loads: [Int] = []
        let load = { (node: Int) -> String? in
            loads.append(node)
            return node == 9 ? nil : "key \(node)"
        }
        for _ in 0..<3 {
            #expect(texts.text(of: 4, load: load) == "key 4")
            #expect(texts.text(of: 5, load: load) == "key 5")
            #expect(texts.text(of: 9, load: load) == nil)
        }
        // A key that is not a string is not remembered: it is read as a value each time.
        #expect(loads == [4, 5, 9, 9, 9])
    }

    @Test func aFullTableOfKeysNeverMetAgainIsNoLongerLookedIn() {
        let texts = ExportKeyTexts()
        var loads = 0
        let load = { (node: Int) -> String? in
            loads += 1
            return String(node)
        }
        // A node per key occurrence (XML): every lookup misses until the table is full.
        for node in 0...ExportKeyTexts.limit { #expect(texts.text(of: node, load: load) == String(node)) }
        #expect(loads == ExportKeyTexts.limit + 1)
        // Node 0 is in the table, but lookups stopped: it is loaded again.
        #expect(texts.text(of: 0, load: load) == "0")
        #expect(loads == ExportKeyTexts.limit + 2)
    }

    @Test func aFullTableThatIsMetAgainIsStillLookedIn() {
        let texts = ExportKeyTexts()
        var loads = 0
        let load = { (node: Int) -> String? in
            loads += 1
            return String(node)
        }
        for node in 0..<ExportKeyTexts.limit { _ = texts.text(of: node, load: load) }
        for node in 0..<ExportKeyTexts.limit { _ = texts.text(of: node, load: load) }
        _ = texts.text(of: -1, load: load)
        _ = texts.text(of: 7, load: load)
        #expect(loads == ExportKeyTexts.limit + 1)
    }
}

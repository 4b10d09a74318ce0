import Testing
@testable import ArchiveModel
@testable import ArchiveDocuments
@testable import ArchiveRecovery
import TestSupport

/// Issue 42 item 3: a salvage never writes what other readers refuse (a date out of plistlib's
/// range becomes a placeholder, and the read-back names any left), never keeps fewer objects than
/// the damaged bytes give, and refuses to write a salvage that keeps nothing of the content.
struct SalvageSafetyTests {
    static func open(_ bytes: [UInt8]) -> ArchiveDocument { ArchiveDocument.open(InputBytes(bytes), name: "f") }

    @Test(arguments: [
        (ReaderLimits.earliestDate, true), (ReaderLimits.earliestDate.nextDown, false), (0, true), (ReaderLimits.dateEnd.nextDown, true),
        (ReaderLimits.dateEnd, false), (4.16e25, false), (-.infinity, false), (.nan, false),
    ])
    func plistlibsDateRangeIsTheYears1To9999(_ t: Double, _ readable: Bool) {
        #expect((ReaderLimits.dateProblem(t) == nil) == readable)
    }

    @Test func theReadBackNamesADateOtherReadersRefuse() throws {
        let bytes = SalvageFixture.plainWithDate(4.16e25)
        let problems = SalvageReadBack.check(bytes)
        #expect(problems.count == 2)
        let first = try #require(problems.first)
        #expect(first.id == nil)
        #expect(first.message.contains("outside the years 1 to 9999 that Python's plistlib reads"))
        #expect(first.range?.count == 9)
        #expect(SalvageReadBack.check(SalvageFixture.plainWithDate(1e9)).isEmpty)
    }

    @Test func aPlainPlistsRefusedDatesBecomePlaceholders() throws {
        guard case .written(let bytes, let report) = Salvage.salvage(Self.open(SalvageFixture.plainWithDate(4.16e25))) else {
            Issue.record("refused")
            return
        }
        let placeholders = report.changes.filter { $0.action == .placeholder }
        #expect(placeholders.map(\.key) == ["when", "list[0]"])
        #expect(placeholders.allSatisfy { $0.reason.contains("Python's plistlib") && $0.range?.count == 9 })
        #expect(SalvageReadBack.check(bytes).isEmpty)
        // The keys stay; each date is a placeholder dictionary saying what it stands for.
        let plain = try #require(Self.open(bytes).graph as? PlistObjectGraph)
        let root = try #require(plain.tree.rootID)
        guard case .dict(let keys, let values) = plain.tree.node(root).value else {
            Issue.record("the root is no dictionary")
            return
        }
        let names = keys.map { k -> String in if case .string(let s) = plain.tree.node(k).value { s } else { "?" } }
        #expect(names == ["name", "when", "list"])
        guard case .dict(let pkeys, _) = plain.tree.node(values[1]).value else {
            Issue.record("no placeholder")
            return
        }
        #expect(pkeys.contains { plain.tree.isString($0, equalTo: "salvagedBy") })
    }

    @Test func aKeyedArchivesRefusedDatesBecomePlaceholderEntries() throws {
        guard case .written(let bytes, let report) = Salvage.salvage(Self.open(SalvageFixture.keyedWithDate(-1e300))) else {
            Issue.record("refused")
            return
        }
        let placeholders = report.changes.filter { $0.action == .placeholder }
        #expect(placeholders.count == 2)
        // The entry keeps its id; the inline one keeps its key, now a reference to a placeholder entry.
        #expect(placeholders.contains { $0.object == 1 && $0.key == nil })
        #expect(placeholders.contains { $0.object == 2 && $0.key == "end" })
        #expect(SalvageReadBack.check(bytes).isEmpty)
        // "launch" alone: the Event lost a value to a placeholder, so it is not whole.
        #expect(report.contentValues == 1)
        let graph = Self.open(bytes).graph
        #expect(graph.object(1).className == SalvagePlaceholder.className)
        #expect(!DocumentCheck.fullCheck(of: graph).contains { $0.severity != .note })
    }

    // MARK: nothing kept

    @Test func aSalvageThatKeepsNothingOfTheContentIsRefused() throws {
        let damaged = InputBytes(SalvageFixture.set(40, dangling: true))
        guard case .refused(let why) = Salvage.salvage(repaired: nil, damaged: damaged, name: "f") else {
            Issue.record("written")
            return
        }
        #expect(why.hasPrefix("nothing of the archive's content decodes: the salvage would write"))
        #expect(why.contains("holding no string, number, data, date or whole object of the input"))
    }

    /// The issue's case: a re-encoded keyed archive whose trailer's top object now names an empty set
    /// (marker 0xC0), the rest of the file unreferenced: a plain plist salvage of 42 bytes.
    @Test func aPlainPlistWhoseTopIsAnEmptySetAmidUnreferencedObjectsIsRefused() throws {
        var b = BinaryPlistBuilder()
        let root = b.add(.set([]))
        for i in 0..<200 { _ = b.add(.string("lost value \(i)")) }
        b.topObject = root
        let damaged = InputBytes(b.build().bytes)
        guard case .written(let bytes, let report) = Salvage.salvage(Self.open(b.build().bytes)) else {
            Issue.record("the plain salvage refused")
            return
        }
        #expect(bytes.count == 42 && report.contentValues == 0)
        guard case .refused(let why) = Salvage.salvage(repaired: nil, damaged: damaged, name: "f") else {
            Issue.record("written")
            return
        }
        #expect(why.contains("would write 42 bytes holding no string, number, data, date or whole object of the input"))
        // The same empty set alone is a sound file, and is written.
        var sound = BinaryPlistBuilder()
        sound.topObject = sound.add(.set([]))
        guard case .written = Salvage.salvage(repaired: nil, damaged: InputBytes(sound.build().bytes), name: "f") else {
            Issue.record("a sound empty set refused")
            return
        }
    }

    @Test func aSoundArchiveOfAnEmptySetIsStillWritten() throws {
        let sound = InputBytes(SalvageFixture.set(0, dangling: false))
        guard case .written(_, let report) = Salvage.salvage(repaired: nil, damaged: sound, name: "f") else {
            Issue.record("refused")
            return
        }
        #expect(report.contentValues == 1)
        #expect(report.changes.isEmpty)
        guard case .written(_, let full) = Salvage.salvage(repaired: nil, damaged: InputBytes(SalvageFixture.set(3, dangling: false)), name: "f") else {
            Issue.record("refused")
            return
        }
        #expect(full.contentValues == 4)
    }

    // MARK: monotonic

    @Test func aRepairedReadingThatKeepsFewerObjectsIsSetAside() throws {
        let damaged = DamageFixture.people(30)
        // A "repair" that cut the archive: it decodes far fewer objects than the bytes as they are.
        let worse = Array(damaged.prefix(damaged.count / 3))
        guard case .written(let bytes, let report) = Salvage.salvage(repaired: InputBytes(worse), damaged: InputBytes(damaged), name: "f") else {
            Issue.record("refused")
            return
        }
        #expect(report.repairsSetAside)
        let note = try #require(report.notes.first)
        #expect(note.hasPrefix("the repaired reading's salvage keeps "))
        #expect(note.contains("the bytes as they are were salvaged instead"))
        let before = RepairJudge.verdict(Self.open(damaged).graph), after = RepairJudge.verdict(Self.open(bytes).graph)
        #expect(after.kept >= before.kept && after.rootIntact)
    }

    @Test func aRepairedReadingThatKeepsAsMuchIsKept() throws {
        let damaged = DamageFixture.people(30)
        guard case .written(_, let report) = Salvage.salvage(repaired: InputBytes(damaged), damaged: InputBytes(damaged), name: "f") else {
            Issue.record("refused")
            return
        }
        #expect(!report.repairsSetAside)
        #expect(report.notes.isEmpty)
    }
}

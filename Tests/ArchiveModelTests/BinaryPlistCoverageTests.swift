import Testing
@testable import ArchiveModel

/// Every `bplist.*` id, produced by a built fixture at its exact range, with the catalog's severity.
@Suite struct BinaryPlistCoverageTests {
    static let fixtures = BinaryPlistDamageFixtures.all()

    @Test(arguments: fixtures)
    func eachDamageIsReportedOnItsBytes(_ damage: BinaryPlistDamage) throws {
        let found = BinaryPlistTree(InputBytes(damage.bytes)).fullCheck()
        let matching = found.filter { $0.id == damage.id && $0.range == damage.range }
        #expect(!matching.isEmpty, "\(found.map(\.description))")
        if let object = damage.object { #expect(matching.contains { $0.object == object }, "\(matching)") }
        let code = try #require(BinaryPlistCode(rawValue: damage.id))
        #expect(matching.allSatisfy { $0.severity == damage.severity ?? code.severity })
    }

    @Test func everyIdHasAFixture() {
        let covered = Set(Self.fixtures.map(\.id))
        #expect(covered == Set(BinaryPlistCode.allCases.map(\.rawValue)),
                "no fixture for \(BinaryPlistCode.allCases.map(\.rawValue).filter { !covered.contains($0) })")
    }

    /// What the decoder emits has the catalog's severity, except a trailer width CF reads but Apple's
    /// writer never uses (a note under an id whose default is an error).
    @Test func producersEmitTheCatalogSeverity() {
        for damage in Self.fixtures {
            for d in BinaryPlistTree(InputBytes(damage.bytes)).fullCheck() {
                let code = BinaryPlistCode(rawValue: d.id)
                #expect(code != nil, "\(d.id) is not in the catalog")
                let unusualWidth = (code == .trailerOffsetIntSize || code == .trailerObjectRefSize) && d.severity == .note
                #expect(d.severity == code?.severity || unusualWidth, "\(d)")
            }
        }
    }

    /// Severity audit (issue 24): CF's writer stores a CFString's UTF-16 units as they are and its reader
    /// accepts unpaired surrogates back, so they are a note; an ASCII string with a high byte makes CF's
    /// ASCII conversion, and so the whole file, fail: an error.
    @Test func stringSeveritiesFollowWhatCFWritesAndReads() {
        let surrogate = BinaryPlistDamageFixtures.object([0x61, 0xDC, 0x00])
        let s = BinaryPlistTree(InputBytes(surrogate.bytes)).node(1).diagnostics
        #expect(s.map(\.id) == ["bplist.string.unpaired-surrogate"] && s.first?.severity == .note)
        let ascii = BinaryPlistDamageFixtures.object([0x52, 0x41, 0xE9])
        let a = BinaryPlistTree(InputBytes(ascii.bytes)).node(1).diagnostics
        #expect(a.map(\.id) == ["bplist.string.non-ascii"] && a.first?.severity == .error)
    }

    /// Counts in messages agree with their nouns.
    @Test func messagesCountInEnglish() {
        let refs: [UInt8] = [0xA9] + [UInt8](repeating: 0x09, count: 9)  // nine references to object 9 of 2
        let d = BinaryPlistTree(InputBytes(BinaryPlistDamageFixtures.object(refs).bytes)).node(1).diagnostics
        #expect(d.last?.message == "1 more reference in this array is out of range")
        #expect(d.first?.message == "object reference 9 is out of range (the table has 2 objects)")
        let gap = BinaryPlistDamageFixtures.object([0x09, 0xEE])
        let gaps = BinaryPlistTree(InputBytes(gap.bytes)).fullCheck().filter { $0.id == "bplist.bytes.unreferenced" }
        #expect(gaps.map(\.message) == ["1 byte at [\(gap.at.start + 1), \(gap.at.end)) belongs to no object"])
        let one = BinaryPlistDamageFixtures.object([0x61, 0xD8, 0x00])
        #expect(BinaryPlistTree(InputBytes(one.bytes)).node(1).diagnostics.first?.message
                == "UTF-16 string has 1 unpaired surrogate, shown as U+FFFD; CF accepts it, Python and rust-plist fail")
    }
}

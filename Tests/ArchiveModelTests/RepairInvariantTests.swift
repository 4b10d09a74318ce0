import Synchronization
import Testing
@testable import ArchiveModel
@testable import XMLPlist
@testable import ArchiveDocuments
@testable import ArchiveRecovery
@testable import ArchiveSources
@testable import ArchiveCore

/// The repair's promises as `ArchiveRepair.invariantViolations` states them (what the FuzzRepair
/// target asserts on every input): kept by real repairs of each line-ending conversion, and reported
/// when a result breaks them.
struct RepairInvariantTests {
    static let original = ArchiveRepairTests.original

    static func bytes(_ input: InputBytes) -> [UInt8] { Array(input.buffer.bindMemory(to: UInt8.self)) }

    /// Each conversion of an archive it changes (CR LF pairs only the damage-signature fixture has).
    @Test(arguments: LineEndingConversion.allCases)
    func aRepairOfEachConversionKeepsThePromises(_ conversion: LineEndingConversion) throws {
        let original = conversion == .crlfToLF ? DamageSignatureTests.original : Self.original
        let damaged = conversion.apply(original)
        let changed = damaged != original
        try #require(changed)
        let input = InputBytes(damaged)
        let result = ArchiveRepair.repair(input)
        #expect(!result.steps.isEmpty)
        #expect(ArchiveRepair.invariantViolations(input: input, result: result) == [])
        let untouched = Self.bytes(input) == damaged
        #expect(untouched)
    }

    @Test func aCleanInputKeepsThePromisesUnchanged() {
        let input = InputBytes(Self.original)
        let result = ArchiveRepair.repair(input)
        #expect(result.steps.isEmpty)
        #expect(ArchiveRepair.invariantViolations(input: input, result: result) == [])
    }

    @Test func changedBytesWithoutAStepAreReported() {
        let input = InputBytes(Self.original)
        let forged = ArchiveRepair.Result(bytes: InputBytes(Self.original.dropLast()), steps: [], notUndone: [])
        let problems = ArchiveRepair.invariantViolations(input: input, result: forged)
        #expect(problems.contains { $0.hasPrefix("no step taken, but the result") })
    }

    /// A "repair" that loses objects (the file cut in half) breaks the verdict rule.
    @Test func aRepairThatLosesObjectsIsReported() {
        let half = Array(Self.original.prefix(Self.original.count / 2))
        let step = RepairStep(.lfToCRLF, summary: "forged", bytesChanged: Self.original.count - half.count,
                              sizeBefore: Self.original.count, sizeAfter: half.count)
        let forged = ArchiveRepair.Result(bytes: InputBytes(half), steps: [step], notUndone: [])
        let problems = ArchiveRepair.invariantViolations(input: InputBytes(Self.original), result: forged)
        #expect(problems.contains { $0.hasPrefix("accepted a repair that keeps") })
        #expect(problems.contains { $0.hasPrefix("a line-ending repair left") })
    }

    @Test func aChangedCleanInputAndBrokenStepSizesAreReported() {
        let converted = LineEndingConversion.lfToCRLF.apply(Self.original)
        let step = RepairStep(.crToCRLF, summary: "forged", bytesChanged: 1, sizeBefore: 7, sizeAfter: converted.count)
        let forged = ArchiveRepair.Result(bytes: InputBytes(converted), steps: [step], notUndone: [])
        let problems = ArchiveRepair.invariantViolations(input: InputBytes(Self.original), result: forged)
        #expect(problems.contains { $0.hasPrefix("a clean input was changed: cr-to-crlf") })
        #expect(problems.contains { $0.hasPrefix("step cr-to-crlf starts at 7 bytes") })
    }

    /// The search reads at most `Limits.bytes` in all: a large file gets fewer decodes. (Bounding
    /// FuzzRepair's inputs found it: a 1 KB gzip stream of "bplist00" and a megabyte of LF bytes kept
    /// `--repair` busy until its time limit, 2,000 decodes of the whole megabyte for each conversion.)
    @Test func theDecodesShrinkWithTheFileSize() {
        let limits = ArchiveRepair.Limits(decodes: 2_000, bytes: 512 << 20)
        #expect(limits.decodes(forSize: 4_096) == 2_000)
        #expect(limits.decodes(forSize: 1 << 20) == 512)
        #expect(limits.decodes(forSize: 1 << 30) == 1)
        #expect(limits.decodes(forSize: 0) == 2_000)
    }

    @Test func aMegabyteOfLFBytesIsSearchedWithinTheByteBudget() {
        let bytes = Array("bplist00".utf8) + [UInt8](repeating: 0x0A, count: 1 << 20)
        let asked = Count()
        let limits = ArchiveRepair.Limits(decodes: 2_000, bytes: 4 << 20, shouldStop: { asked.value.withLock { $0 += 1 }; return false })
        let result = ArchiveRepair.repair(InputBytes(bytes), limits: limits)
        #expect(result.steps.isEmpty)
        // The search asks whether to stop before each decode: 4 decodes for each of the two conversions
        // that fit (CR → LF, CR LF → LF), not 2,000.
        #expect(asked.value.withLock { $0 } <= 4 * 3 + 8)
    }

    /// FuzzRepair's first finding (bug 35): a binary plist whose scalar object has a count marker that
    /// does not read. Counting the LF bytes of its payload made the range `o + 1..<o` and trapped, in the
    /// CR → LF structure step, for the bytes as given and after each conversion.
    @Test func aScalarWithoutAReadableLengthIsCountedAsEmpty() throws {
        let hex = "62706c6973743030d20104020554746573746f1401a2030353666fa4ffffffff" +
            "ffffffff04080d1222181b202200000000000001010000000000000008000000" +
            "00000000000000000000000025"
        let bytes = try #require(Self.bytes(hex: hex))
        #expect(bytes.count == 77)
        for input in [bytes] + LineEndingConversion.allCases.map({ $0.apply(bytes) }) {
            let given = InputBytes(input)
            let result = ArchiveRepair.repair(given, limits: ArchiveRepair.Limits(bytes: 1 << 20))
            #expect(ArchiveRepair.invariantViolations(input: given, result: result) == [])
        }
    }

    static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        return stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) }
    }

    final class Count: Sendable {
        let value = Mutex(0)
    }
}

import Testing
@testable import ArchiveModel
@testable import BinaryPlist
@testable import XMLPlist
@testable import ArchiveDocuments
@testable import ArchiveCore
@testable import ArchiveRecovery
import FuzzSupport

/// Issue 42: every line-ending conversion, both directions, every binary format, undone by the
/// format's own structure; never a reading that keeps fewer objects; changes told by meaning.
@Suite struct LineEndingRepairTests {
    // MARK: fixtures with CR and LF bytes in their structure

    /// A typedstream whose class names and strings are 10 and 13 bytes long (length bytes 0x0A and
    /// 0x0D), with objects referring back to one another.
    static let typedstream: [UInt8] = {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        _ = w.beginObject([("NSMutableArray", 0), ("NSArray", 0), ("NSObject", 0)])
        w.types("i")
        w.int(24)
        for i in 0..<24 {
            w.types("@")
            if i % 3 == 2 {
                w.nsString("thirteen ch\(i % 10)x")
            } else {
                _ = w.beginObject([(i % 2 == 0 ? "NSApplication" : "NSResponder", 0), ("NSObject", 0)])
                w.types("@")
                w.nsString("name \(i)")
                w.endObject()
            }
        }
        w.endObject()
        return w.bytes
    }()

    /// A NIBArchive of 30 views all listed by the root, so object ids 10 and 13 appear as 0x0A and 0x0D.
    static let nib: [UInt8] = {
        var nib = NIBArchiveBuilder()
        let root = nib.reserve()
        var ids: [UInt32] = []
        for i in 0..<30 { ids.append(nib.object("UIView", [("UILabel", .string("view \(i)"))])) }
        nib.define(root, "NSArray", [("NSInlinedValue", .bool(true))] + ids.map { ("UINibEncoderEmptyKey", .object($0)) })
        return nib.build().bytes
    }()

    static let keyed = ArchiveRepairTests.original

    static func repaired(_ damaged: [UInt8]) -> (bytes: [UInt8], steps: [RepairStep]) {
        let result = ArchiveRepair.repair(InputBytes(damaged))
        return (Array(result.bytes.buffer.bindMemory(to: UInt8.self)), result.steps)
    }

    static func verdict(_ bytes: [UInt8]) -> RepairVerdict {
        var judge = RepairJudge()
        return judge.judge(bytes)
    }

    // MARK: the conversions

    @Test(arguments: LineEndingConversion.allCases)
    func applyAndExactInverse(_ conversion: LineEndingConversion) {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<200 {
            let original = (0..<Int(rng.next() % 64)).map { _ in [0x0A, 0x0D, 0x41, 0x00][Int(rng.next() % 4)] as UInt8 }
            let converted = conversion.apply(original)
            if converted != original { #expect(conversion.couldHaveProduced(converted), "\(original) → \(converted)") }
            if let inverse = conversion.exactInverse(converted) { #expect(inverse == original, "\(original) → \(converted)") }
        }
        #expect(LineEndingConversion.lfToCRLF.apply([0x0D, 0x0A, 0x0A]) == [0x0D, 0x0D, 0x0A, 0x0D, 0x0A])
        #expect(LineEndingConversion.crToCRLF.apply([0x0D, 0x0A]) == [0x0D, 0x0A, 0x0A])
        #expect(LineEndingConversion.crlfToLF.apply([0x0D, 0x0D, 0x0A]) == [0x0D, 0x0A])
        #expect(LineEndingConversion.crToLF.exactInverse([0x0A]) == nil)
    }

    @Test func readingOffsetsMapBothWays() {
        let reading = LineEndingReading([1, 0x0A, 2, 0x0A, 3], .crlfToLF, chosen: [1, 3])
        #expect(reading.bytes == [1, 0x0D, 0x0A, 2, 0x0D, 0x0A, 3])
        #expect((0..<5).map(reading.readingOffset) == [0, 2, 3, 5, 6])
        #expect((0..<7).map(reading.damagedOffset) == [0, 1, 1, 2, 3, 3, 4])
        #expect(reading.toggling(3).bytes == [1, 0x0D, 0x0A, 2, 0x0A, 3])
    }

    // MARK: every format, every conversion

    static let formats: [(String, [UInt8])] = [("keyed", keyed), ("typedstream", typedstream), ("nib", nib)]

    @Test(arguments: [LineEndingConversion.lfToCRLF, .crToCRLF, .crToLF, .crlfToLF], [0, 1, 2])
    func eachConversionOfEachFormatComesBack(_ conversion: LineEndingConversion, _ which: Int) throws {
        let (name, original) = Self.formats[which]
        #expect(Self.verdict(original).isClean, "\(name) fixture is clean")
        let damaged = conversion.apply(original)
        guard damaged != original else { return }
        let (bytes, steps) = Self.repaired(damaged)
        let step = try #require(steps.first, "\(name) \(conversion): no repair")
        #expect(step.mechanism == RepairStep.Mechanism(conversion))
        let after = Self.verdict(bytes)
        #expect(after.isClean, "\(name) \(conversion): \(after)")
        #expect(after.isAcceptable(against: Self.verdict(damaged)))
        // Byte for byte, except where the format cannot tell (listed, by meaning).
        let differing = zip(bytes, original).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(bytes.count == original.count, "\(name) \(conversion)")
        #expect(differing.allSatisfy { step.undecided.contains($0) }, "\(name) \(conversion): \(differing) not among \(step.undecided)")
        #expect(step.changes.count == Swift.min(step.bytesChanged, RepairStep.describedLimit))
        #expect(step.changes.allSatisfy { !$0.place.isEmpty && $0.before != $0.after })
    }

    @Test func aTypedstreamLengthReadAsLFIsReadBack() throws {
        let damaged = LineEndingConversion.crToLF.apply(Self.typedstream)
        #expect(!Self.verdict(damaged).isClean)
        let (bytes, steps) = Self.repaired(damaged)
        #expect(bytes == Self.typedstream)
        let step = try #require(steps.first)
        // The class name's length byte, told as what it is.
        #expect(step.changes.contains { $0.place.contains("NSApplication") || $0.after.contains("NSApplication") }, "\(step.changes.map(\.line))")
    }

    /// Two of the root's references read 10 where one was 13: object 13 is then referred to by
    /// nothing, which no writer does, so one of them goes back to 13; which one, nothing in a NIB says
    /// (either order of the root's elements keeps every object), so both are listed undecided.
    @Test func aNibReferenceReadAsLFGoesBackAndTheTieIsSaid() throws {
        let damaged = LineEndingConversion.crToLF.apply(Self.nib)
        #expect(Self.verdict(damaged).notes > 0)
        let (bytes, steps) = Self.repaired(damaged)
        let step = try #require(steps.first)
        #expect(Self.verdict(bytes).isClean && Self.verdict(bytes).notes == 0)
        let differing = zip(bytes, Self.nib).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differing.allSatisfy { step.undecided.contains($0) }, "\(differing) not among \(step.undecided)")
        #expect(step.alternatives.count >= 2)
        #expect(step.alternatives.allSatisfy { $0.place.hasPrefix("#0 NSArray") }, "\(step.alternatives.map(\.line))")
    }

    // MARK: never worse

    /// Damage that is no line-ending conversion (a cut, a zeroed block, a changed byte): a repair is
    /// never made, or it keeps at least what the damaged bytes keep.
    @Test(arguments: [0, 1, 2])
    func otherDamageIsNeverMadeWorse(_ which: Int) {
        let original = Self.formats[which].1
        var copies: [[UInt8]] = [Array(original.prefix(original.count * 2 / 3))]
        var zeroed = original
        for i in (original.count / 3)..<Swift.min(original.count, original.count / 3 + 64) { zeroed[i] = 0 }
        copies.append(zeroed)
        var flipped = original
        flipped[original.count / 2] ^= 0x5A
        copies.append(flipped)
        for damaged in copies {
            let before = Self.verdict(damaged)
            let (bytes, steps) = Self.repaired(damaged)
            if steps.isEmpty { #expect(bytes == damaged) } else { #expect(Self.verdict(bytes).isAcceptable(against: before)) }
        }
    }

    @Test func aCleanFileIsLeftAloneInEveryFormat() {
        for (_, original) in Self.formats {
            let (bytes, steps) = Self.repaired(original)
            #expect(steps.isEmpty)
            #expect(bytes == original)
        }
    }

    // MARK: bad input

    /// A typedstream header followed by LF bytes: every site reads two ways; the search ends within its
    /// budget and says so.
    @Test func aStreamOfLFBytesStaysWithinTheBudget() {
        var w = TypedstreamWriter()
        w.header()
        let bytes = w.bytes + [UInt8](repeating: 0x0A, count: 3_000)
        let baseline = Self.verdict(bytes)
        let repair = LineEndingRepair(damaged: bytes, format: .typedstream(bigEndian: false), baseline: baseline, budget: 300,
                                      shouldStop: { false })
        let outcome = repair.undo(.crToLF)
        #expect((outcome?.judgements ?? 0) <= 301)
        #expect(outcome?.stoppedEarly == true)
    }
}


import Testing
@testable import ArchiveModel
@testable import BinaryPlist
@testable import XMLPlist
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchiveOutput
@testable import ArchiveAudit

/// Issue 42: a CR LF → LF transfer that took a byte from a binary plist's offset table (an object at
/// offset 0x0D0A has the entry `0D 0A`): the table read back from the end is misaligned, so it is
/// rebuilt from the damaged bytes with the CR put back where the table reads as Apple's writer makes it.
@Suite struct OffsetTableRepairTests {
    /// A keyed archive with an object at offset 0x0D0A (3338), so its offset table holds the bytes 0D 0A,
    /// and no other CR LF pair: the padding string's length is chosen until that is so.
    static let original: [UInt8]? = {
        for pad in 0..<400 {
            var b = KeyedArchiveBuilder()
            var items: [Int] = []
            for i in 0..<120 { items.append(b.object("Item", [("n", .int(Int64(i % 7))), ("s", .string("item \(i)"))])) }
            items.append(b.object("Item", [("s", .string(String(repeating: "p", count: pad)))]))
            b.top = [("root", .ref(b.object("NSArray", [("NS.objects", .refs(items))])))]
            let bytes = b.buildBinary()
            guard let tail = BinaryPlistTail(input: InputBytes(bytes)).fittingTrailer else { continue }
            let pairs = bytes.indices.dropLast().filter { bytes[$0] == 0x0D && bytes[$0 + 1] == 0x0A }
            if pairs.count == 1, let pair = pairs.first, pair >= tail.tableOffset { return bytes }
        }
        return nil
    }()

    static func crlfToLF(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for (i, byte) in bytes.enumerated() where !(byte == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A) { out.append(byte) }
        return out
    }

    @Test func aPairLostFromTheTableIsPutBackExactly() throws {
        let original = try #require(Self.original)
        let damaged = Self.crlfToLF(original)
        #expect(damaged.count == original.count - 1)
        // The table read from the end is not what Apple's writer makes, so the object-area search alone finds nothing.
        #expect(BinaryPlistShortfall.find(BinaryPlistTail(input: InputBytes(damaged))) == nil)
        var structural = CRLFToLFRepair(damaged)
        let rebuilt = structural.run(budget: 10_000)
        #expect(rebuilt == original)
        // The check names the cause, though the first error (the first object misread) is far from any LF.
        let diagnostics = DocumentCheck.fullCheck(of: ArchiveDocument.open(InputBytes(damaged), name: "f").graph)
        #expect(diagnostics.contains { $0.id == "damage.line-endings" && $0.message.contains("CR LF") })
        let result = ArchiveRepair.repair(InputBytes(damaged))
        let step = try #require(result.steps.first)
        #expect(step.mechanism == .crlfToLF)
        #expect(Array(result.bytes.buffer.bindMemory(to: UInt8.self)) == original)
    }

    @Test func theRebuiltTableFollowsTheWritersRule() throws {
        // Entries 8, 0x0D0A, 0x0D10 (2 bytes each) with the CR of 0D 0A lost: one reading only.
        let table: [UInt8] = [0x00, 0x08, 0x0D, 0x0A, 0x0D, 0x10]
        let damaged = Self.crlfToLF(table)
        var repair = OffsetTableRepair(damaged[...], lost: 1, width: 2, count: 3, limit: 0x1000_0)
        let next = repair.next(budget: 100)
        let found = try #require(next)
        #expect(found.offsets == [8, 0x0D0A, 0x0D10])
        #expect(found.insertions == [2])
        let second = repair.next(budget: 100)
        #expect(second == nil)
        // A region that is not the table less `lost` bytes gives nothing.
        var wrong = OffsetTableRepair(damaged[...], lost: 2, width: 2, count: 3, limit: 0x1000_0)
        let none = wrong.next(budget: 100)
        #expect(none == nil)
    }

    /// A table region of LF bytes: every placement reads two ways until an entry breaks the rule; the
    /// search gives up within its budget.
    @Test func aTableOfLFBytesStaysWithinTheBudget() {
        let region = [UInt8](repeating: 0x0A, count: 4_000)
        var repair = OffsetTableRepair(region[...], lost: 40, width: 4, count: 1_010, limit: Int(UInt32.max))
        let found = repair.next(budget: 5_000)
        #expect(found == nil)
        #expect(repair.tried <= 5_001)
    }
}

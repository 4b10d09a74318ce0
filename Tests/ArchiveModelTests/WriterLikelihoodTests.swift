import Testing
@testable import ArchiveModel
@testable import ArchiveDocuments
@testable import ArchiveOutput
@testable import ArchiveRecovery

/// Issue 42: readings the format's check finds equally good (two references, one of which was 13,
/// swapped between two fields by a CR → LF transfer) are told apart by how archivers write: a list's
/// new elements numbered in list order, and a slot holding the same kind of object in every instance.
@Suite struct WriterLikelihoodTests {
    /// An NSDictionary of twelve string keys (#3…#14) and twelve values (#15…#26), keys listed in
    /// `keyOrder` (ids); the keys #10 and #13 differ in one byte, 0x0A against 0x0D.
    static func dictionary(keyOrder: [Int]) -> [UInt8] {
        var b = KeyedArchiveBuilder()
        let dictionary = b.reserve()
        let classID = b.classID("NSDictionary")
        let keys = (0..<12).map { b.add(.string("key \($0)")) }
        let values = (0..<12).map { b.add(.string("value \($0)")) }
        #expect(keys == Array(3...14) && classID == 2)
        b.set(dictionary, .object(classID: classID, fields: [("NS.keys", .refs(keyOrder)), ("NS.objects", .refs(values))]))
        b.top = [("root", .ref(dictionary))]
        return b.buildBinary()
    }

    static func verdict(_ bytes: [UInt8]) -> RepairVerdict {
        RepairJudge.verdict(ArchiveDocument.open(InputBytes(bytes), name: "f").graph)
    }

    @Test func aListsNewElementsAreNumberedInListOrder() {
        let written = Self.verdict(Self.dictionary(keyOrder: Array(3...14)))
        var swappedOrder = Array(3...14)
        swappedOrder.swapAt(7, 10) // #10 and #13
        let swapped = Self.verdict(Self.dictionary(keyOrder: swappedOrder))
        #expect(written.ties(swapped))
        #expect(written.listDescents == 0)
        #expect(swapped.listDescents == 2)
        #expect(written.fitsWriterBetter(than: swapped))
        #expect(!swapped.fitsWriterBetter(than: written))
    }

    @Test func swappedKeysAfterCRToLFAreWrittenInTheWritersOrder() throws {
        let original = Self.dictionary(keyOrder: Array(3...14))
        let damaged = original.map { $0 == 0x0D ? 0x0A : $0 }
        #expect(damaged != original)
        let result = ArchiveRepair.repair(InputBytes(damaged))
        let step = try #require(result.steps.first)
        #expect(step.mechanism == .crToLF)
        #expect(Array(result.bytes.buffer.bindMemory(to: UInt8.self)) == original)
    }

    /// Three holders whose `title` is a string, and a fourth whose `title` is `titleOfLast` (an id).
    static func holders(titleOfLast: Int) -> [UInt8] {
        var b = KeyedArchiveBuilder()
        let text = b.add(.string("a title"))
        let list = b.object("NSArray", [("NS.objects", .refs([]))])
        var items = (0..<3).map { _ in b.object("Holder", [("title", .ref(text)), ("items", .ref(list))]) }
        items.append(b.object("Holder", [("title", .ref(titleOfLast)), ("items", .ref(list))]))
        b.top = [("root", .ref(b.object("NSArray", [("NS.objects", .refs(items))])))]
        return b.buildBinary()
    }

    @Test func aSlotHoldsTheKindItHoldsElsewhere() {
        let usual = Self.verdict(Self.holders(titleOfLast: 1))
        let odd = Self.verdict(Self.holders(titleOfLast: 3))
        #expect(usual.slotMismatches == 0)
        #expect(odd.slotMismatches == 1)
        #expect(usual.fitsWriterBetter(than: odd))
    }

    @Test func aPlainPlistHasNoWriterMeasures() {
        // An array whose elements are numbered in descending order: no writer's order to break.
        var builder = BinaryPlistBuilder()
        let strings = (0..<4).map { builder.add(.string("s\($0)")) }
        builder.topObject = builder.add(.array(strings.reversed()))
        let v = Self.verdict(builder.build().bytes)
        #expect(v.listDescents == 0 && v.slotMismatches == 0 && v.keyMismatches == 0)
    }
}

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
@testable import ArchiveSources
@testable import ArchiveCore
@testable import ArchiveRecovery

/// Repair before salvage (issue 28 item 5): each reversible mechanism undone on a damaged copy of a
/// fixture built in code, with the bytes it changed counted, and nothing done to a clean file.
struct ArchiveRepairTests {
    /// A keyed archive of a few hundred objects whose offsets, references and UIDs take every low
    /// byte value (0x0A and 0x0D among them) and whose values hold bytes of 0x80 and more.
    static let original: [UInt8] = {
        var b = KeyedArchiveBuilder()
        var people: [Int] = []
        for i in 0..<90 {
            people.append(b.object("Person", [
                ("name", .string("person \(i)")),
                ("age", .int(Int64(i * 37 % 200))),
                ("photo", .data([0x89, 0xC8, UInt8(i), 0xFF, 0x00, 0x7F, 0x80 | UInt8(i % 64)])),
            ]))
        }
        let array = b.object("NSArray", [("NS.objects", .refs(people))])
        b.top = [("root", .ref(array))]
        return b.buildBinary()
    }()

    static func problems(_ bytes: [UInt8]) -> Int {
        ArchiveRepair.problems(DocumentCheck.fullCheck(of: ArchiveDocument.open(InputBytes(bytes), name: "f").graph))
    }

    static func bytes(_ input: InputBytes) -> [UInt8] { Array(input.buffer.bindMemory(to: UInt8.self)) }

    @Test func aCleanFileIsLeftAlone() {
        let result = ArchiveRepair.repair(InputBytes(Self.original))
        #expect(result.steps.isEmpty)
        #expect(Self.bytes(result.bytes) == Self.original)
        #expect(Self.problems(Self.original) == 0)
    }

    /// A file whose only problem is a warning of another kind (an unknown `$archiver`), holding LF
    /// bytes: nothing says its line endings were touched, so no search runs and the repair says
    /// nothing about line endings (before, it searched and reported "could not be undone").
    @Test func aWarningOfAnotherKindStartsNoLineEndingSearch() throws {
        var b = KeyedArchiveBuilder()
        b.archiver = "MyArchiver"
        var items: [Int] = []
        for i in 0..<40 { items.append(b.object("Item", [("n", .int(Int64(i))), ("s", .string("line \(i)\n"))])) }
        b.top = [("root", .ref(b.object("NSArray", [("NS.objects", .refs(items))])))]
        let bytes = b.buildBinary()
        #expect(bytes.contains(0x0A))
        let diagnostics = DocumentCheck.fullCheck(of: ArchiveDocument.open(InputBytes(bytes), name: "f").graph)
        #expect(diagnostics.contains { $0.id == "keyed.archiver.unknown" })
        #expect(!diagnostics.contains { $0.severity == .error })
        let result = ArchiveRepair.repair(InputBytes(bytes))
        #expect(result.steps.isEmpty)
        #expect(result.notUndone.isEmpty)
        #expect(Self.bytes(result.bytes) == bytes)
    }

    @Test func crTurnedIntoLFIsSearchedBack() throws {
        let crs = Self.original.filter { $0 == 0x0D }.count
        #expect(crs >= 5)
        let damaged = Self.original.map { $0 == 0x0D ? 0x0A : $0 }
        #expect(Self.problems(damaged) > 0)
        let result = ArchiveRepair.repair(InputBytes(damaged))
        let step = try #require(result.steps.first)
        #expect(step.mechanism == .crToLF)
        let repaired = Self.bytes(result.bytes)
        #expect(Self.problems(repaired) == 0)
        #expect(step.bytesChanged == zip(repaired, damaged).filter { $0 != $1 }.count)
        #expect(step.bytesChanged > 0 && step.bytesChanged <= crs)
        // The objects all come back, with their classes.
        let document = ArchiveDocument.open(result.bytes, name: "repaired")
        let before = ArchiveDocument.open(InputBytes(Self.original), name: "original")
        #expect(document.graph.objectCount == before.graph.objectCount)
        #expect((0..<before.graph.objectCount).allSatisfy { document.graph.object($0).className == before.graph.object($0).className })
    }

    @Test func crlfTurnedIntoLFIsSearchedBack() throws {
        // Strings and data holding CR LF pairs, as the damage-signature fixture has them.
        let original = DamageSignatureTests.original
        var damaged: [UInt8] = []
        for (i, byte) in original.enumerated() where !(byte == 0x0D && i + 1 < original.count && original[i + 1] == 0x0A) {
            damaged.append(byte)
        }
        let lost = original.count - damaged.count
        #expect(lost >= 90)
        let result = ArchiveRepair.repair(InputBytes(damaged))
        let step = try #require(result.steps.first)
        #expect(step.mechanism == .crlfToLF)
        #expect(step.bytesChanged == lost)
        #expect(step.sizeAfter == original.count)
        #expect(Self.problems(Self.bytes(result.bytes)) == 0)
        #expect(Self.bytes(result.bytes) == original)
    }

    /// A file of LF bytes with a trailer that fits it: every field reads several ways, and the search
    /// ends within its budgets instead of trying them all.
    @Test func aFileOfLFBytesStaysWithinTheSearchBudget() {
        let count = 4_000, size = 8 + 30_000 + count + 32
        var bytes = Array("bplist00".utf8) + [UInt8](repeating: 0x0A, count: size - 8 - 32)
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + Self.bigEndian(UInt64(count)) + Self.bigEndian(0) + Self.bigEndian(UInt64(size - 32 - count))
        var search = CRToLFRepair(bytes, context: .archives(budget: 20))
        _ = search.runStructure()
        #expect(search.tried <= CRToLFRepair.structureBudget + 70_000)
        var pairs = CRLFToLFRepair(bytes)
        #expect(pairs.run(budget: 1_000) == nil)
        #expect(pairs.tried <= 1_000 + 4_096 * 13)
    }

    static func bigEndian(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * (7 - $0))) } }

    @Test func aLatin1ReencodingIsReversedExactly() throws {
        var damaged: [UInt8] = []
        for byte in Self.original {
            if byte < 0x80 { damaged.append(byte) } else { damaged += [0xC0 | byte >> 6, 0x80 | byte & 0x3F] }
        }
        let pairs = damaged.count - Self.original.count
        let result = ArchiveRepair.repair(InputBytes(damaged))
        let step = try #require(result.steps.first)
        #expect(step.mechanism == .latin1)
        #expect(step.bytesChanged == pairs)
        #expect(step.sizeBefore == damaged.count && step.sizeAfter == Self.original.count)
        #expect(Self.bytes(result.bytes) == Self.original)
    }

    @Test func aWrapperIsTakenOff() throws {
        let base64 = Array(Base64Fixture.encode(Self.original).utf8)
        let result = ArchiveRepair.repair(InputBytes(base64))
        let step = try #require(result.steps.first)
        #expect(step.mechanism == .wrapper)
        #expect(step.sizeBefore == base64.count && step.sizeAfter == Self.original.count)
        #expect(Self.bytes(result.bytes) == Self.original)
    }
}

/// Standard base64 (RFC 4648) for the wrapper fixture.
enum Base64Fixture {
    static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out = ""
        var i = 0
        while i < bytes.count {
            let chunk = Array(bytes[i..<min(i + 3, bytes.count)])
            let n = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for j in 0..<4 { out.append(j <= chunk.count ? alphabet[(n >> (18 - 6 * j)) & 63] : "=") }
            i += 3
        }
        return out
    }
}

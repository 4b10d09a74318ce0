import Testing
@testable import ArchiveModel
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchiveSources

/// An embedded archive's problems are the file's problems too: mapped to the object holding the data,
/// at the file offsets of the bytes they are about.
@Suite struct EmbeddedCheckTests {
    /// A keyed archive whose root holds the damaged demo as a data object (`payload`) and the clean
    /// demo inline in a typedstream-free way: as a second data object (`clean`).
    static func outer(payload: [UInt8] = DemoArchive.bytes(corrupt: true)) -> [UInt8] {
        var a = KeyedArchiveBuilder()
        let damaged = a.add(.data(payload))
        let clean = a.add(.data(DemoArchive.bytes()))
        let root = a.object("Holder", [("payload", .ref(damaged)), ("clean", .ref(clean))])
        a.top = [("root", .ref(root))]
        return a.buildBinary()
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    @Test func theEmbeddedArchivesProblemsAreMappedToTheFile() throws {
        let bytes = Self.outer()
        let outer = ArchiveDocument.open(InputBytes(bytes), name: "outer")
        let own = outer.graph.fullCheck()
        #expect(!own.contains { $0.severity >= .warning }, "\(own)")
        let inner = ArchiveDocument.open(InputBytes(DemoArchive.bytes(corrupt: true)), name: "inner").graph.fullCheck()
            .filter { $0.severity >= .warning }
        let mapped = EmbeddedCheck.diagnostics(in: outer.graph)
        #expect(mapped.count == inner.count)
        let base = try #require(Self.find(DemoArchive.bytes(corrupt: true), in: bytes))
        let dangling = try #require(inner.first { $0.id == "keyed.ref.dangling" })
        let same = try #require(mapped.first { $0.id == "keyed.ref.dangling" })
        #expect(same.severity == dangling.severity)
        #expect(same.range == dangling.range.map { ByteRange(base + $0.start, base + $0.end) })
        #expect(same.message.hasPrefix("in the bplist00 embedded in object #"), "\(same.message)")
        #expect(same.message.hasSuffix(dangling.message))
        // The holder is the data object, which the outer graph can show.
        let holder = try #require(same.object)
        if case .data(let d)? = outer.graph.object(holder).value { #expect(d == DemoArchive.bytes(corrupt: true)) } else { Issue.record("holder is not the data") }
        #expect(EmbeddedCheck.fullCheck(of: outer.graph).count == own.count + mapped.count)
    }

    @Test func contentListedByManyObjectsIsCheckedOnce() {
        // Objects 1, 2 and 3 share one offset: one data object listed three times by the offset table.
        let payload = DemoArchive.bytes(corrupt: true)
        var bytes = Array("bplist00".utf8) + [0xA3, 1, 2, 3]
        bytes += [0x4F, 0x11, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)] + payload
        let table = bytes.count
        bytes += [8, 12, 12, 12] + [UInt8](repeating: 0, count: 6) + [1, 1]
        bytes += be64(4) + be64(0) + be64(UInt64(table))
        let doc = ArchiveDocument.open(InputBytes(bytes), name: "repeated")
        let inner = ArchiveDocument.open(InputBytes(payload), name: "inner").graph.fullCheck().filter { $0.severity >= .warning }
        let mapped = EmbeddedCheck.diagnostics(in: doc.graph)
        #expect(!inner.isEmpty)
        #expect(mapped.count == inner.count, "\(mapped.count) for \(inner.count)")
    }

    @Test func aQuickPassTellsFilesThatEmbedNothing() {
        #expect(!EmbeddedArchives.mayHoldArchives(InputBytes(DemoArchive.bytes()), container: .binaryPlist))
        #expect(EmbeddedArchives.mayHoldArchives(InputBytes(Self.outer()), container: .binaryPlist))
        let base64 = "<plist><data>YnBsaXN0MDDUAQIDBAUGBwpYJHZlcnNpb24=</data></plist>"
        #expect(EmbeddedArchives.mayHoldArchives(InputBytes(Array(base64.utf8)), container: .xmlPlist))
        // An XML plist's own markup is not an embedded archive.
        let plain = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>"
        #expect(!EmbeddedArchives.mayHoldArchives(InputBytes(Array(plain.utf8)), container: .xmlPlist))
        #expect(EmbeddedArchives.mayHoldArchives(InputBytes(Array("{ a = <62706c69 73743030>; }".utf8)), container: .openStepPlist))
        // Nothing past the first byte: the file's own header does not count.
        #expect(!EmbeddedArchives.mayHoldArchives(InputBytes(Array("bplist00".utf8)), container: .binaryPlist))
    }

    @Test func theBudgetIsFourTimesTheInputPlus64MiB() {
        #expect(EmbeddedCheck.byteBudget(for: InputBytes([UInt8](repeating: 0, count: 10))) == 40 + (64 << 20))
    }

    private func be64(_ v: UInt64) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }

    @Test func aCleanEmbeddedArchiveAddsNothing() {
        let doc = ArchiveDocument.open(InputBytes(Self.outer(payload: DemoArchive.bytes())), name: "outer")
        // The clean demo has notes of its own; they stay with it.
        #expect(EmbeddedCheck.diagnostics(in: doc.graph).isEmpty)
    }
}

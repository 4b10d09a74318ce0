import Testing
@testable import ArchiveModel
@testable import Typedstream
@testable import IB3XML
@testable import ArchivePresentation

/// A keyed archive cut 1–31 bytes short (inside its trailer) still opens as the keyed archive it is,
/// with every object, and says it is truncated (issue 25, bug 3: a 1-byte cut used to trust the
/// shifted trailer's sizes and recover a handful of objects with garbage references).
@Suite struct BinaryPlistCutTrailerTests {
    /// Enough objects that offsets pass 255, so the table's entries are 2 bytes wide.
    static let archive: [UInt8] = {
        var a = KeyedArchiveBuilder()
        var items: [KeyedArchiveBuilder.Value] = []
        for i in 0..<40 {
            let name = a.add(.string("item number \(i)"))
            items.append(.ref(a.object("Item", [("name", .ref(name)), ("n", .int(Int64(i)))])))
        }
        a.top = [("root", .ref(a.object("Root", [("first", items[0]), ("last", items[39])])))]
        return a.buildBinary()
    }()

    @Test func originalIsWholeAndWide() throws {
        let doc = ArchiveDocument.open(InputBytes(Self.archive), name: "whole")
        #expect(doc.graph is KeyedArchiveGraph)
        #expect(!DocumentCheck.fullCheck(of: doc.graph).contains { $0.severity == .error })
        #expect(Self.archive[Self.archive.count - 26] == 2, "offset entries are 2 bytes wide")
    }

    @Test(arguments: [1, 2, 5, 6, 7, 8, 9, 16, 17, 24, 25, 31])
    func cutInsideTheTrailer(cut: Int) throws {
        let whole = ArchiveDocument.open(InputBytes(Self.archive), name: "whole").graph
        let bytes = Array(Self.archive.dropLast(cut))
        let doc = ArchiveDocument.open(InputBytes(bytes), name: "cut")
        #expect(doc.graph is KeyedArchiveGraph, "cut \(cut): still a keyed archive")
        #expect(doc.graph.objectCount == whole.objectCount, "cut \(cut): every object")
        let diagnostics = DocumentCheck.fullCheck(of: doc.graph)
        let trailer = try #require(diagnostics.first { $0.id == "bplist.trailer.cut" }, "cut \(cut): \(diagnostics.map(\.id))")
        #expect(trailer.message.contains("\(cut) byte"))
        #expect(trailer.range == ByteRange(Self.archive.count - 32, bytes.count))
        #expect(diagnostics.first?.id == DamageCode.truncated.rawValue, "cut \(cut): the cause comes first")
        // Nothing else is wrong: the objects and references read as in the whole file.
        let others = diagnostics.filter { $0.severity == .error && !["bplist.trailer.cut", DamageCode.truncated.rawValue].contains($0.id) }
        #expect(others.isEmpty, "cut \(cut): \(others)")
    }

    /// A file of zeros after a bplist header is scanned only as far as the zero run, not byte by byte.
    @Test func scanStopsAtZeroRun() throws {
        var bytes = Array("bplist00".utf8) + [0x51, 0x61]
        bytes += [UInt8](repeating: 0, count: 100_000)
        let doc = ArchiveDocument.open(InputBytes(bytes), name: "zeros")
        #expect(doc.graph.objectCount < 20)
    }
}

/// One damaged trailer field beside a whole table: the field is named and the file reads in full
/// (found by the locate-rate measurement: a changed table-offset byte was reported at the count field).
@Suite struct BinaryPlistTrailerRepairTests {
    static let archive = BinaryPlistCutTrailerTests.archive

    @Test func aDamagedTableOffsetIsNamedAndTheTableRead() throws {
        var bytes = Self.archive
        bytes[bytes.count - 1] ^= 0x40
        let doc = ArchiveDocument.open(InputBytes(bytes), name: "t")
        #expect(doc.graph is KeyedArchiveGraph)
        let diagnostics = DocumentCheck.fullCheck(of: doc.graph)
        let d = try #require(diagnostics.first { $0.id == "bplist.trailer.field-damaged" })
        #expect(d.range == ByteRange(bytes.count - 8, bytes.count))
        #expect(d.message.contains("offset-table offset"))
        #expect(!diagnostics.contains { $0.severity == .error && $0.id != d.id }, "\(diagnostics)")
    }

    @Test func aDamagedObjectCountIsNamedAndTheTableRead() throws {
        var bytes = Self.archive
        bytes[bytes.count - 17] ^= 0x01
        let doc = ArchiveDocument.open(InputBytes(bytes), name: "n")
        let whole = ArchiveDocument.open(InputBytes(Self.archive), name: "whole").graph
        #expect(doc.graph.objectCount == whole.objectCount)
        let d = try #require(DocumentCheck.fullCheck(of: doc.graph).first { $0.id == "bplist.trailer.field-damaged" })
        #expect(d.range == ByteRange(bytes.count - 24, bytes.count - 16))
        #expect(d.message.contains("object count"))
    }

    /// Bytes lost from the middle leave a whole table whose last object does not end at it: that is
    /// not a damaged field (damage.truncated says what it is).
    @Test func bytesMissingFromTheMiddleAreNotAFieldRepair() {
        var bytes = Self.archive
        bytes.removeSubrange(100..<103)
        let diagnostics = DocumentCheck.fullCheck(of: ArchiveDocument.open(InputBytes(bytes), name: "m").graph)
        #expect(!diagnostics.contains { $0.id == "bplist.trailer.field-damaged" })
    }
}

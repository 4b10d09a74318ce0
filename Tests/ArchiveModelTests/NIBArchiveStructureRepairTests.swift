import Foundation
import FuzzSupport
import Testing
@testable import ArchiveModel
@testable import Typedstream
@testable import NIBArchive
import TestSupport

/// CR → LF in a NIBArchive: the object table's running sum of values and the value table's types
/// decide their own bytes (`NIBArchiveStructureRepair`), so the check only settles the references.
@Suite struct NIBArchiveStructureRepairTests {
    /// An NSArray of 150 NSNumbers, as ibtool writes it: values back to back in object order, so object
    /// 117's first value is 266 (varint 0A 82, a real 0x0A) and object 120's is 269 (0D 82, which the
    /// transfer turns into 0A 82). The array refers to objects 10 and 13 (0A 00 00 00 and 0D 00 00 00).
    static let built: (bytes: [UInt8], objectTable: Int) = {
        var nib = NIBArchiveBuilder()
        nib.object("NSArray", (1...150).map { ("UINibEncoderEmptyKey", .object(UInt32($0))) })
        for i in 1...150 { nib.object("NSNumber", [("NS.intval", .int8(Int8(i % 7)))]) }
        return (nib.build().bytes, NIBArchiveLayout.headerSize)
    }()

    /// The offset of object `i`'s first-value varint (each earlier object's three varints counted).
    static func firstValueOffset(of i: Int, in bytes: [UInt8]) -> Int {
        var at = built.objectTable
        for _ in 0..<(3 * i + 1) {
            while bytes[at] & 0x80 == 0 { at += 1 }
            at += 1
        }
        return at
    }

    @Test func theRunningSumDecidesEachObjectsFirstValue() throws {
        let original = Self.built.bytes
        try #require(!original[18..<50].contains(0x0D) && !original[18..<50].contains(0x0A), "the header holds no line-ending byte")
        let (lf, cr) = (Self.firstValueOffset(of: 117, in: original), Self.firstValueOffset(of: 120, in: original))
        #expect(Array(original[lf..<lf + 2]) == [0x0A, 0x82])
        #expect(Array(original[cr..<cr + 2]) == [0x0D, 0x82])
        let damaged = LineEndingConversion.crToLF.apply(original)
        let tables = try #require(NIBArchiveStructureRepair(damaged))
        #expect(tables.chosen.contains(cr))
        #expect(!tables.chosen.contains(lf))
        #expect(tables.decided.isSuperset(of: [lf, cr]))
    }

    @Test func theRepairGivesTheOriginalBack() {
        let original = Self.built.bytes
        let damaged = LineEndingConversion.crToLF.apply(original)
        let before = DocumentCheck.fullCheck(of: ArchiveDocument.open(InputBytes(damaged), name: "").graph)
        #expect(before.contains { $0.severity == .warning })
        let result = ArchiveRepair.repair(InputBytes(damaged))
        #expect([UInt8](result.bytes.buffer.bindMemory(to: UInt8.self)) == original)
    }

    @Test func aFileWithoutLineEndingBytesInItsTablesDecidesNothing() throws {
        var nib = NIBArchiveBuilder()
        nib.object("NSNumber", [("NS.intval", .int8(1))])
        let tables = try #require(NIBArchiveStructureRepair(nib.build().bytes))
        #expect(tables.chosen.isEmpty)
        #expect(tables.decided.isEmpty)
    }
}

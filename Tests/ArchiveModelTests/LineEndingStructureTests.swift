import Foundation
import FuzzSupport
import Testing
@testable import ArchiveModel
@testable import BinaryPlist
@testable import NIBArchive
import TestSupport

/// Each format's line-ending structure comes from its descriptor (`FormatDescriptor.lineEndingStructure`),
/// which the repair asks through the registry: what a format's numbers decide lives in its own target.
@Suite struct LineEndingStructureTests {
    static func structure(_ format: ContainerFormat, _ damaged: [UInt8], _ conversion: LineEndingConversion = .crToLF) throws
        -> LineEndingStructure? {
        let descriptor = try #require(FormatRegistry.descriptor(for: format))
        return descriptor.lineEndingStructure(of: damaged, as: format, undoing: conversion, context: .archives(budget: 100))
    }

    /// The offsets where `original` holds a CR: what a CR → LF copy's repair must choose.
    static func crs(_ original: [UInt8]) -> Set<Int> { Set(original.indices.filter { original[$0] == 0x0D }) }

    @Test func aBinaryPlistsNumbersDecideItsCRsThroughItsDescriptor() throws {
        let original = CFWriterOrderTests.original
        let damaged = LineEndingConversion.crToLF.apply(original)
        let found = try #require(try Self.structure(.binaryPlist, damaged))
        #expect(!found.chosen.isEmpty)
        #expect(Set(found.chosen).isSubset(of: Self.crs(original)), "a site chosen where the original had no CR")
        #expect(found.settledFrom != nil, "the offset table and trailer are settled")
    }

    @Test func aNIBArchivesTablesDecideTheirCRsThroughItsDescriptor() throws {
        let original = NIBArchiveStructureRepairTests.built.bytes
        let damaged = LineEndingConversion.crToLF.apply(original)
        let found = try #require(try Self.structure(.nibArchive, damaged))
        #expect(!found.chosen.isEmpty)
        #expect(Set(found.chosen).isSubset(of: Self.crs(original)), "a site chosen where the original had no CR")
        let open = try #require(found.open, "the tables' arithmetic leaves only some sites open")
        #expect(open.count < LineEndingConversion.sites(in: damaged).count)
    }

    /// A NIBArchive whose tables account for every byte cannot be CR LF → LF's output (it takes bytes out).
    @Test func aWholeNIBArchiveRulesOutCRLFToLF() throws {
        #expect(try Self.structure(.nibArchive, NIBArchiveStructureRepairTests.built.bytes, .crlfToLF) == nil)
    }

    /// A binary plist whose trailer fits no reading is not searched at all.
    @Test func aBinaryPlistWhoseTrailerFitsNothingIsRuledOut() throws {
        var bytes = LineEndingConversion.crToLF.apply(CFWriterOrderTests.original)
        bytes[bytes.count - 1] = 0x0A      // the table offset now points past the file under every reading
        bytes[bytes.count - 9] = 0x0A
        #expect(try Self.structure(.binaryPlist, bytes) == nil)
    }

    /// A typedstream is read front to back: nothing decides a site before the check, so every LF is open.
    @Test func aTypedstreamLeavesEverySiteOpen() throws {
        let damaged = LineEndingConversion.crToLF.apply(LineEndingRepairTests.typedstream)
        #expect(damaged != LineEndingRepairTests.typedstream)
        let found = try #require(try Self.structure(FormatDetector.detect(InputBytes(damaged)), damaged))
        #expect(found.chosen.isEmpty)
        #expect(found.open == nil)
    }

    /// Whether a data value holds an archive comes from the document layer, above the binary plist
    /// target: with it, the LF bytes of a binary plist inside a data value are searched (open), as the
    /// embedded check judges them; without it they are a value's bytes, which nothing decides.
    @Test func aDataValueHoldingAnArchiveIsSearchedThroughTheContext() throws {
        let inner = Array("bplist00".utf8) + [UInt8](repeating: 0x0A, count: 6)
        let outer = CFWriterOrderTests.bplist([[0xA1, 1], [0x40 | UInt8(inner.count)] + inner])
        let lfs = Set((outer.indices).filter { outer[$0] == 0x0A && $0 < outer.count - 34 })
        try #require(lfs.count == 6)
        var searched = CRToLFRepair(outer, context: .archives(budget: 100))
        let searchedRan = searched.runStructure()
        #expect(searchedRan)
        #expect(searched.openLFs.isSuperset(of: lfs))
        #expect(Set(searched.valueSites).isDisjoint(with: lfs))
        var blind = CRToLFRepair(outer, context: LineEndingContext(budget: 100))
        let blindRan = blind.runStructure()
        #expect(blindRan)
        #expect(blind.openLFs.isDisjoint(with: lfs))
        #expect(Set(blind.valueSites).isSuperset(of: lfs))
    }

    /// `damage.line-endings` evidence only a binary plist's trailer gives: CR LF pairs lost leave the file
    /// shorter than the trailer says. The descriptor tells it; a typedstream's has no such numbers.
    @Test func aBinaryPlistShorterThanItsTrailerShowsLostPairsThroughItsDescriptor() throws {
        let original = CFWriterOrderTests.bplist([[0xA2, 1, 2], CFWriterOrderTests.string("a\r\nb"), CFWriterOrderTests.string("c")])
        let damaged = LineEndingConversion.crlfToLF.apply(original)
        try #require(damaged.count == original.count - 1)
        let descriptor = try #require(FormatRegistry.descriptor(for: .binaryPlist))
        let signs = descriptor.lineEndingSigns(of: InputBytes(damaged), lfCount: 1, crCount: 0)
        #expect(signs.pairsLost?.id == DamageCode.lineEndings.rawValue)
        #expect(signs.isShorterThanItsNumbers)
        let whole = descriptor.lineEndingSigns(of: InputBytes(original), lfCount: 1, crCount: 1)
        #expect(whole.pairsLost == nil)
        #expect(!whole.isShorterThanItsNumbers)
        let stream = LineEndingConversion.crlfToLF.apply(LineEndingRepairTests.typedstream)
        let typedstream = try #require(FormatRegistry.descriptor(for: FormatDetector.detect(InputBytes(stream))))
        #expect(typedstream.lineEndingSigns(of: InputBytes(stream), lfCount: 9, crCount: 0).pairsLost == nil)
    }
}

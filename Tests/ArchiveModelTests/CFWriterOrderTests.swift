import Foundation
import Testing
@testable import ArchiveModel
@testable import BinaryPlist
@testable import ArchiveDocuments
import TestSupport

/// CF's writer numbering rule (`CRToLFRepair.cfWriterOrder`): a boolean, null or UID met again takes
/// a number of its own and is left behind as an unreferenced copy. Knowing that, the walk decides a
/// reference the looser order reads as an object met before.
@Suite struct CFWriterOrderTests {
    /// A binary plist with one-byte offsets and references, from its objects' bytes (object 0 the top).
    static func bplist(_ objects: [[UInt8]]) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let table = bytes.count
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        bytes += [UInt8](repeating: 0, count: 7) + [UInt8(objects.count)]
        bytes += [UInt8](repeating: 0, count: 8)
        bytes += [UInt8](repeating: 0, count: 7) + [UInt8(table)]
        return bytes
    }

    /// An ASCII string object.
    static func string(_ text: String) -> [UInt8] { [0x50 | UInt8(text.utf8.count)] + Array(text.utf8) }

    /// `[true, "b" … "k", true, "z"]` as CF writes it: `true` met again leaves its copy as object 12,
    /// so "z" is object 13, whose reference (0x0D) a text-mode transfer made 0x0A: object 10, a string
    /// met before. Only the numbering rule says it was 13.
    static let original: [UInt8] = {
        let refs: [UInt8] = Array(1...11) + [1, 13]
        let top = [0xA0 | UInt8(refs.count)] + refs
        let strings = "bcdefghijk".map { string(String($0)) }
        return bplist([top, [0x09]] + strings + [[0x09], string("z")])
    }()

    @Test func aBooleanMetAgainUsesUpItsCopyAndDecidesTheNextReference() throws {
        let damaged = LineEndingConversion.crToLF.apply(Self.original)
        #expect(damaged != Self.original)
        var repair = CRToLFRepair(damaged, context: .archives(budget: 100))
        let ran = repair.runStructure()
        #expect(ran)
        #expect(repair.bytes == Self.original)
        // Object 10 still fits the reference: it stays open for the check to judge.
        let last = try #require(Self.original.firstIndex(of: 0x0D))
        #expect(repair.openSites.contains { $0.range.contains(last) })
    }

    @Test func theRepairGivesTheOriginalBack() {
        let damaged = LineEndingConversion.crToLF.apply(Self.original)
        let result = ArchiveRepair.repair(InputBytes(damaged))
        #expect([UInt8](result.bytes.buffer.bindMemory(to: UInt8.self)) == Self.original)
    }

    /// A dictionary holds each key once: `{"s10": …, "s13": …}` after strings s1…s13, whose second key
    /// (13, a string met before) became 10, which also names a string met before. Both fit CF's rule; only
    /// the first key tells them apart.
    @Test func aDictionaryKeyIsNotReadAsAnEarlierKeyOfTheSameDictionary() {
        let strings = (1...13).map { Self.string("s\($0)") }
        let top: [UInt8] = [0xAE] + Array(1...14)
        let dictionary: [UInt8] = [0xD2, 10, 13, 15, 16]
        let original = Self.bplist([top] + strings + [dictionary, Self.string("x"), Self.string("y")])
        let damaged = LineEndingConversion.crToLF.apply(original)
        var repair = CRToLFRepair(damaged, context: .archives(budget: 100))
        let ran = repair.runStructure()
        #expect(ran)
        #expect(repair.bytes == original)
    }

    /// A file another writer numbered (a reference further on with no copy between) does not follow
    /// the rule: the walk gives up, and the looser order reads it.
    @Test func aFileThatBreaksTheRuleIsLeftToTheLooserOrder() throws {
        let strings = "bcd".map { Self.string(String($0)) }
        let bytes = Self.bplist([[0xA3, 1, 3, 2]] + strings)
        let trailer = CRToLFRepair.Trailer(offsetSize: 1, refSize: 1, count: 4, top: 0, table: bytes.count - 36)
        let offsets = (0..<4).map { Int(bytes[bytes.count - 36 + $0]) }
        let repair = CRToLFRepair(bytes, context: .archives(budget: 100))
        let strict = repair.cfWriterOrder(trailer, offsets: offsets), loose = repair.flattenOrder(trailer, offsets: offsets)
        #expect(strict == nil)
        #expect(loose != nil)
    }

    /// Issue 42: CR → LF on flycut's MainMenu nib (1,291 LF bytes, 2,739 copies left by CF's writer) was
    /// given back by no search; the numbering rule now reads its references with no error before any
    /// judgement, and each copy's bytes as its original's.
    @Test(.needsCorpus) func flycutsNibReadsWithoutErrorFromItsStructureAlone() throws {
        let path = try #require(Corpus.path("keyed-binary/flycut__MainMenu.nib__keyedobjects.nib"))
        let original = try #require(FileManager.default.contents(atPath: path).map { [UInt8]($0) })
        var repair = CRToLFRepair(LineEndingConversion.crToLF.apply(original), context: .archives(budget: 100))
        let ran = repair.runStructure()
        #expect(ran)
        #expect(repair.copyLinks.count > 0)
        let diagnostics = DocumentCheck.fullCheck(of: ArchiveDocument.open(InputBytes(repair.bytes), name: path).graph)
        #expect(!diagnostics.contains { $0.severity != .note }, "\(diagnostics.filter { $0.severity != .note }.prefix(3).map(\.message))")
        for link in repair.copyLinks { #expect(repair.bytes[link.copy] == repair.bytes[link.original]) }
    }
}

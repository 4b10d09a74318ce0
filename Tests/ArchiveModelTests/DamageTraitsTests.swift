import Testing
@testable import ArchiveModel
import TestSupport

/// What the damage analysis asks of each format through its descriptor (`damageTraits`, `numbersFit`).
@Suite struct DamageTraitsTests {
    /// Every id a format lists (read from no bytes, what zeros read as) is one of its own catalog's: a
    /// renamed code would otherwise change what zero-fill evidence takes without a word.
    @Test func idsNotReadFromBytesAreInTheFormatsCatalog() {
        var listed = 0
        for descriptor in FormatRegistry.descriptors {
            for sample in FormatRegistryTests.samples[FormatRegistryTests.name(descriptor)] ?? [] {
                let format = FormatDetector.detect(InputBytes(sample))
                let ids = Set(descriptor.catalog.map(\.id))
                let traits = descriptor.damageTraits(of: format)
                for id in traits.notReadFromBytes.union(traits.zerosReadAs) {
                    listed += 1
                    #expect(ids.contains(id), "\(FormatRegistryTests.name(descriptor)): \(id) is not in its catalog")
                }
            }
        }
        #expect(listed > 0)
    }

    /// A binary plist's trailer judges a reading; a typedstream has no such numbers (its check judges).
    @Test func aBinaryPlistsTrailerJudgesAReading() throws {
        let bytes = DemoArchive.bytes()
        let descriptor = try #require(FormatRegistry.descriptor(for: .binaryPlist))
        guard case .fit(let how) = descriptor.numbersFit(bytes) else { Issue.record("the demo archive's trailer does not fit it"); return }
        #expect(how.contains("offset table at"))
        var shorter = bytes
        shorter.remove(at: 20)      // one byte before the offset table: the trailer no longer fits
        #expect(descriptor.numbersFit(shorter) == .misfit)
        let stream = LineEndingRepairTests.typedstream
        let typedstream = try #require(FormatRegistry.descriptor(for: FormatDetector.detect(InputBytes(stream))))
        #expect(typedstream.numbersFit(stream) == .noNumbers)
    }

    /// Formats read as streams or tables count a problem where it starts; a binary plist's are local.
    @Test func streamsAndTablesCountProblemsWhereTheyStart() throws {
        let stream = LineEndingRepairTests.typedstream
        let formats: [(ContainerFormat, Bool)] = [(FormatDetector.detect(InputBytes(stream)), true), (.nibArchive, true), (.binaryPlist, false)]
        for (format, expected) in formats {
            let descriptor = try #require(FormatRegistry.descriptor(for: format))
            #expect(descriptor.damageTraits(of: format).countsProblemsWhereTheyStart == expected, "\(format)")
        }
    }
}

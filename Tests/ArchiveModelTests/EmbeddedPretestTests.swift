import Foundation
import Testing
@testable import ArchiveModel
@testable import BinaryPlist
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveSources

/// The pretest before the embedded-archive probe (issue 39): built from the registry's clues, it
/// answers most data values at once and never answers differently from the full probe.
@Suite struct EmbeddedPretestTests {
    /// Values the full probe accepts in every way it can: each format's samples and their prefixes,
    /// XML after blanks and a byte-order mark, in UTF-16 and UTF-32, without its first bytes, and a
    /// binary plist known by its trailer alone.
    static func acceptedShapes() -> [[UInt8]] {
        var values = FormatRegistryTests.samples.values.flatMap { $0 }
        values += values.flatMap { sample in (8...Swift.min(sample.count, 80)).map { Array(sample.prefix($0)) } }
        let xml = "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>"
        values += [" \n\t" + xml, "\u{FEFF}" + xml, "version=\"1.0\"?>\n<plist version=\"1.0\"><array/></plist>"].map { Array($0.utf8) }
        for encoding: String.Encoding in [.utf16LittleEndian, .utf16BigEndian, .utf16, .utf32LittleEndian, .utf32BigEndian] {
            values.append(Array(xml.data(using: encoding) ?? Data()))
        }
        var b = BinaryPlistBuilder()
        _ = b.add(.string("a"))
        var headless = b.build().bytes
        for i in 0..<Swift.min(8, headless.count) { headless[i] = 0 }
        values.append(headless)
        return values
    }

    /// Pseudo-random values over the bytes the clues and probes look at, so they often start or
    /// hold a clue: one for each of `count` seeds, 8 to 90 bytes long.
    static func randomValues(count: Int) -> [[UInt8]] {
        let alphabet: [UInt8] = [0x00, 0x01, 0x04, 0x0B, 0x20, 0x0A, 0x3C, 0x3F, 0xFF, 0xFE, 0xEF, 0xBB, 0xBF, 0x80]
            + Array("bplist00bookalisNIBArchivestreamtypedxml".utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        return (0..<count).map { _ in (0..<(8 + next() % 83)).map { _ in alphabet[next() % alphabet.count] } }
    }

    @Test func thePretestNeverChangesTheAnswer() {
        let values = Self.acceptedShapes() + Self.randomValues(count: 20_000)
            + (0...255).flatMap { b in [8, 16, 40, 41, 61, 62, 64, 100].map { [UInt8(b)] + [UInt8](repeating: 0, count: $0 - 1) } }
        var accepted = 0
        for value in values {
            let probed = EmbeddedArchive.probedFormat(of: value)
            #expect(EmbeddedArchive.format(of: value) == probed, "\(value.prefix(16))")
            if probed != nil { accepted += 1 }
        }
        // The comparison means something only if the probe accepted many of them.
        #expect(accepted >= Self.acceptedShapes().count / 2)
    }

    @Test func aValueShowingNoClueIsNotProbed() {
        let pretest = EmbeddedArchive.pretest
        let uuid: [UInt8] = [0x12, 0x9F, 0x33, 0x0A, 0x77, 0xE0, 0x41, 0x5C, 0x8D, 0x02, 0x6B, 0x90, 0xC4, 0x1E, 0x55, 0xA7]
        #expect(!pretest.mayHold(uuid))
        #expect(!pretest.mayHold([UInt8](repeating: 0, count: 40)))
        #expect(!pretest.mayHold([]))
        // A clue anywhere it counts: a signature's first byte first, `<` in the first 64 bytes, or a
        // length from which a structure probe (a binary plist's trailer) may accept anything.
        #expect(pretest.mayHold(Array("bplist00".utf8)))
        #expect(pretest.mayHold([0x20, 0x00, 0x3C, 0x00] + [UInt8](repeating: 0, count: 12)))
        #expect(pretest.mayHold([UInt8](repeating: 0, count: 30) + [0x3C]))
        #expect(!pretest.mayHold([UInt8](repeating: 0x20, count: 31)))
        #expect(pretest.mayHold([UInt8](repeating: 0, count: BinaryPlistTrailer.smallestFit)))
        #expect(!pretest.mayHold([UInt8](repeating: 0, count: BinaryPlistTrailer.smallestFit - 1)))
    }

    @Test func theCluesComeFromTheDescriptors() {
        let clues = FormatRegistry.descriptors.map(\.embeddedClues)
        let firsts = Set(clues.flatMap(\.firstBytes))
        // Every signature that starts data gives its first byte.
        for entry in FormatRegistry.signatures where entry.signature.startsData {
            #expect(firsts.contains(entry.signature.bytes[0]))
        }
        #expect(firsts.contains(UInt8(ascii: "a")))  // bookmark data's `alis`, which is no signature
        #expect(clues.compactMap(\.anyBytesFrom).min() == BinaryPlistTrailer.smallestFit)
        #expect(clues.flatMap(\.markBytes) == [UInt8(ascii: "<")])
    }

    /// The whole-file pass (`EmbeddedArchives.mayHoldArchives`, a bit per pair of bytes) answers as a
    /// plain search for every start at every offset past the first does, in each container's forms.
    @Test func theWholeFilePassFindsWhatASearchAtEveryOffsetFinds() {
        var state: UInt64 = 7
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        for container in [ContainerFormat.binaryPlist, .xmlPlist, .openStepPlist] {
            let starts = EmbeddedArchives.archiveStarts(in: container)
            var found = 0
            for round in 0..<400 {
                var bytes = (0..<(3 + next(60))).map { _ in UInt8(next(4) == 0 ? 0xFF : 0x20 + next(8)) }
                if round % 2 == 0 {
                    // A start (or its first bytes only) at the start, at offset 1, at the end or inside.
                    let start = starts[next(starts.count)].bytes + [0x00, 0x00, 0x04, 0x10, 0x00]
                    let part = Array(start.prefix(round % 4 == 0 ? start.count : 1 + next(start.count)))
                    let at = [0, 1, bytes.count, next(bytes.count)][next(4)]
                    bytes.insert(contentsOf: part, at: at)
                }
                let input = InputBytes(bytes)
                let expected = bytes.indices.dropFirst().contains { offset in
                    starts.contains { input.matches($0.bytes, at: offset) && EmbeddedArchives.confirms($0, at: offset, in: input) }
                }
                if expected { found += 1 }
                #expect(EmbeddedArchives.mayHoldArchives(input, container: container) == expected, "\(container) \(bytes)")
            }
            #expect(found >= 20, "\(container): too few inputs hold a start for the comparison to mean much")
        }
    }
}

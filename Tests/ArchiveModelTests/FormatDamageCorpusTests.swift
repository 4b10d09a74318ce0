import Testing
@testable import ArchiveModel
@testable import BinaryPlist
@testable import XMLPlist
@testable import OpenStepPlist
@testable import KeyedArchive
@testable import Typedstream
@testable import Bookmark
@testable import ArchiveDocuments
@testable import ArchiveSources
import TestSupport

/// Damage named from each format's own arithmetic (issue 42 item 5) on every corpus typedstream and
/// NIBArchive: cut copies are `damage.truncated`, copies with a zeroed aligned block inside are
/// `damage.zero-filled` and never `damage.truncated`, re-encoded copies (U+FFFD replacement, Latin-1
/// read and UTF-8 written) are `damage.reencoded`,
/// and the undamaged files get no `damage.*` at all. Each test prints its naming rate.
@Suite(.needsCorpus) struct FormatDamageCorpusTests {
    static let folders = ["typedstream", "nibarchive"]

    @Test(arguments: folders)
    func truncatedCopiesAreNamed(_ folder: String) throws {
        var tally = DamageTally("\(folder) truncated")
        for (path, bytes) in try FormatDamage.archives(folder) {
            for cut in FormatDamage.cutPoints(bytes.count) {
                let damaged = Array(bytes.prefix(cut))
                let ids = FormatDamage.damageIDs(damaged)
                tally.add(named: ids.contains("damage.truncated"), clean: FormatDamage.isErrorFree(damaged))
                #expect(ids.contains("damage.truncated") || FormatDamage.isErrorFree(damaged), "\(path) cut at \(cut) of \(bytes.count): \(ids)")
                #expect(!ids.contains("damage.zero-filled") || bytes.prefix(cut).suffix(16).allSatisfy { $0 == 0 }, "\(path) cut at \(cut): \(ids)")
            }
        }
        tally.report()
    }

    @Test(arguments: folders)
    func zeroedBlocksAreNamedZeroFilledNotTruncated(_ folder: String) throws {
        var tally = DamageTally("\(folder) zero-filled")
        for (path, bytes) in try FormatDamage.archives(folder) {
            for block in FormatDamage.zeroBlocks(bytes) {
                var damaged = bytes
                for i in block.start..<block.end { damaged[i] = 0 }
                let ids = FormatDamage.damageIDs(damaged)
                let clean = FormatDamage.isErrorFree(damaged)
                tally.add(named: ids.contains("damage.zero-filled"), clean: clean)
                #expect(!ids.contains("damage.truncated"), "\(path) zeroed \(block): \(ids)")
                #expect(ids.contains("damage.zero-filled") || clean, "\(path) zeroed \(block): \(ids)")
            }
        }
        tally.report()
    }

    @Test(arguments: folders)
    func replacementReencodingIsNamed(_ folder: String) throws {
        var tally = DamageTally("\(folder) U+FFFD re-encoded")
        for (path, bytes) in try FormatDamage.archives(folder) {
            let damaged = Array(String(decoding: bytes, as: UTF8.self).utf8)
            guard damaged != bytes else { continue }
            let ids = FormatDamage.damageIDs(damaged)
            tally.add(named: ids.contains("damage.reencoded"), clean: FormatDamage.isErrorFree(damaged))
            #expect(ids.contains("damage.reencoded"), "\(path): \(ids)")
            #expect(!ids.contains("damage.truncated"), "\(path): \(ids)")
        }
        tally.report()
    }

    @Test(arguments: folders)
    func latin1ReencodingIsNamed(_ folder: String) throws {
        var tally = DamageTally("\(folder) Latin-1 to UTF-8 re-encoded")
        for (path, bytes) in try FormatDamage.archives(folder) {
            let damaged = Array(String(decoding: bytes, asLatin1: true).utf8)
            guard damaged != bytes else { continue }
            let ids = FormatDamage.damageIDs(damaged)
            tally.add(named: ids.contains("damage.reencoded"), clean: FormatDamage.isErrorFree(damaged))
            #expect(ids.contains("damage.reencoded"), "\(path): \(ids)")
            #expect(!ids.contains("damage.truncated"), "\(path): \(ids)")
        }
        tally.report()
    }

    @Test(arguments: folders)
    func undamagedFilesGetNoDamage(_ folder: String) throws {
        var checked = 0
        for (path, bytes) in try FormatDamage.archives(folder) {
            checked += 1
            let ids = FormatDamage.damageIDs(bytes)
            #expect(ids.isEmpty, "\(path): \(ids)")
        }
        #expect(checked > 0)
    }
}

/// The damaged copies of the format-damage tests, and how they are judged.
enum FormatDamage {
    /// The typedstreams and NIBArchives of a corpus folder (its XML nibs left out), with their bytes.
    static func archives(_ folder: String) throws -> [(String, [UInt8])] {
        try Corpus.files(folder).compactMap { path in
            let input = try InputBytes.read(path: path)
            switch FormatDetector.detect(input) {
            case .typedstream, .nibArchive: return (path, input.bytes(in: ByteRange(0, input.count)))
            default: return nil
            }
        }
    }

    /// 25, 50, 75 and 90 % of the file, and one byte short (each once).
    static func cutPoints(_ count: Int) -> [Int] {
        var points: [Int] = []
        for cut in [count / 4, count / 2, count * 3 / 4, count * 9 / 10, count - 1] where cut > 0 && !points.contains(cut) {
            points.append(cut)
        }
        return points
    }

    /// Aligned blocks at a quarter, the middle and three quarters of the file, past the header and
    /// before the last byte: 4 KiB, or for a smaller file the largest power of two up to a quarter of
    /// it (at least 16 bytes). Blocks whose bytes are all zero already are left out.
    static func zeroBlocks(_ bytes: [UInt8]) -> [ByteRange] {
        let header = bytes.starts(with: Array("NIBArchive".utf8)) ? 50 : 16
        var size = 4096
        while size > 16, size * 4 > bytes.count { size /= 2 }
        var blocks: [ByteRange] = []
        for place in [bytes.count / 4, bytes.count / 2, bytes.count * 3 / 4] {
            var start = place - place % size
            if start < header { start += size }
            let block = ByteRange(start: start, count: size)
            guard block.end < bytes.count, !blocks.contains(block), !bytes[block.start..<block.end].allSatisfy({ $0 == 0 }) else { continue }
            blocks.append(block)
        }
        return blocks
    }

    static func diagnostics(_ bytes: [UInt8]) -> [Diagnostic] {
        DocumentCheck.fullCheck(of: ArchiveDocument.open(InputBytes(bytes), name: "damaged").graph)
    }

    /// The `damage.*` ids of a full check.
    static func damageIDs(_ bytes: [UInt8]) -> [String] {
        diagnostics(bytes).map(\.id).filter { $0.hasPrefix("damage.") }
    }

    /// Whether the bytes decode with no error (such damage shows in nothing a format checks).
    static func isErrorFree(_ bytes: [UInt8]) -> Bool {
        !ArchiveDocument.open(InputBytes(bytes), name: "damaged").graph.fullCheck().contains { $0.severity == .error }
    }
}

/// How many damaged copies were named, printed as the test's naming rate.
struct DamageTally {
    let label: String
    var total = 0
    var named = 0
    var undetectable = 0

    init(_ label: String) { self.label = label }

    mutating func add(named: Bool, clean: Bool) {
        total += 1
        if named { self.named += 1 } else if clean { undetectable += 1 }
    }

    func report() {
        print("naming rate, \(label): \(named) of \(total) named"
              + (undetectable > 0 ? " (\(undetectable) not named decode with no error)" : ""))
    }
}

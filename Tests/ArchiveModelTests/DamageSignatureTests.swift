import Testing
@testable import ArchiveModel
@testable import ArchiveDocuments
@testable import ArchiveRecovery
import TestSupport

/// Whole-file causes (issue 24 item 4): each signature on a damaged copy of a fixture built in code,
/// named first with its evidence, and never on the valid original.
struct DamageSignatureTests {
    /// The damage tests' keyed archive (`DamageFixture`) with 90 people: a few hundred objects.
    static let original: [UInt8] = DamageFixture.people(90)

    static func check(_ bytes: [UInt8]) -> [Diagnostic] {
        let doc = ArchiveDocument.open(InputBytes(bytes), name: "fixture")
        return DocumentCheck.fullCheck(of: doc.graph)
    }

    static func firstCause(_ bytes: [UInt8]) -> Diagnostic? {
        CheckReportOrder.first(check(bytes))
    }

    @Test func theOriginalIsCleanAndGetsNoSignature() {
        let diagnostics = Self.check(Self.original)
        #expect(!diagnostics.contains { $0.severity == .error })
        #expect(!diagnostics.contains { $0.id.hasPrefix("damage.") })
        #expect(Self.original.contains(0x0D) && Self.original.count > 4000)
    }

    @Test func crBecomingLFIsNamed() throws {
        let damaged = Self.original.map { $0 == 0x0D ? 0x0A : $0 }
        let cause = try #require(Self.firstCause(damaged))
        #expect(cause.id == "damage.line-endings")
        #expect(cause.message.contains("no CR (0x0D) byte"))
        #expect(!cause.notes.isEmpty)
    }

    @Test func crlfBecomingLFIsNamedWithTheBytesLost() throws {
        var damaged: [UInt8] = []
        var lost = 0
        for (i, b) in Self.original.enumerated() {
            if b == 0x0D, i + 1 < Self.original.count, Self.original[i + 1] == 0x0A { lost += 1; continue }
            damaged.append(b)
        }
        #expect(lost >= 90)
        let cause = try #require(Self.firstCause(damaged))
        #expect(cause.id == "damage.line-endings")
        #expect(cause.message.contains("\(lost) bytes shorter than its trailer says"))
        #expect(cause.range == ByteRange(damaged.count - 8, damaged.count))
    }

    @Test(arguments: [1, 7, 20, 31])
    func aCutInTheTrailerSaysHowManyBytes(cut: Int) throws {
        let damaged = Array(Self.original.dropLast(cut))
        let cause = try #require(Self.firstCause(damaged))
        #expect(cause.id == "damage.truncated")
        #expect(cause.message.hasPrefix("the file is cut \(cut == 1 ? "1 byte" : "\(cut) bytes") short"), "\(cause.message)")
        #expect(cause.range == ByteRange(Self.original.count - 32, damaged.count))
    }

    @Test func aCutInTheOffsetTableCountsTheMissingEntries() throws {
        let tail = BinaryPlistTail(input: InputBytes(Self.original))
        let fields = try #require(tail.fittingTrailer)
        let keep = fields.tableOffset + 10 * fields.offsetSize
        let cause = try #require(Self.firstCause(Array(Self.original.prefix(keep))))
        #expect(cause.id == "damage.truncated")
        let missing = (fields.count - 10) * fields.offsetSize + 32
        #expect(cause.message.contains("only 10 of the \(fields.count) table entries"), "\(cause.message)")
        #expect(cause.message.contains("\(missing) bytes are missing"))
    }

    @Test func aCutInTheObjectsNamesTheLastObject() throws {
        let damaged = Array(Self.original.prefix(Self.original.count * 2 / 3))
        let cause = try #require(Self.firstCause(damaged))
        #expect(cause.id == "damage.truncated")
        #expect(cause.message.hasPrefix("the file ends inside its objects"), "\(cause.message)")
        #expect(cause.range == ByteRange(damaged.count, damaged.count))
    }

    @Test func aTinyCutFile() throws {
        let cause = try #require(Self.firstCause(Array(Self.original.prefix(20))))
        #expect(cause.id == "damage.truncated")
        #expect(cause.message.contains("at least 21 bytes are missing"))
    }

    @Test func aZeroedPageIsNamedWithItsRange() throws {
        var damaged = Self.original
        for i in 2048..<4096 { damaged[i] = 0 }
        let cause = try #require(Self.firstCause(damaged))
        #expect(cause.id == "damage.zero-filled")
        #expect(cause.range.map { $0.start <= 2048 && $0.end >= 4096 } == true)
        #expect(cause.message.contains("512-byte sectors"))
    }

    /// Zeroed objects read as null objects, which CF accepts: no decoder error, but the zero run
    /// around them is named as the cause (found trying a zeroed copy of a real `.sfl2`).
    @Test func zeroedObjectsThatStillDecodeAreNamed() throws {
        var b = BinaryPlistBuilder()
        b.add(.array([1, 2, 3, 4, 5]))
        for i in 0..<5 { b.add(.string(String(repeating: Character(UnicodeScalar(UInt8(65 + i))), count: 30))) }
        let built = b.build()
        var damaged = built.bytes
        for i in built.ranges[2].start..<built.ranges[4].end { damaged[i] = 0 }
        let decoded = ArchiveDocument.open(InputBytes(damaged), name: "zeroed").graph.fullCheck()
        #expect(!decoded.contains { $0.severity == .error }, "the precondition: CF reads it")
        let cause = try #require(Self.firstCause(damaged))
        #expect(cause.id == "damage.zero-filled")
        #expect(cause.range == ByteRange(built.ranges[2].start, built.ranges[4].end))
        // The valid original has no null object and no signature.
        #expect(!Self.check(built.bytes).contains { $0.id.hasPrefix("damage.") })
    }

    @Test func aZeroedTail() throws {
        var damaged = Self.original
        for i in (damaged.count - 600)..<damaged.count { damaged[i] = 0 }
        let cause = try #require(Self.firstCause(damaged))
        #expect(cause.id == "damage.zero-filled")
        #expect(cause.message.contains("the last"))
    }

    @Test func latin1ToUTF8IsNamedAndCounted() throws {
        let damaged = Array(String(decoding: Self.original.map { $0 }, asLatin1: true).utf8)
        let high = Self.original.filter { $0 >= 0x80 }.count
        let cause = try #require(Self.firstCause(damaged))
        #expect(cause.id == "damage.reencoded")
        #expect(cause.message.contains("(\(high) of them)"))
        #expect(cause.message.contains("its trailer fits it exactly"))
    }

    @Test func utf8ReplacementIsNamed() throws {
        let damaged = Array(String(decoding: Self.original, as: UTF8.self).utf8)
        let cause = try #require(Self.firstCause(damaged))
        #expect(cause.id == "damage.reencoded")
        #expect(cause.message.contains("U+FFFD"))
    }
}

/// No valid file of the shared corpus gets a damage signature (the negative case, on real files).
@Suite(.needsCorpus) struct DamageCorpusNegativeTests {
    @Test(arguments: ["keyed-binary", "keyed-xml", "plist", "encodings"])
    func validFilesGetNoSignature(_ folder: String) throws {
        for path in Corpus.files(folder) {
            let doc = try Corpus.open(path)
            let causes = DocumentCheck.fullCheck(of: doc.graph).filter { $0.id.hasPrefix("damage.") }
            #expect(causes.isEmpty, "\(path): \(causes.map(\.description))")
        }
    }
}

/// The first diagnostic `--check` prints.
enum CheckReportOrder {
    static func first(_ diagnostics: [Diagnostic]) -> Diagnostic? { DiagnosticGroups.reportOrder(diagnostics).first }
}

extension String {
    /// Bytes read as Latin-1 (each byte one scalar), as a text tool that assumes Latin-1 reads them.
    init(decoding bytes: [UInt8], asLatin1: Bool) {
        self = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}

/// The decoder ids the damage detectors read must exist, or a rename would silently switch a detector off.
struct DamageInputIDTests {
    @Test func theIdsTheDetectorsReadAreRegistered() {
        for id in TruncationEvidence.endsInsideIDs.sorted() + ["bplist.marker.null"] {
            #expect(DiagnosticRegistry.kind(id) != nil, "\(id)")
        }
    }
}

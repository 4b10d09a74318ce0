import Testing
@testable import ArchiveModel
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveSources

/// The chain audit puts a damaged offset-table entry's or length's diagnostic on the damaged field,
/// with the symptoms as notes, and says nothing about a healthy file.
@Suite struct BinaryPlistChainAuditTests {
    /// A dictionary of four strings and an array, written back to back as CF writes them.
    static let fixture: (bytes: [UInt8], ranges: [ByteRange], tableOffset: Int) = {
        var b = BinaryPlistBuilder()
        b.add(.dict([(1, 2), (3, 4)]))
        b.add(.string("name")); b.add(.string("a longer value"))
        b.add(.string("list")); b.add(.array([5, 6, 7]))
        b.add(.string("first")); b.add(.string("second")); b.add(.data([1, 2, 3, 4, 5, 6]))
        let built = b.build()
        return (built.bytes, built.ranges, built.tableOffset)
    }()

    static func check(_ bytes: [UInt8]) -> [Diagnostic] {
        ArchiveDocument.open(InputBytes(bytes), name: "chain").graph.fullCheck()
    }

    @Test func healthyFileHasNoRootCause() {
        let ids = Set(Self.check(Self.fixture.bytes).map(\.id))
        #expect(!ids.contains(BinaryPlistCode.offsetDamaged.rawValue))
        #expect(!ids.contains(BinaryPlistCode.objectLengthDamaged.rawValue))
    }

    /// The fixture as a writer that streams children first lays it out: the top object (id 0) last,
    /// just before the offset table, every other object moved up in its place.
    static func topObjectLast() -> [UInt8] {
        let (bytes, ranges, tableOffset) = fixture
        let top = ranges[0]
        var out = Array(bytes[0..<8]) + Array(bytes[top.end..<tableOffset]) + Array(bytes[top.start..<top.end])
        var offsets = ranges.indices.map { ranges[$0].start - top.count }
        offsets[0] = tableOffset - top.count
        out += offsets.map { UInt8($0) }                // 1-byte entries
        out += bytes[(tableOffset + ranges.count)...]   // the trailer, unchanged: sizes and offsets stay
        return out
    }

    /// Regression: a valid file whose top object is written last broke the id chain twice (object 0
    /// and the last object), and the last object was said to have a damaged length.
    @Test func topObjectWrittenLastIsNotDamage() throws {
        let bytes = Self.topObjectLast()
        #expect(bytes.count == Self.fixture.bytes.count)
        let diagnostics = Self.check(bytes)
        #expect(!diagnostics.contains { $0.id == BinaryPlistCode.objectLengthDamaged.rawValue }, "\(diagnostics)")
        #expect(!diagnostics.contains { $0.id == BinaryPlistCode.offsetDamaged.rawValue }, "\(diagnostics)")
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        // The same layout with the last object's length really damaged is still found.
        var damaged = bytes
        let last = Self.fixture.ranges.count - 1
        let lastStart = Self.fixture.ranges[last].start - Self.fixture.ranges[0].count
        #expect(damaged[lastStart] == 0x46)             // data, 6 bytes
        damaged[lastStart] = 0x44
        #expect(Self.check(damaged).contains { $0.id == BinaryPlistCode.objectLengthDamaged.rawValue && $0.object == last })
    }

    /// Entry 2 pointing into object 1 (by one byte): the diagnostic is on entry 2's byte in the table.
    @Test func damagedOffsetEntryIsTheDiagnostic() throws {
        var bytes = Self.fixture.bytes
        let entry = Self.fixture.tableOffset + 2        // 1-byte entries
        let truth = Self.fixture.ranges[2]
        bytes[entry] = UInt8(truth.start - 3)
        let diagnostics = Self.check(bytes)
        let cause = try #require(diagnostics.first { $0.id == "bplist.offset.damaged" })
        #expect(cause.range == ByteRange(entry, entry + 1))
        #expect(cause.object == 2)
        #expect(cause.message.contains("reads \(truth.start - 3)") && cause.message.contains("at \(truth.start)"))
        #expect(cause.notes.contains { $0.range == truth }, "a note shows where object 2 lies: \(cause.notes)")
        // The overlap it causes is a note, not a diagnostic of its own.
        #expect(!diagnostics.contains { $0.id == BinaryPlistCode.objectOverlap.rawValue && $0.object == 2 })
        #expect(cause.notes.contains { $0.message.contains("symptom") })
    }

    /// The last entry damaged: the object that fits ends at the offset table.
    @Test func damagedLastEntry() throws {
        var bytes = Self.fixture.bytes
        let last = Self.fixture.ranges.count - 1
        let entry = Self.fixture.tableOffset + last
        bytes[entry] = UInt8(Self.fixture.ranges[last].start + 2)
        let cause = try #require(Self.check(bytes).first { $0.id == "bplist.offset.damaged" })
        #expect(cause.range == ByteRange(entry, entry + 1))
        #expect(cause.notes.first?.range == Self.fixture.ranges[last])
    }

    /// A string's length nibble changed from 14 to 9: the marker is the diagnostic, with the count it had.
    @Test func damagedStringLengthIsTheDiagnostic() throws {
        var bytes = Self.fixture.bytes
        let object = Self.fixture.ranges[2]
        #expect(bytes[object.start] == 0x5E)
        bytes[object.start] = 0x59
        let cause = try #require(Self.check(bytes).first { $0.id == "bplist.object.length-damaged" })
        #expect(cause.range == ByteRange(object.start, object.start + 1))
        #expect(cause.object == 2)
        #expect(cause.message.contains("an ASCII string") && cause.message.contains("10 bytes") && cause.message.contains("leave it 15"))
        #expect(cause.notes.contains { $0.message.contains("14 characters") })
        #expect(cause.notes.contains { $0.range == ByteRange(object.end, object.end) })
    }

    /// An array's count changed from 3 to 5: the references run into the next object.
    @Test func damagedArrayCountIsTheDiagnostic() throws {
        var bytes = Self.fixture.bytes
        let object = Self.fixture.ranges[4]
        #expect(bytes[object.start] == 0xA3)
        bytes[object.start] = 0xA5
        let diagnostics = Self.check(bytes)
        let cause = try #require(diagnostics.first { $0.id == "bplist.object.length-damaged" })
        #expect(cause.range == ByteRange(object.start, object.start + 1))
        #expect(cause.notes.contains { $0.message.contains("3 references") })
        // The overlap with object 5 is explained by it, not reported beside it.
        #expect(!diagnostics.contains { $0.id == BinaryPlistCode.objectOverlap.rawValue })
    }

    /// Found by the fuzz smoke: a damaged count marker claiming a 2^15-byte count put the header's
    /// range past the end of the file. Every range stays inside the input.
    @Test func aHugeCountWidthStaysInsideTheFile() {
        var bytes = Self.fixture.bytes
        let object = Self.fixture.ranges[2]
        bytes[object.start] = 0x5F
        bytes[object.start + 1] = 0x1F
        let diagnostics = DocumentCheck.fullCheck(of: ArchiveDocument.open(InputBytes(bytes), name: "wide").graph)
        for d in diagnostics {
            for r in [d.range].compactMap({ $0 }) + d.notes.compactMap(\.range) {
                #expect(r.end <= bytes.count, "\(d.id): \(r)")
            }
        }
    }

    /// A file whose objects do not sit back to back (padding between them) gets no root cause from
    /// the chain, even where an entry is odd.
    @Test func paddedLayoutIsNotAudited() {
        var b = BinaryPlistBuilder()
        b.add(.array([1, 2, 3]))
        for i in 0..<3 { b.add(.raw([0x51, UInt8(ascii: "a") + UInt8(i), 0, 0])) }   // a 2-byte string and 2 bytes of padding
        let bytes = b.build().bytes
        let ids = Set(Self.check(bytes).map(\.id))
        #expect(ids.contains(BinaryPlistCode.bytesUnreferenced.rawValue))
        #expect(!ids.contains(BinaryPlistCode.offsetDamaged.rawValue) && !ids.contains(BinaryPlistCode.objectLengthDamaged.rawValue))
    }
}

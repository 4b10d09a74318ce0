import Testing
@testable import ArchiveModel
@testable import KeyedArchive
@testable import IB3XML

/// Header, trailer and offset-table diagnostics: each id asserted with its exact byte range.
@Suite struct BinaryPlistTrailerDiagnosticTests {
    /// A small valid file: root array of two strings.
    ///
    /// `padded` leaves a byte after the last object, so that a damaged count or table offset cannot be
    /// told from the table (see `BinaryPlistTrailerRepair`) and the trailer's own checks report it.
    static func fixture(padded: Bool = false) -> (bytes: [UInt8], ranges: [ByteRange], trailer: Int, table: Int) {
        var b = BinaryPlistBuilder()
        b.add(.array([1, 2]))
        b.add(.string("a"))
        b.add(padded ? .raw([0x52, 0x62, 0x63, 0x00]) : .string("bc"))
        let built = b.build()
        return (built.bytes, built.ranges, built.trailerOffset, built.tableOffset)
    }

    func diagnostics(_ bytes: [UInt8]) -> [Diagnostic] {
        BinaryPlistTree(InputBytes(bytes)).fullCheck()
    }

    func setBE(_ bytes: inout [UInt8], at offset: Int, _ value: UInt64, width: Int) {
        for i in 0..<width { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> UInt64(8 * (width - 1 - i))) }
    }

    @Test func validFixtureIsClean() {
        #expect(diagnostics(Self.fixture().bytes).isEmpty)
    }

    @Test func versionByte() {
        var f = Self.fixture().bytes
        f[7] = UInt8(ascii: "1")
        let d = diagnostics(f)
        #expect(d.map(\.id) == ["bplist.header.version"])
        #expect(d.first?.range == ByteRange(6, 8))
    }

    /// A bplist whose first 8 bytes were overwritten (zeroed, or another header) is found by its
    /// trailer and decoded whole, with the damaged header named; bytes whose trailer does not fit the
    /// file exactly stay unknown.
    @Test(arguments: [[UInt8](repeating: 0, count: 8), Array("bpl".utf8) + [UInt8](repeating: 0xFF, count: 5), Array("PK\u{03}\u{04}abcd".utf8)])
    func overwrittenHeaderIsFoundByTheTrailer(header: [UInt8]) throws {
        var f = Self.fixture().bytes
        f.replaceSubrange(0..<8, with: header)
        #expect(FormatDetector.detect(InputBytes(f)) == .binaryPlist)
        let d = diagnostics(f)
        #expect(d.map(\.id) == ["bplist.header.magic-damaged"])
        #expect(d.first?.range == ByteRange(0, 8))
        let document = ArchiveDocument.open(InputBytes(f), name: "headless")
        #expect(document.graph.objectCount == 3)
        var broken = f
        broken[broken.count - 1] ^= 0x01 // the table offset no longer meets the trailer
        #expect(FormatDetector.detect(InputBytes(broken)) == .unknown)
    }

    @Test func tooShort() {
        let d = diagnostics(Array("bplist00".utf8) + [0x08])
        #expect(d.first?.id == "bplist.file.too-short")
        #expect(d.first?.range == ByteRange(0, 9))
    }

    @Test func unusedTrailerBytes() {
        var f = Self.fixture()
        f.bytes[f.trailer + 2] = 7
        let d = diagnostics(f.bytes)
        #expect(d.map(\.id) == ["bplist.trailer.unused-nonzero"])
        #expect(d.first?.range == ByteRange(f.trailer, f.trailer + 6))
    }

    @Test func zeroOffsetSizeFallsBackToScan() {
        var f = Self.fixture()
        f.bytes[f.trailer + 6] = 0
        let tree = BinaryPlistTree(InputBytes(f.bytes))
        let ids = tree.openDiagnostics.map(\.id)
        #expect(ids.contains("bplist.trailer.offset-int-size"))
        #expect(ids.contains("bplist.scan.recovered"))
        #expect(tree.openDiagnostics.first { $0.id == "bplist.trailer.offset-int-size" }?.range == ByteRange(f.trailer + 6, f.trailer + 7))
        // The scan finds the three objects in file order.
        #expect(tree.nodeCount == 3)
        #expect(tree.node(1).value == .string("a"))
    }

    @Test func oddRefSizeIsANote() {
        var f = Self.fixture()
        f.bytes[f.trailer + 7] = 3
        let d = BinaryPlistTree(InputBytes(f.bytes)).openDiagnostics
        #expect(d.first { $0.id == "bplist.trailer.object-ref-size" }?.severity == .note)
    }

    @Test func tableOffsetOutsideArea() {
        var f = Self.fixture(padded: true)
        setBE(&f.bytes, at: f.trailer + 24, 4, width: 8)
        let d = BinaryPlistTree(InputBytes(f.bytes)).openDiagnostics
        #expect(d.first?.id == "bplist.trailer.table-offset")
        #expect(d.first?.range == ByteRange(f.trailer + 24, f.trailer + 32))
    }

    @Test func noObjects() {
        var f = Self.fixture(padded: true)
        setBE(&f.bytes, at: f.trailer + 8, 0, width: 8)
        #expect(BinaryPlistTree(InputBytes(f.bytes)).openDiagnostics.map(\.id).contains("bplist.trailer.no-objects"))
    }

    @Test func countLargerThanTable() {
        var f = Self.fixture(padded: true)
        setBE(&f.bytes, at: f.trailer + 8, 5, width: 8)
        let tree = BinaryPlistTree(InputBytes(f.bytes))
        let ids = tree.openDiagnostics.map(\.id)
        #expect(ids.contains("bplist.trailer.size-mismatch"))
        #expect(tree.openDiagnostics.first { $0.id == "bplist.table.truncated" }?.range == ByteRange(f.table, f.trailer))
        #expect(tree.nodeCount == 3)
    }

    /// With the objects back to back up to the table, the damaged field is named, the symptoms the
    /// raw numbers give are its notes, and the table is read.
    @Test func aDamagedCountBesideAWholeTableIsNamed() throws {
        var f = Self.fixture()
        setBE(&f.bytes, at: f.trailer + 8, 0, width: 8)
        let tree = BinaryPlistTree(InputBytes(f.bytes))
        let d = try #require(tree.openDiagnostics.first)
        #expect(tree.openDiagnostics.count == 1)
        #expect(d.id == "bplist.trailer.field-damaged" && d.range == ByteRange(f.trailer + 8, f.trailer + 16))
        #expect(d.message.contains("object count is 0") && d.message.contains("says 3"))
        #expect(d.notes.map(\.message) == ["symptom: trailer claims 0 objects [bplist.trailer.no-objects]"])
        #expect(tree.nodeCount == 3 && tree.node(2).value == .string("bc"))
    }

    @Test func refSizeTooSmall() {
        var b = BinaryPlistBuilder()
        b.add(.array([]))
        for _ in 0..<300 { b.add(.bool(true)) }
        b.objectRefSize = 1
        let d = BinaryPlistTree(InputBytes(b.build().bytes)).openDiagnostics
        #expect(d.map(\.id).contains("bplist.trailer.ref-size-too-small"))
    }

    @Test func topObjectOutOfRangeAndNonZero() {
        var f = Self.fixture()
        setBE(&f.bytes, at: f.trailer + 16, 9, width: 8)
        #expect(BinaryPlistTree(InputBytes(f.bytes)).openDiagnostics.first?.range == ByteRange(f.trailer + 16, f.trailer + 24))
        setBE(&f.bytes, at: f.trailer + 16, 1, width: 8)
        let tree = BinaryPlistTree(InputBytes(f.bytes))
        #expect(tree.openDiagnostics.map(\.id) == ["bplist.trailer.top-object-nonzero"])
        #expect(tree.rootID == 1)
    }

    @Test func offsetsIntoHeaderAndPastTable() {
        var f = Self.fixture()
        f.bytes[f.table + 1] = 3          // object 1 starts inside the header
        f.bytes[f.table + 2] = 250        // object 2 starts beyond the object area
        let d = diagnostics(f.bytes)
        #expect(d.first { $0.id == "bplist.offset.in-header" }?.range == ByteRange(f.table + 1, f.table + 2))
        #expect(d.first { $0.id == "bplist.offset.out-of-range" }?.range == ByteRange(f.table + 2, f.table + 3))
        #expect(d.first { $0.id == "bplist.offset.in-header" }?.object == 1)
    }

    @Test func topObjectOffsetOutsideArea() {
        var f = Self.fixture()
        f.bytes[f.table] = 200
        let d = BinaryPlistTree(InputBytes(f.bytes)).openDiagnostics
        #expect(d.first?.id == "bplist.trailer.top-object-offset")
        #expect(d.first?.range == ByteRange(f.table, f.table + 1))
    }

    @Test func scanFindsNothing() {
        var bytes = Array("bplist00".utf8) + [0x9A, 0x9A]
        bytes += [UInt8](repeating: 0, count: 32)
        let d = BinaryPlistTree(InputBytes(bytes)).openDiagnostics.map(\.id)
        #expect(d.contains("bplist.scan.nothing"))
    }
}

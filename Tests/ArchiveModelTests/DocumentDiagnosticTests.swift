import Testing
@testable import ArchiveModel
@testable import BinaryPlist
@testable import ArchiveDocuments

/// The document-level diagnostics: formats this tool does not decode, the embedded-archive budget, a
/// plain plist's undecodable objects, and embedded diagnostics copied onto the holding file.
@Suite struct DocumentDiagnosticTests {
    static func diagnostics(_ bytes: [UInt8]) -> [Diagnostic] {
        ArchiveDocument.open(InputBytes(bytes), name: "x").graph.fullCheck()
    }

    @Test func anEmptyFile() {
        let d = Self.diagnostics([])
        #expect(d.map(\.id) == ["format.file.empty"])
        #expect(d.first?.range == ByteRange(0, 0) && d.first?.severity == .error)
    }

    @Test func bytesOfNoKnownFormat() {
        let d = Self.diagnostics([UInt8](repeating: 0xFF, count: 20))
        #expect(d.map(\.id) == ["format.file.unknown"])
        #expect(d.first?.range == ByteRange(0, 16) && d.first?.severity == .error)
        #expect(d.first?.message.hasSuffix("ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff  |................|") == true)
    }

    /// Severity audit (issue 24): Apple's own components write and read bplist15/16/17 (XPC), so
    /// these are notes; a bplist version no one writes is damage, an error.
    @Test(arguments: [("15", Severity.note), ("17", .note), ("9x", .error)])
    func binaryPlistVariants(version: String, severity: Severity) {
        let bytes = Array("bplist\(version)".utf8) + [UInt8](repeating: 0, count: 40)
        let document = ArchiveDocument.open(InputBytes(bytes), name: "x")
        #expect(!document.isDecoded)
        let d = document.graph.fullCheck()
        #expect(d.map(\.id) == ["format.bplist-variant.unsupported"])
        #expect(d.first?.range == ByteRange(0, 16) && d.first?.severity == severity)
        #expect(d.first?.message.hasPrefix("binary plist version \"\(version)\" is ") == true)
    }

    /// A NIBArchive is decoded now (issue 26): one cut inside its header says so, at its bytes.
    @Test func aShortNIBArchiveIsDecodedAndCut() {
        let d = Self.diagnostics(Array("NIBArchive".utf8) + [1, 0, 0, 0, 9, 0, 0, 0, 10, 0, 0, 0])
        #expect(d.map(\.id) == ["nib.header.truncated"])
        #expect(d.first?.range == ByteRange(0, 22) && d.first?.severity == .error)
    }

    @Test func aGNUstepArchiveIsAnError() {
        let d = Self.diagnostics(Array("GNUstep archive00002c88:00000003".utf8))
        #expect(d.map(\.id) == ["format.gnustep-archive.unsupported"])
        #expect(d.first?.range == ByteRange(0, 16) && d.first?.severity == .error)
    }

    /// An object number the tree does not have: its object says why, with no range to point at.
    @Test func anUndecodablePlainPlistObject() {
        let tree = BinaryPlistTree(InputBytes(BinaryPlistDamageFixtures.valid().bytes))
        let object = PlistObjectGraph(tree: tree).object(7)
        #expect(object.kind == .invalid)
        #expect(object.diagnostics.map(\.id) == ["plist.object.invalid"])
        #expect(object.diagnostics.first?.range == nil && object.diagnostics.first?.object == 7)
        #expect(object.diagnostics.first?.message == "object 7 does not exist (the table has 3 objects)")
    }

    /// Past the byte budget, embedded archives are skipped and counted in one note without a range.
    @Test(arguments: [(0, "2 more embedded archives were not checked"), (1, "1 more embedded archive was not checked")])
    func theEmbeddedBudget(checked: Int, message: String) {
        let outer = ArchiveDocument.open(InputBytes(EmbeddedCheckTests.outer()), name: "outer")
        let budget = EmbeddedBudget(limit: checked == 0 ? 0 : DemoArchive.bytes(corrupt: true).count)
        let d = EmbeddedCheck.diagnostics(in: DocumentNode(root: outer), budget: budget)
        let notes = d.filter { $0.id == "embedded.check.budget" }
        #expect(notes.count == 1 && notes.first?.range == nil && notes.first?.severity == .note)
        #expect(notes.first?.message.hasPrefix(message + ": the embedded bytes checked for this input reached ") == true)
        #expect(d.contains { $0.id == "keyed.ref.dangling" } == (checked == 1))
    }

    /// A diagnostic copied onto the holding file keeps its notes, moved with it when the embedded bytes
    /// lie in the file as they are, else named by their offset inside the embedded archive.
    @Test func embeddedDiagnosticsKeepTheirNotes() {
        let inner = Diagnostic("bplist.ref.out-of-range", .error, "object reference 9 is out of range", range: ByteRange(20, 21),
                               notes: [DiagnosticNote("the table has 3 entries", range: ByteRange(40, 43))])
        var found = FoundArchive(place: .dataValue(object: 5, field: nil), bytes: [], format: .binaryPlist, range: ByteRange(100, 200), offset: 150)
        let placed = EmbeddedCheck.map(inner, from: found)
        #expect(placed.range == ByteRange(170, 171) && placed.object == 5)
        #expect(placed.notes == [DiagnosticNote("the table has 3 entries", range: ByteRange(190, 193))])
        found.offset = nil
        let unplaced = EmbeddedCheck.map(inner, from: found)
        #expect(unplaced.range == ByteRange(100, 200))
        #expect(unplaced.notes == [DiagnosticNote("the table has 3 entries at its offset 40")])
        #expect(unplaced.message == "in the bplist00 embedded in object #5 at its offset 20: object reference 9 is out of range")
    }
}

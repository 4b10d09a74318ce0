import Testing
@testable import ArchiveModel

/// The binary plist and document catalogs: every id is well formed and registered, with a one-line
/// summary and a one-paragraph explanation of real length.
@Suite struct BinaryPlistCatalogTests {
    static let kinds = BinaryPlistCode.kinds + DocumentCode.kinds

    /// `family.noun.detail`, lowercase words joined by dashes.
    static func isWellFormed(_ id: String) -> Bool {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.allSatisfy { part in
            let words = part.split(separator: "-", omittingEmptySubsequences: false)
            return words.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) } }
        }
    }

    @Test func theIdCheckRejectsMalformedIds() {
        #expect(Self.isWellFormed("bplist.trailer.top-object-nonzero"))
        for bad in ["format.empty", "bplist.Trailer.x", "bplist.a.b.c", "bplist.a-.b", "bplist..b", "bplist.a_b.c"] {
            #expect(!Self.isWellFormed(bad), "\(bad)")
        }
    }

    @Test(arguments: kinds)
    func idIsFamilyNounDetail(_ kind: DiagnosticKind) {
        #expect(Self.isWellFormed(kind.id), "\(kind.id)")
    }

    @Test func familiesBelongToTheirCatalog() {
        #expect(BinaryPlistCode.kinds.allSatisfy { $0.family == "bplist" })
        #expect(DocumentCode.kinds.allSatisfy { ["format", "embedded", "plist", "check"].contains($0.family) })
    }

    @Test(arguments: kinds)
    func summaryIsOneLowercaseLine(_ kind: DiagnosticKind) {
        let s = kind.summary
        #expect(s.count >= 15 && s.count <= 100, "\(kind.id): \(s.count) characters")
        #expect(!s.contains("\n") && !s.hasSuffix("."), "\(kind.id)")
        #expect(s.first.map { $0.isLowercase || $0 == "\"" } == true, "\(kind.id): \(s)")
    }

    @Test(arguments: kinds)
    func explanationIsOneParagraphOfRealLength(_ kind: DiagnosticKind) {
        let e = kind.explanation
        let words = e.split(whereSeparator: { $0 == " " }).count
        #expect((60...150).contains(words), "\(kind.id): \(words) words")
        #expect(!e.contains("\n") && !e.contains("  "), "\(kind.id)")
        #expect(e.hasSuffix("."), "\(kind.id)")
        #expect(e.first?.isUppercase == true || e.first == "\"", "\(kind.id)")
        #expect(e != kind.summary)
    }

    @Test(arguments: kinds)
    func everyKindIsRegistered(_ kind: DiagnosticKind) {
        #expect(DiagnosticRegistry.kind(kind.id) == kind)
    }

    @Test func idsAreUnique() {
        #expect(Set(Self.kinds.map(\.id)).count == Self.kinds.count)
    }
}

import Testing
@testable import ArchiveModel

/// The typedstream catalog: every kind documented, ids well formed, severities as audited (issue 24).
@Suite struct TypedstreamCodeTests {
    @Test(arguments: TypedstreamCode.allCases)
    func kindIsDocumented(_ code: TypedstreamCode) {
        CatalogExpectations.check(code, family: "typedstream")
    }

    @Test func explanationsAreDistinct() {
        #expect(CatalogExpectations.distinctExplanations(TypedstreamCode.self))
    }

    /// What NSArchiver writes and NSUnarchiver reads (the header, cycles through objects being
    /// decoded) is a note; a healthy stream's check has only notes.
    @Test func appleWrittenStreamsHaveOnlyNotes() {
        #expect(TypedstreamCode.headerInfo.severity == .note)
        #expect(TypedstreamCode.refSelf.severity == .note)
        #expect(TypedstreamCode.refInProgress.severity == .note)
        #expect(TypedstreamCode.attributedStringRunPastEnd.severity == .error)
    }

    /// Every issue maps to its own family's catalog, and the no-such-id diagnostic (about a caller's
    /// id, not the file) is registered too.
    @Test func graphLookupOfAMissingIDUsesTheCatalog() {
        let graph = TypedstreamDecoder.decode(InputBytes([]))
        let d = graph.object(7).diagnostics.first
        #expect(d?.id == "typedstream.object.no-such-id")
        #expect(d?.message == "object id 7 is out of range (the object table has 0 entries)")
        #expect(d?.severity == .error)
    }
}

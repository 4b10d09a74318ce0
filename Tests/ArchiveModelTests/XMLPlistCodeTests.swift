import Testing
@testable import ArchiveModel

/// The XML plist catalog: every kind documented, ids well formed, severities as audited (issue 24).
@Suite struct XMLPlistCodeTests {
    @Test(arguments: XMLPlistCode.allCases)
    func kindIsDocumented(_ code: XMLPlistCode) {
        CatalogExpectations.check(code, family: "xml")
    }

    @Test func explanationsAreDistinct() {
        #expect(CatalogExpectations.distinctExplanations(XMLPlistCode.self))
    }

    /// What Apple's writer produces and its reader accepts is a note; what CF reads but no Apple writer
    /// produces is a warning.
    @Test func auditedSeverities() {
        #expect(XMLPlistCode.stringControlCharacter.severity == .note)
        #expect(XMLPlistCode.keyOutsideDict.severity == .warning)
        #expect(XMLPlistCode.elementMisplaced.severity == .warning)
        #expect(XMLPlistCode.uidWide.severity == .warning)
        #expect(XMLPlistCode.uidNegative.severity == .warning)
        #expect(XMLPlistCode.dictKeyWithoutValue.severity == .error)
    }

    /// The decoder's issues cover the whole catalog, so no registered id is one it never reports.
    @Test func everyKindHasAnIssueTest() {
        #expect(Set(XMLPlistCode.allCases.map(\.rawValue)) == XMLPlistDiagnosticIDs.all.union(["xml.diagnostics.suppressed"]))
    }
}

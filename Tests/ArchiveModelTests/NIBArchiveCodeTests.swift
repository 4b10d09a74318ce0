import Testing
@testable import ArchiveModel

/// The NIBArchive catalog: every kind documented, ids well formed, severities as reasoned in
/// `NIBArchiveCode`.
@Suite struct NIBArchiveCodeTests {
    @Test(arguments: NIBArchiveCode.allCases)
    func kindIsDocumented(_ code: NIBArchiveCode) {
        CatalogExpectations.check(code, family: "nib")
    }

    @Test func explanationsAreDistinct() {
        #expect(CatalogExpectations.distinctExplanations(NIBArchiveCode.self))
    }

    /// Bytes no loader reads and objects it never reaches change nothing it loads: notes. What no
    /// ibtool writes but a loader reads is a warning; what cannot be read is an error.
    @Test func severities() {
        #expect(NIBArchiveCode.bytesUnused.severity == .note)
        #expect(NIBArchiveCode.objectUnreachable.severity == .note)
        #expect(NIBArchiveCode.headerCoderVersion.severity == .warning)
        #expect(NIBArchiveCode.valueUnowned.severity == .warning)
        #expect(NIBArchiveCode.valueRefOutOfRange.severity == .error)
        #expect(NIBArchiveCode.tableTruncated.severity == .error)
    }
}

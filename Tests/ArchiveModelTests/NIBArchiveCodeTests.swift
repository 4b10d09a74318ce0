import Testing
@testable import ArchiveModel
@testable import ArchiveCore
@testable import BinaryPlist
@testable import XMLPlist
@testable import OpenStepPlist
@testable import KeyedArchive
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import Bookmark
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveOutput
@testable import ArchiveAudit
@testable import ArchiveSources

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

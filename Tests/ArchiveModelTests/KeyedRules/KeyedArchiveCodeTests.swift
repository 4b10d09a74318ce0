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

/// The keyed-archive catalog: every id is well formed, registered, summarised and explained.
@Suite struct KeyedArchiveCodeTests {
    @Test(arguments: KeyedArchiveCode.allCases)
    func idIsFamilyNounDetail(_ code: KeyedArchiveCode) {
        let parts = code.rawValue.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.first == "keyed", "\(code.rawValue)")
        for part in parts {
            let words = part.split(separator: "-", omittingEmptySubsequences: false)
            #expect(words.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0 >= "a" && $0 <= "z" } }, "\(code.rawValue)")
        }
    }

    @Test(arguments: KeyedArchiveCode.allCases)
    func summaryIsOneLowercaseLine(_ code: KeyedArchiveCode) {
        let summary = code.summary
        #expect(summary.count >= 15 && summary.count <= 100, "\(code.rawValue): \(summary)")
        #expect(!summary.contains("\n") && !summary.hasSuffix("."), "\(code.rawValue)")
        #expect(summary.first.map { !$0.isUppercase } == true, "\(code.rawValue)")
    }

    @Test(arguments: KeyedArchiveCode.allCases)
    func explanationIsOneParagraphOfRealLength(_ code: KeyedArchiveCode) {
        let text = code.explanation
        let words = text.split(whereSeparator: \.isWhitespace).count
        #expect(words >= 60 && words <= 150, "\(code.rawValue): \(words) words")
        #expect(!text.contains("\n"), "\(code.rawValue): more than one paragraph")
        #expect(text.hasSuffix("."), "\(code.rawValue)")
        // No two kinds share a paragraph (a copy left unedited).
        #expect(KeyedArchiveCode.allCases.filter { $0.explanation == text }.count == 1, "\(code.rawValue)")
    }

    @Test func everyKindIsRegistered() {
        for code in KeyedArchiveCode.allCases {
            let kind = DiagnosticRegistry.kind(code.rawValue)
            #expect(kind?.severity == code.severity, "\(code.rawValue)")
            #expect(kind?.family == "keyed")
        }
        #expect(Set(KeyedArchiveCode.allCases.map(\.rawValue)).count == KeyedArchiveCode.allCases.count)
    }

    /// Issue 24 item 6: what Apple's own writers produce and its readers accept is a note.
    @Test func whatAppleWritesAndReadsIsANote() {
        #expect(KeyedArchiveCode.topEmpty.severity == .note)           // an archiver finished without encoding
        #expect(KeyedArchiveCode.topNoRoot.severity == .note)          // nibs, encodeRootObject-style archives
        #expect(KeyedArchiveCode.classesMissing.severity == .note)     // a class-name mapping in effect
        #expect(KeyedArchiveCode.objectUnreachable.severity == .note)  // found in archives Apple frameworks wrote
        // Apple's unarchiver does not read $archiver; only corelibs rejects the archive.
        #expect(KeyedArchiveCode.archiverMissing.severity == .warning)
        #expect(KeyedArchiveCode.archiverUnknown.severity == .warning)
    }
}

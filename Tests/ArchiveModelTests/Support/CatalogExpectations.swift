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

/// Checks every catalog test applies to its catalog: ids of the form `family.noun.detail` in
/// lowercase with dashes, a one-line summary, a one-paragraph explanation of real length, and the
/// catalog registered in `DiagnosticRegistry`.
enum CatalogExpectations {
    /// Words an explanation must have at least and at most (issue 24: roughly 60–150).
    static let explanationWords = 50...170

    static func check<Code: DiagnosticCatalog>(_ code: Code, family: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let id = code.rawValue
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts[0] == Substring(family), "\(id) is not \(family).noun.detail", sourceLocation: sourceLocation)
        for part in parts {
            let words = part.split(separator: "-", omittingEmptySubsequences: false)
            #expect(words.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) } },
                    "\(id): \"\(part)\" is not lowercase-with-dashes", sourceLocation: sourceLocation)
        }
        let summary = code.summary
        #expect(!summary.isEmpty && summary.count <= 100 && !summary.contains("\n"), "\(id) summary: \(summary)", sourceLocation: sourceLocation)
        #expect(summary.first?.isUppercase == false && summary.last != ".", "\(id) summary: \(summary)", sourceLocation: sourceLocation)
        let explanation = code.explanation
        let words = explanation.split(whereSeparator: \.isWhitespace).count
        #expect(explanationWords.contains(words), "\(id) explanation has \(words) words", sourceLocation: sourceLocation)
        #expect(!explanation.contains("\n") && explanation.last == "." && explanation.first?.isUppercase == true,
                "\(id) explanation is not one paragraph of sentences", sourceLocation: sourceLocation)
        #expect(DiagnosticRegistry.kind(id) == code.kind, "\(id) is not registered", sourceLocation: sourceLocation)
    }

    /// Every explanation differs from every other (a copied paragraph explains nothing).
    static func distinctExplanations<Code: DiagnosticCatalog>(_ type: Code.Type) -> Bool {
        Set(Code.allCases.map(\.explanation)).count == Code.allCases.count
    }
}

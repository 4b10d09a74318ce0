import Foundation
import Testing
@testable import ArchiveModel
@testable import KeyedArchive
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchiveOutput
import TestSupport

/// Every file of the shared corpus through the same path the CLI takes (detect, decode, full check,
/// dump, JSON): no crash, graph invariants kept, valid files free of errors, corrupt ones located.
@Suite(.needsCorpus, .tags(.slow)) struct CorpusDocumentTests {
    /// Folders whose files are valid archives or property lists.
    static let validFolders = ["keyed-binary", "keyed-xml", "plist", "typedstream"]

    /// Known exceptions: valid-folder files that carry a real defect, with the reason.
    static let expectedErrors: [String: String] = [
        "libplist__empty_keys.plist": "a comment inside <key>, which CF's parser rejects",
    ]

    static func process(_ path: String) throws -> (ArchiveDocument, [Diagnostic]) {
        let doc = try Corpus.open(path)
        let diagnostics = doc.graph.fullCheck()
        let violations = GraphInvariants.violations(doc.graph)
        #expect(violations.isEmpty, "\(path): \(violations.prefix(3))")
        var dump: [String] = []
        DumpRenderer(document: doc, diagnostics: diagnostics, index: GraphIndex(graph: doc.graph)).render { dump.append($0) }
        #expect(!dump.isEmpty)
        #expect(OutputRendererTests.diagnosticLines(dump) == diagnostics.count, "\(path): the dump leaves out diagnostics its summary counts")
        var json = ""
        JSONRenderer(document: doc, diagnostics: diagnostics).render { json += $0 }
        let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(parsed != nil, "\(path): --json output is not valid JSON")
        #expect((parsed?["objects"] as? [Any])?.count == doc.graph.objectCount, "\(path): JSON objects count")
        #expect(!json.contains(",\"repeatOf\":") && !json.contains("{\"repeatOf\":"), "\(path): a real file's JSON is whole")
        var noBudget = ""
        JSONRenderer(document: doc, diagnostics: diagnostics, repeatBudget: 0).render { noBudget += $0 }
        let repeats = try? JSONSerialization.jsonObject(with: Data(noBudget.utf8)) as? [String: Any]
        #expect((repeats?["objects"] as? [Any])?.count == doc.graph.objectCount, "\(path): JSON with repeats")
        return (doc, diagnostics)
    }

    @Test func validFilesDecodeWithoutErrors() throws {
        var count = 0
        for folder in Self.validFolders {
            for path in Corpus.files(folder) {
                let (doc, diagnostics) = try Self.process(path)
                let name = String(path.split(separator: "/").last ?? "")
                #expect(doc.isDecoded, "\(path) not decoded: \(doc.format)")
                let errors = diagnostics.filter { $0.severity == .error }
                if Self.expectedErrors[name] == nil {
                    #expect(errors.isEmpty, "\(path): \(errors.prefix(2))")
                }
                count += 1
            }
        }
        #expect(count >= 180)
    }

    @Test func corruptFilesGetLocatedDiagnostics() throws {
        for path in Corpus.files("corrupt") {
            let (_, diagnostics) = try Self.process(path)
            #expect(diagnostics.contains { $0.range != nil && $0.severity >= .warning }, "\(path): no located problem")
        }
    }

    @Test func neighbouringFormatsAreNamed() throws {
        for path in Corpus.files("other") {
            let (doc, diagnostics) = try Self.process(path)
            switch doc.format {
            case .openStepPlist:
                #expect(!diagnostics.contains { $0.severity == .error }, "\(path)")
            case .nibArchive:
                #expect(!diagnostics.contains { $0.severity >= .warning }, "\(path): \(diagnostics.prefix(2))")
            case .gnustepArchive, .unknown:
                #expect(diagnostics.first?.id.hasPrefix("format.") == true, "\(path)")
            default:
                Issue.record("\(path): unexpected format \(doc.format)")
            }
        }
    }
}

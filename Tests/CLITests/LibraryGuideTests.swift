import ArchiveModel
import Foundation
import Testing
import TestSupport

// The code of ArchiveModel.docc's getting-started article, compiled and run here so that the article
// cannot drift from the API: each function below is quoted in the article as it is.

/// Opens a file (or, with `bytes`, bytes in memory) and says what it is.
func openArchive(path: String) throws(InputBytes.ReadError) -> ArchiveDocument {
    let input = try InputBytes.read(path: path)   // small files copied, large ones mapped read-only
    return ArchiveDocument.open(input, name: path)
}

func openArchive(bytes: [UInt8], name: String) -> ArchiveDocument {
    ArchiveDocument.open(InputBytes(bytes), name: name)
}

/// The classes of the objects reachable from the top level, with how many objects have each.
func classCounts(of graph: any ObjectGraph) -> [String: Int] {
    var counts: [String: Int] = [:]
    var seen = Set<ObjectID>()
    var pending = graph.topLevel.compactMap(\.value.objectID)
    while let id = pending.popLast() {
        guard seen.insert(id).inserted else { continue }   // shared objects and cycles: once each
        let object = graph.object(id)
        if let name = object.className { counts[name, default: 0] += 1 }
        for field in object.fields {
            field.value.forEachReference { reference in
                if let next = reference.objectID { pending.append(next) }
            }
        }
    }
    return counts
}

/// The full check: every problem, as `--check` prints it, and what the first one means.
func problems(of document: ArchiveDocument) -> (lines: [String], worst: Severity?, firstExplained: [String]) {
    let diagnostics = DocumentCheck.fullCheck(of: document).sortedByOffset()
    let lines = diagnostics.map(\.description)   // "2381: error: keyed.ref.dangling: …"
    let explained = diagnostics.first.flatMap { DiagnosticRegistry.kind($0.id) }
        .map { DiagnosticExplanation.lines($0) } ?? []
    return (lines, diagnostics.worstSeverity, explained)
}

@Suite struct LibraryGuideTests {
    @Test func openDetectWalkAndCheckTheDemo() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ab-guide-\(getpid()).plist").path
        try Data(DemoArchive.bytes()).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }

        let document = try openArchive(path: path)
        #expect(document.format == .binaryPlist)
        #expect(document.isDecoded)
        #expect(document.graph.graphKind == .keyedArchive)
        let classes = classCounts(of: document.graph)
        #expect(!classes.isEmpty && classes.values.allSatisfy { $0 > 0 }, "\(classes)")
        #expect(classes["NSMutableArray", default: 0] + classes["NSArray", default: 0] > 0, "\(classes)")
        let clean = problems(of: document)
        #expect(clean.worst == nil || clean.worst == .note, "\(clean.lines)")
    }

    @Test func theDamagedDemoHasLocatedDiagnostics() {
        let document = openArchive(bytes: DemoArchive.bytes(corrupt: true), name: "corrupt.plist")
        let damaged = problems(of: document)
        #expect(damaged.worst == .error)
        #expect(damaged.lines.contains { $0.hasPrefix("2381: error: keyed.ref.dangling: ") }, "\(damaged.lines)")
        #expect(!damaged.firstExplained.isEmpty, "the first diagnostic's id is in the catalog")
    }

    /// Every Swift listing of the article that is code (not the Package.swift lines) is in this file
    /// as it is, so the code the tests compile is the code the article shows.
    @Test func theArticlesListingsAreThisFilesCode() throws {
        let docc = Corpus.repositoryRoot + "/Sources/ArchiveModel/ArchiveModel.docc/GettingStarted.md"
        let article = try String(contentsOfFile: docc, encoding: .utf8)
        let source = try String(contentsOfFile: "\(#filePath)", encoding: .utf8)
        let listings = article.components(separatedBy: "```swift\n").dropFirst()
            .compactMap { $0.components(separatedBy: "```").first }
            .filter { $0.contains("func ") }
        #expect(listings.count == 3, "open, walk and check listings")
        for listing in listings {
            let code = listing.replacingOccurrences(of: "import ArchiveModel\n\n", with: "")
            #expect(source.contains(code), "GettingStarted.md's listing is in LibraryGuideTests.swift as it is:\n\(code)")
        }
    }
}

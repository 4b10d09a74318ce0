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

/// The document's objects as values, written as JSON (`--unarchive json`).
func exportJSON(of document: ArchiveDocument) -> [UInt8] {
    var output: [UInt8] = []
    let shapes = ExportShapes(graph: document.graph)
    var exporter = ArchiveExporter(shapes: shapes)
    var sink = JSONExportSink { output += $0 }   // called with each chunk of bytes
    exporter.write(shapes.root, to: &sink)
    return output
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

    /// The demo library's books as JSON: known classes as values (a date), its own classes as
    /// dictionaries, and the book's link back to its library (a cycle) as a reference marker.
    @Test func exportTheDemoAsJSON() throws {
        let document = openArchive(bytes: DemoArchive.bytes(), name: "demo.plist")
        let json = try JSONSerialization.jsonObject(with: Data(exportJSON(of: document)))
        let root = try #require((json as? [String: Any])?["root"] as? [String: Any])
        #expect(root["name"] as? String == "Demo Library")
        let books = try #require(root["books"] as? [[String: Any]])
        let first = try #require(books.first)
        #expect((first["published"] as? [String: Any])?["$date"] as? String == "1969-01-01T00:00:00Z")
        #expect((first["library"] as? [String: Any])?["$path"] as? String == "root", "the cycle is a marker")
        #expect(first["$class"] as? [String] == ["Book", "NSObject"])
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
        #expect(listings.count == 4, "open, walk, check and export listings")
        for listing in listings {
            let code = listing.replacingOccurrences(of: "import ArchiveModel\n\n", with: "")
            #expect(source.contains(code), "GettingStarted.md's listing is in LibraryGuideTests.swift as it is:\n\(code)")
        }
    }
}

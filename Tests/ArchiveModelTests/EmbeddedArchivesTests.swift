import Testing
@testable import ArchiveModel
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchiveOutput
@testable import ArchiveSources

/// The one embedded-archive service: where an archive's place is, and the bounds every walk shares.
@Suite struct EmbeddedArchivesTests {
    @Test func aPlaceNamesTheObjectAndTheFieldEscaped() {
        #expect(ArchivePlace.dataValue(object: 12, field: "NS.data").description == "object #12, field \"NS.data\"")
        #expect(ArchivePlace.dataValue(object: 3, field: nil).description == "object #3")
        #expect(ArchivePlace.dataValue(object: 3, field: "k\u{1B}[1m").description == "object #3, field \"k\\e[1m\"")
        #expect(ArchivePlace.afterHeader(offset: 48).description == "offset 48")
    }

    /// An NSMutableData whose `NS.data` refers to a data object: the instance's row, the field's row
    /// and the search over the whole graph all find one archive, at the data object.
    @Test func anNSDataInstanceAndItsDataObjectAreOnePlace() throws {
        var a = KeyedArchiveBuilder()
        let blob = a.add(.data(DemoArchive.bytes()))
        let body = a.object("NSMutableData", superclasses: ["NSData", "NSObject"], [("NS.data", .ref(blob))])
        let root = a.object("Holder", [("body", .ref(body))])
        a.top = [("root", .ref(root))]
        let node = DocumentNode(root: ArchiveDocument.open(InputBytes(a.buildBinary()), name: "outer"))
        let graph = node.document.graph
        var found: [FoundArchive] = []
        EmbeddedArchives.forEach(in: node) { found.append($0); return true }
        #expect(found.map(\.place) == [.dataValue(object: blob, field: nil)])
        let row = OutlineNode(label: "body", value: .reference(.object(body)), target: body, summary: "")
        let viaInstance = try #require(EmbeddedArchives.archive(at: row, owner: root, in: node, object: graph.object))
        #expect(viaInstance.place == .dataValue(object: blob, field: nil))
        #expect(viaInstance.offset == found.first?.offset && viaInstance.offset != nil)
    }

    /// The dump opens embedded archives within the same budget as the check: past it an archive is
    /// named, not dumped.
    @Test func theDumpStopsAtTheBudget() {
        let document = ArchiveDocument.open(InputBytes(EmbeddedCheckTests.outer()), name: "outer")
        let node = DocumentNode(root: document)
        let budget = EmbeddedBudget(limit: DemoArchive.bytes(corrupt: true).count)
        var lines: [String] = []
        DumpRenderer(node: node, diagnostics: [], index: GraphIndex(graph: document.graph), budget: budget).render { lines.append($0) }
        let skipped = lines.filter { $0.contains("not dumped, the embedded bytes opened for this input reached \(budget.limit)") }
        #expect(skipped.count == 1, "\(lines.filter { $0.contains("embedded") })")
        #expect(budget.skipped == 1)
        #expect(lines.contains { $0.contains("┊") && $0.contains("(embedded binary plist (bplist00) at file offset") && !$0.contains("not dumped") })
    }
    /// `--json` checks the document on one core while it writes the objects, then lists the
    /// bookmarks: the search for the objects holding archives runs once for both, whichever asks
    /// first, and gives what a search of the graph alone gives.
    @Test func theCheckAndTheJSONBookmarksShareOneSearch() {
        let document = ArchiveDocument.open(InputBytes(EmbeddedCheckTests.outer()), name: "outer")
        #expect(document.archiveHolders.searches == 0)
        let (diagnostics, _) = Parallel.both(count: .max, { DocumentCheck.fullCheck(of: document) }, {
            var places: [ArchivePlace] = []
            document.forEachArchive { places.append($0.place); return true }
            return places
        })
        var json = ""
        JSONRenderer(document: document, diagnostics: diagnostics).render { json += $0 }
        #expect(document.archiveHolders.searches == 1)
        var shared: [FoundArchive] = [], alone: [FoundArchive] = []
        document.forEachArchive { shared.append($0); return true }
        EmbeddedArchives.forEach(in: document.graph) { alone.append($0); return true }
        #expect(shared == alone && shared.count == 2)
        #expect(document.archiveHolders.searches == 1)
        #expect(json.contains("\"diagnostics\""))
    }
}

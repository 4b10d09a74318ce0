@testable import ArchiveModel
@testable import ArchiveDocuments
@testable import ArchiveOutput
import Testing

/// `--json` reads the next objects on another thread while it writes the current ones
/// (`JSONRenderer.forEachObject`). The writing stays in order on one thread, so the document must be
/// byte for byte the one written object by object, whatever the chunk size, with repeats named
/// across chunk edges as before.
@Suite struct JSONReadAheadTests {
    /// An archive of `count` objects, each holding the same long text (written again in each).
    static func archive(objects count: Int) -> ArchiveDocument {
        var a = KeyedArchiveBuilder()
        let long = String(repeating: "repeated long text ", count: 8)
        var items: [Int] = []
        for i in 0..<count {
            items.append(a.object("Item", [("index", .int(Int64(i))), ("text", .string(long)), ("note", .string("item \(i)"))]))
        }
        let root = a.object("NSArray", [("NS.objects", .refs(items))])
        a.top = [("root", .ref(root))]
        return ArchiveDocument.open(InputBytes(a.buildBinary()), name: "read-ahead")
    }

    static func json(_ document: ArchiveDocument, chunk: Int, budget: Int? = nil) -> String {
        var renderer = JSONRenderer(document: document, diagnostics: [], repeatBudget: budget)
        renderer.objectChunk = chunk
        var text = ""
        renderer.render { text += $0 }
        return text
    }

    @Test(arguments: [1, 7, 64, 4096])
    func theDocumentIsTheSameWithReadAhead(chunk: Int) {
        let document = Self.archive(objects: 300)
        let sequential = Self.json(document, chunk: 0)
        #expect(Self.json(document, chunk: chunk) == sequential)
        #expect(sequential.contains("\"id\":300"))
    }

    @Test func repeatsPastTheBudgetAreNamedAcrossChunkEdges() {
        let document = Self.archive(objects: 50)
        let sequential = Self.json(document, chunk: 0, budget: 0)
        #expect(sequential.contains("\"repeatOf\""))
        #expect(Self.json(document, chunk: 3, budget: 0) == sequential)
    }

    @Test func objectsAreVisitedOnceInOrder() {
        let graph = Self.archive(objects: 100).graph
        var ids: [ObjectID] = []
        JSONRenderer.forEachObject(of: graph, chunk: 9) { ids.append($0.id) }
        #expect(ids == Array(0..<graph.objectCount))
    }
}

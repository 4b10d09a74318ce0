import Synchronization
import Testing
@testable import ArchiveModel
@testable import Typedstream
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveOutput

/// `--dump` names up to three referrers of each shared object. A mutated nib in the corruption campaign
/// (a plain plist whose root array lists thousands of shared objects) took 57 s in a release build
/// because the root was decoded again for every shared object's referrer list.
@Suite struct DumpReferrerTests {
    @Test func aLargeReferrerIsDecodedOnceForAllSharedObjects() {
        let n = 400
        var b = BinaryPlistBuilder()
        b.add(.null) // 0: the root, set below
        let key = b.add(.string("k"))
        let shared = (0..<n).map { b.add(.dict([(key, b.add(.integer(Int64($0))))])) }
        b.objects[0] = .array(shared.flatMap { [$0, $0] })
        let tree = BinaryPlistTree(InputBytes(b.build().bytes))
        let graph = CountingGraph(PlistObjectGraph(tree: tree))
        let document = ArchiveDocument(name: "shared", input: tree.input, format: tree.format, tree: tree, graph: graph)
        let index = GraphIndex(graph: graph)
        graph.reset()
        var lines: [String] = []
        DumpRenderer(document: document, diagnostics: [], index: index).render { lines.append($0) }
        #expect(lines.contains { $0.contains("#0.[1]") }, "referrer lists are still written")
        // The root (2n items) is read a few times (shown, named as a referrer), not once per shared
        // dictionary (n = 400 times).
        #expect(graph.reads(of: 0) <= 4, "root read \(graph.reads(of: 0)) times")
    }

    /// Counts object and structure reads per id.
    final class CountingGraph: ObjectGraph, @unchecked Sendable {
        // Safety: the counts are behind a Mutex; the wrapped graph is immutable.
        let base: any ObjectGraph
        private let counts = Mutex<[ObjectID: Int]>([:])
        init(_ base: any ObjectGraph) { self.base = base }

        var container: ContainerFormat { base.container }
        var archiveKind: String { base.archiveKind }
        var input: InputBytes { base.input }
        var objectCount: Int { base.objectCount }
        var topLevel: [Field] { base.topLevel }
        var openDiagnostics: [Diagnostic] { base.openDiagnostics }
        func object(_ id: ObjectID) -> GraphObject { count(id); return base.object(id) }
        func structure(_ id: ObjectID) -> GraphObject { count(id); return base.structure(id) }
        func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] { base.fullCheck(progress: progress) }

        private func count(_ id: ObjectID) { counts.withLock { $0[id, default: 0] += 1 } }
        func reads(of id: ObjectID) -> Int { counts.withLock { $0[id] ?? 0 } }
        func reset() { counts.withLock { $0 = [:] } }
    }
}

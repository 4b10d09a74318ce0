import Synchronization
import Testing
@testable import ArchiveModel
@_spi(ArchiveInternals) import ArchiveCore
@testable import KeyedArchive
@testable import ArchivePresentation

/// Long collections are read on demand: showing the row of an array of a million elements, or its
/// first screen of children, reads a few plist nodes, never the whole list (issue 7).
@Suite struct LazyCollectionTests {
    /// A binary plist tree that records which nodes were decoded.
    final class CountingTree: PlistTree, @unchecked Sendable {
        // Safety: the counters are behind a Mutex; the wrapped tree is immutable.
        let base: BinaryPlistTree
        private let seen = Mutex<(calls: Int, ids: Set<Int>)>((0, []))
        init(_ bytes: [UInt8]) { base = BinaryPlistTree(InputBytes(bytes)) }

        var format: ContainerFormat { base.format }
        var input: InputBytes { base.input }
        var nodeCount: Int { base.nodeCount }
        var rootID: Int? { base.rootID }
        var openDiagnostics: [Diagnostic] { base.openDiagnostics }
        func node(_ id: Int) -> PlistNode {
            seen.withLock { $0.calls += 1; $0.ids.insert(id) }
            return base.node(id)
        }
        func isString(_ id: Int, equalTo text: String) -> Bool { base.isString(id, equalTo: text) }
        func arrayElements(_ id: Int) -> PlistArrayElements? { base.arrayElements(id) }
        func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] { base.fullCheck(progress: progress) }

        var nodeCalls: Int { seen.withLock { $0.calls } }
        func decoded(_ id: Int) -> Bool { seen.withLock { $0.ids.contains(id) } }
        func reset() { seen.withLock { $0 = (0, []) } }
    }

    /// An archive whose root is an NSArray of `count` elements, element i referring to object `elements[i % elements.count]`.
    static func arrayArchive(count: Int, distinct: Int) -> (bytes: [UInt8], arrayID: Int, elementIDs: [Int]) {
        var a = KeyedArchiveBuilder()
        let elements = (0..<distinct).map { a.add(.int(Int64($0))) }
        let array = a.object("NSArray", [("NS.objects", .refs((0..<count).map { elements[$0 % distinct] }))])
        a.top = [("root", .ref(array))]
        return (a.buildBinary(), array, elements)
    }

    @Test func firstScreenOfAMillionElementArrayReadsAFewNodes() {
        let (bytes, _, _) = Self.arrayArchive(count: 1_000_000, distinct: 3)
        let tree = CountingTree(bytes)
        let graph = KeyedArchiveGraph(tree: tree)
        let outline = Outline(graph: graph)
        let root = outline.roots()[0]
        let rows = (0..<22).map { outline.child(of: root, at: $0) }
        #expect(root.summary == "1000000 items")
        #expect(outline.childCount(of: root) == 1_000_001) // elements + "raw fields"
        #expect(rows.last?.label == "[21]")
        // Each of the million elements is its own UID node; reading them all would decode a million.
        #expect(tree.nodeCalls < 20_000)
        #expect(!tree.decoded(Self.elementNodes(tree.base, graph, graph.objectCount - 1).last ?? -1))
    }

    /// The plist node ids of the `NS.objects` items of object `id`, read without counting.
    static func elementNodes(_ tree: BinaryPlistTree, _ graph: KeyedArchiveGraph, _ id: Int) -> PlistArrayElements {
        guard case .dict(let keys, let values) = tree.node(graph.objectNodeIDs[id]).value else { return .empty }
        for (k, v) in zip(keys, values) where tree.isString(k, equalTo: "NS.objects") {
            return tree.arrayElements(v) ?? .empty
        }
        return .empty
    }

    @Test func elementsAreReadWhenTheirRowIsAskedFor() {
        let (bytes, _, elements) = Self.arrayArchive(count: 5000, distinct: 5000)
        let tree = CountingTree(bytes)
        let graph = KeyedArchiveGraph(tree: tree)
        let outline = Outline(graph: graph)
        let root = outline.roots()[0]
        _ = (0..<22).map { outline.child(of: root, at: $0) }
        #expect(!tree.decoded(elements[4999]))
        let last = outline.child(of: root, at: 4999)
        #expect(last.label == "[4999]")
        #expect(last.target == elements[4999])
        #expect(last.summary == "4999")
    }

    @Test func aCollectionRowReportsItsCountWithoutReadingItems() {
        let (bytes, arrayID, _) = Self.arrayArchive(count: 200_000, distinct: 2)
        let tree = CountingTree(bytes)
        let graph = KeyedArchiveGraph(tree: tree)
        tree.reset()
        let view = ObjectView(object: graph.object(arrayID), graph: graph)
        #expect(view.summary == "200000 items")
        #expect(view.children.count == 200_000)
        #expect(tree.nodeCalls < 4 * GraphValidation.shownItemLimit)
    }

    @Test func aLazyListReadsTheSameItemsAsAStoredOne() {
        let (bytes, arrayID, elements) = Self.arrayArchive(count: 3000, distinct: 7)
        let graph = KeyedArchiveGraph(tree: BinaryPlistTree(InputBytes(bytes)))
        guard case .list(let items) = graph.object(arrayID).field("NS.objects")?.value else {
            Issue.record("NS.objects is not a list"); return
        }
        #expect(items.isLazy)
        let expected = (0..<3000).map { FieldValue.reference(.object(elements[$0 % 7])) }
        #expect(Array(items) == expected)
        #expect(items == FieldList(expected))
        #expect(items.stored() == items && !items.stored().isLazy)
        #expect(GraphInvariants.violations(graph).isEmpty)
    }

    @Test func aShortListIsStored() {
        let (bytes, arrayID, _) = Self.arrayArchive(count: KeyedArchiveGraph.lazyListThreshold, distinct: 3)
        let graph = KeyedArchiveGraph(tree: BinaryPlistTree(InputBytes(bytes)))
        guard case .list(let items) = graph.object(arrayID).field("NS.objects")?.value else {
            Issue.record("NS.objects is not a list"); return
        }
        #expect(!items.isLazy && items.count == KeyedArchiveGraph.lazyListThreshold)
    }

    @Test func theFullCheckLooksAtEveryItemOfALongList() {
        var a = KeyedArchiveBuilder()
        let s = a.add(.string("x"))
        let late = GraphValidation.shownItemLimit + 10
        let refs = (0..<(late + 5)).map { $0 == late ? 0 : s }  // UID 0 (nil) past the shown limit
        let array = a.object("NSArray", [("NS.objects", .refs(refs))])
        a.top = [("root", .ref(array))]
        let graph = KeyedArchiveGraph(tree: BinaryPlistTree(InputBytes(a.buildBinary())))
        // Showing the object looks at the first items only; the full check finds the nil.
        #expect(!GraphValidation.shownObject(array, in: graph).diagnostics.contains { $0.id == "keyed.collection.nil-element" })
        let nils = graph.fullCheck().filter { $0.id == "keyed.collection.nil-element" }
        #expect(nils.map(\.message) == [NilElementRule.Messages.nilElement(array, "NS.objects", late)])
    }

    @Test func objectsTableIsReadOnDemand() {
        let (bytes, _, elements) = Self.arrayArchive(count: 10, distinct: 2000)
        let tree = CountingTree(bytes)
        let graph = KeyedArchiveGraph(tree: tree)
        #expect(graph.objectCount == elements.count + 3) // $null, the elements, the class, the array
        // Opening decodes the root, $top and $objects[0]; not the $objects array or its entries.
        #expect(tree.nodeCalls < 20)
        #expect(graph.object(elements[1999]).value?.integerValue == 1999)
    }
}

import Testing
@testable import ArchiveModel
@testable import ArchiveCore
@testable import KeyedArchive

/// An inline array listed by several objects (plistlib writes one for a list used twice): whole-file
/// passes show it under its owner, link the other holders to it, and stay linear in the input.
@Suite struct SharedInlineListTests {
    /// `$objects`: $null, holder #1, holder #2, the string #3 the list points at, the class #4. `$top`
    /// refers to `topHolder`; both holders list the same plist array of `count` UIDs to #3.
    static func archive(count: Int = 70, topHolder: Int = 2) -> KeyedArchiveGraph {
        var b = BinaryPlistBuilder()
        b.add(.null) // the root, set below
        let key = { (s: String) in b.add(.string(s)) }
        let classKey = key("$class"), listKey = key("list")
        let list = b.add(.array(Array(repeating: b.add(.uid(3)), count: count)))
        let holder = b.add(.dict([(classKey, b.add(.uid(4))), (listKey, list)]))
        let cls = b.add(.dict([(key("$classname"), key("Holder")), (key("$classes"), b.add(.array([key("Holder")])))]))
        let objects = b.add(.array([key("$null"), holder, b.add(.dict([(classKey, b.add(.uid(4))), (listKey, list)])), key("target"), cls]))
        let top = b.add(.dict([(key("root"), b.add(.uid(UInt64(topHolder))))]))
        b.objects[0] = .dict([(key("$archiver"), key("NSKeyedArchiver")), (key("$top"), top), (key("$objects"), objects)])
        return KeyedArchiveGraph(tree: BinaryPlistTree(InputBytes(b.build().bytes)))
    }

    @Test func theLowestHolderShowsTheListAndTheOthersLinkToIt() {
        let graph = Self.archive()
        let shared = graph.sharedInlineLists()
        #expect(shared.count == 1)
        #expect(shared.values.first?.owner == 1)
        #expect(shared.values.first?.holders == 2)
        let read = graph.makeStructureReader()
        guard case .list(let items) = read(1).field("list")?.value else { Issue.record("owner has no list"); return }
        #expect(items.count == 70)
        guard case .sameAs(let same) = read(2).field("list")?.value else { Issue.record("holder #2 repeats the list"); return }
        #expect(same.owner == 1 && same.node == shared.keys.first)
        #expect(same.description.contains("inline array of #1"))
        #expect(read(2).sharedListLinks == [SharedListLink(node: shared.keys.first ?? -1, targets: nil)])
    }

    @Test func oneWarningOnTheOwner() {
        let d = Self.archive().fullCheck().filter { $0.id == "keyed.inline.shared" }
        #expect(d.count == 1)
        #expect(d.first?.object == 1)
        #expect(d.first?.severity == .warning)
        #expect(d.first?.range != nil)
    }

    /// Only holder #2 is reachable: what the list points at is reached through it, the owner is not.
    @Test func reachabilityGoesThroughEveryHolder() throws {
        let graph = Self.archive(topHolder: 2)
        let index = try #require(GraphIndex(graph: graph))
        #expect(index.reachable == [false, false, true, true, true])
        #expect(Self.archive(topHolder: 1).fullCheck().contains { $0.id == "keyed.object.unreachable" && $0.object == 2 })
        // References are counted where the list is shown.
        #expect(index.referenceCount(of: 3) == 70)
        #expect(index.referrers(of: 3, limit: 1).first == Referrer(from: 1, key: "list[0]"))
    }

    /// Each holder wraps the shared list in a one-item list of its own: the shared list is still shown once.
    @Test func aListSharedInsideOtherListsIsFoundToo() throws {
        var b = BinaryPlistBuilder()
        b.add(.null)
        let key = { (s: String) in b.add(.string(s)) }
        let classKey = key("$class"), listKey = key("list"), classUID = b.add(.uid(4))
        let list = b.add(.array(Array(repeating: b.add(.uid(3)), count: 70)))
        let holders = (0..<2).map { _ in b.add(.dict([(classKey, classUID), (listKey, b.add(.array([list])))])) }
        let cls = b.add(.dict([(key("$classname"), key("Holder")), (key("$classes"), b.add(.array([key("Holder")])))]))
        let objects = b.add(.array([key("$null")] + holders + [key("target"), cls]))
        let top = b.add(.dict([(key("root"), b.add(.uid(2)))]))
        b.objects[0] = .dict([(key("$archiver"), key("NSKeyedArchiver")), (key("$top"), top), (key("$objects"), objects)])
        let graph = KeyedArchiveGraph(tree: BinaryPlistTree(InputBytes(b.build().bytes)))
        #expect(graph.sharedInlineLists().keys.sorted() == [list])
        guard case .list(let wrapper) = graph.makeStructureReader()(2).field("list")?.value, case .sameAs = wrapper.first else {
            Issue.record("holder #2 repeats the nested list"); return
        }
        let index = try #require(GraphIndex(graph: graph))
        #expect(index.reachable[3])
        #expect(!index.reachable[1])
    }

    /// A list counts itself as one value, like a repeat within one object (`repeatedInlineLimit`).
    @Test func shortListsAreRepeatedInEveryHolder() {
        let items = KeyedArchiveGraph.sharedListMinimum - 1
        let graph = Self.archive(count: items)
        #expect(graph.sharedInlineLists().isEmpty)
        guard case .list(let list) = graph.makeStructureReader()(2).field("list")?.value else { Issue.record("no list"); return }
        #expect(list.count == items)
        #expect(Self.archive(count: items + 1).sharedInlineLists().count == 1)
    }

    /// The stand-in reads as a way to the owner, not as a broken value: no error mark, `f` leads there.
    @Test func theStandInIsShownLikeAReferenceToTheOwner() {
        let graph = Self.archive()
        _ = graph.fullCheck()
        let outline = Outline(graph: graph)
        let row = outline.node(label: "list", value: graph.object(2).field("list")?.value ?? .invalid("none"), range: nil)
        #expect(row.target == 1)
        #expect(row.severity == nil)
        #expect(row.summary.hasPrefix("same as #1: the inline array of #1"))
    }

    /// Showing one object never waits for the whole-file pass: until it has run, every holder shows the list.
    @Test func browsingBeforeTheWholeFilePassShowsTheListEverywhere() {
        let graph = Self.archive()
        guard case .list = graph.object(2).field("list")?.value else { Issue.record("no list before the pass"); return }
        _ = graph.fullCheck()
        guard case .sameAs = graph.object(2).field("list")?.value else { Issue.record("list repeated after the pass"); return }
    }
}

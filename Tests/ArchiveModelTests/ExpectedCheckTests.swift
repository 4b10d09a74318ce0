import Dispatch
import Synchronization
import Testing
@testable import ArchiveCore
@testable import BinaryPlist
@testable import KeyedArchive
@testable import ArchiveDocuments
@testable import ArchiveRecovery

/// A full check announced before it starts (`DocumentCheck.expectFullCheck(of:)`, as `--unarchive`
/// and `--json` do for the check they run beside the export): a whole-file reader that asks for the
/// shared content meanwhile takes the check's verdict instead of searching the objects too.
@Suite struct ExpectedCheckTests {
    /// `$objects`: $null, holders #1 and #2, the string #3 their lists point at, the class #4; with
    /// `sharing`, both holders list one plist array of 70 UIDs, else each has a list of its own.
    static func archiveBytes(sharing: Bool) -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.add(.null) // the root, set below
        let key = { (s: String) in b.add(.string(s)) }
        let classKey = key("$class"), listKey = key("list"), classUID = b.add(.uid(4))
        let list = { b.add(.array(Array(repeating: b.add(.uid(3)), count: 70))) }
        let first = list(), second = sharing ? first : list()
        let holders = [first, second].map { b.add(.dict([(classKey, classUID), (listKey, $0)])) }
        let cls = b.add(.dict([(key("$classname"), key("Holder")), (key("$classes"), b.add(.array([key("Holder")])))]))
        let objects = b.add(.array([key("$null")] + holders + [key("target"), cls]))
        let top = b.add(.dict([(key("root"), b.add(.uid(1)))]))
        b.objects[0] = .dict([(key("$archiver"), key("NSKeyedArchiver")), (key("$top"), top), (key("$objects"), objects)])
        return b.build().bytes
    }

    static func graph(sharing: Bool) -> KeyedArchiveGraph {
        KeyedArchiveGraph(tree: BinaryPlistTree(InputBytes(archiveBytes(sharing: sharing))))
    }

    static func searches(_ graph: KeyedArchiveGraph) -> Int { graph.sharedContentSearches.load(ordering: .relaxed) }
    static func isExpecting(_ graph: KeyedArchiveGraph) -> Bool { graph.checkExpected.load(ordering: .relaxed) }

    /// Runs `read` on another thread while this one runs the announced check; returns what it read.
    static func readBesideAnnouncedCheck<T: Sendable>(_ graph: KeyedArchiveGraph, _ read: @escaping @Sendable () -> T) -> T? {
        graph.expectFullCheck()
        let result = Mutex<T?>(nil), group = DispatchGroup()
        DispatchQueue.global().async(group: group) { let value = read(); result.withLock { $0 = value } }
        _ = graph.fullCheck()
        graph.endExpectedCheck()
        group.wait()
        return result.withLock { $0 }
    }

    /// No container is shared: the container pass says so, and nobody searches the objects.
    @Test func aReaderBesideTheCheckTakesItsVerdict() {
        let graph = Self.graph(sharing: false)
        let lists = Self.readBesideAnnouncedCheck(graph) { graph.sharedInlineLists().count }
        #expect(lists == 0)
        #expect(Self.searches(graph) == 0)
    }

    /// Without an announcement, a reader that comes before the check searches (as before).
    @Test func anUnannouncedReaderSearches() {
        let graph = Self.graph(sharing: false)
        #expect(graph.sharedInlineLists().isEmpty)
        #expect(Self.searches(graph) == 1)
        _ = graph.fullCheck()
        #expect(Self.searches(graph) == 1)
    }

    /// A shared list is found once, and the reader beside the check sees it as a reader alone does.
    @Test func sharedContentFoundOnceForBoth() {
        let graph = Self.graph(sharing: true)
        let standIn = Self.readBesideAnnouncedCheck(graph) { () -> Bool in
            if case .sameAs? = graph.makeStructureReader()(2).field("list")?.value { return true }
            return false
        }
        #expect(standIn == true)
        #expect(graph.sharedInlineLists().count == 1)
        #expect(Self.searches(graph) == 1)
    }

    /// Once the container pass has said "shared", the announced check is the one searching: a reader
    /// that comes then waits for its lists instead of searching beside it (it did, under load, and the
    /// search ran twice).
    @Test func aReaderAfterTheSharedVerdictWaitsForTheCheck() {
        let graph = Self.graph(sharing: true)
        _ = graph.tree.fullCheck()
        #expect(graph.tree.knownSharing.mayShareContainers == true)
        graph.expectFullCheck()
        let returned = DispatchSemaphore(value: 0), lists = Mutex<Int?>(nil)
        DispatchQueue.global().async {
            let count = graph.sharedInlineLists().count
            lists.withLock { $0 = count }
            returned.signal()
        }
        // The reader cannot return while the check has not published (a slow start proves nothing
        // either way, and never fails).
        #expect(returned.wait(timeout: .now() + 0.3) == .timedOut)
        _ = graph.fullCheck()
        returned.wait()
        #expect(lists.withLock { $0 } == 1)
        #expect(Self.searches(graph) == 1)
    }

    /// The document's announcement ends when the checking thread says its check has ended, even if the
    /// check never came to the graph: a later reader does not wait, and searches itself.
    @Test func theAnnouncementEndsWithTheCheck() throws {
        let document = ArchiveDocument.open(InputBytes(Self.archiveBytes(sharing: true)), name: "shared.bplist")
        let graph = try #require(document.graph as? KeyedArchiveGraph)
        let ended = DocumentCheck.expectFullCheck(of: document)
        #expect(Self.isExpecting(graph))
        ended()
        ended()
        #expect(!Self.isExpecting(graph))
        #expect(graph.sharedInlineLists().count == 1)
    }

    /// Only a keyed archive's graph is told (other graphs have no search to skip).
    @Test func otherDocumentsAreNotTold() {
        var b = BinaryPlistBuilder()
        b.add(.array([b.add(.string("a"))]))
        let document = ArchiveDocument.open(InputBytes(b.build().bytes), name: "plain.bplist")
        #expect(!(document.graph is KeyedArchiveGraph))
        DocumentCheck.expectFullCheck(of: document)()
    }
}

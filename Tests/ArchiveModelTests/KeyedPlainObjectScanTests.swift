@testable import ArchiveModel
@testable import ArchiveCore
@testable import OpenStepPlist
@testable import KeyedArchive
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveOutput
@testable import ArchiveSources
import FuzzSupport
import Testing
import TestSupport

/// The full check reads plain objects straight from the bytes (`KeyedPlainObjectScan`) and every other
/// object in full with its rules. These tests hold the two paths to the same result: the same edges
/// for a plain object, nothing taken for an object a rule reports, and the same diagnostics for a
/// whole check with the shortcut on and off, on fixtures, on damaged copies of them and on the corpus.
@Suite struct KeyedPlainObjectScanTests {
    /// An archive whose objects are plain, beside objects that each set off one rule.
    static func mixedArchive() -> (builder: KeyedArchiveBuilder, plain: [Int], unusual: [String: Int]) {
        var a = KeyedArchiveBuilder()
        let name = a.add(.string("a name"))
        let number = a.add(.int(42))
        let key = a.add(.string("k"))
        let dict = a.object("NSDictionary", [("NS.keys", .refs([key, key])), ("NS.objects", .refs([name, number]))])
        let person = a.object("Person", [("name", .ref(name)), ("age", .int(7)), ("score", .real(1.5)), ("friend", .ref(0)),
                                         ("blob", .data([1, 2, 3])), ("dict", .ref(dict))])
        var unusual: [String: Int] = [:]
        unusual["keyed.collection.nil-element"] = a.object("NSArray", [("NS.objects", .refs([name, 0]))])
        unusual["keyed.dictionary.count-mismatch"] = a.object("NSDictionary", [("NS.keys", .refs([key])), ("NS.objects", .refs([name, number]))])
        unusual["keyed.ref.dangling"] = a.object("Person", [("name", .rawUID(9_999))])
        unusual["keyed.key.reserved"] = a.object("Person", [("$classy", .int(1))])
        unusual["keyed.key.duplicate"] = a.object("Person", [("name", .ref(name)), ("name", .ref(number))])
        unusual["keyed.class.missing"] = a.add(.rawDictionary([("name", .ref(name))]))
        unusual["keyed.collection.count-mismatch"] = a.object("_NSKeyedCoderOldStyleArray", [("NS.count", .int(3)), ("$0", .int(1))])
        unusual["keyed.class.not-class-dictionary"] = a.add(.object(classID: name, fields: [("x", .int(1))]))
        let root = a.object("NSArray", [("NS.objects", .refs([person, dict] + unusual.values.sorted()))])
        a.top = [("root", .ref(root))]
        return (a, [person, dict, root], unusual)
    }

    @Test func aPlainObjectGivesTheEdgesOfItsFullRead() throws {
        let graph = KeyedFixture.graph(Self.mixedArchive().builder)
        let tree = try #require(graph.binaryTree)
        for id in Self.mixedArchive().plain {
            var scanned = GraphEdges(objectCount: graph.objectCount), read = GraphEdges(objectCount: graph.objectCount)
            var scan = KeyedPlainObjectScan(graph: graph, tree: tree, cache: KeyedReadCache())
            #expect(scan.scan(id, nodeID: graph.objectNodeIDs[id], into: &scanned), "object #\(id) is plain")
            read.add(graph.read(id, cache: KeyedReadCache(), shared: SharedContent(), for: .fullCheck))
            #expect(scanned.from == read.from && scanned.to == read.to && scanned.field == read.field && scanned.item == read.item,
                    "object #\(id): references")
            #expect(scanned.linkFrom == read.linkFrom && scanned.linkTo == read.linkTo && scanned.linkIsClass == read.linkIsClass,
                    "object #\(id): class link")
            #expect(!scanned.to.isEmpty)
        }
    }

    @Test func anObjectARuleReportsIsLeftToTheFullRead() throws {
        let (builder, _, unusual) = Self.mixedArchive()
        let graph = KeyedFixture.graph(builder)
        let tree = try #require(graph.binaryTree)
        let reported = Set(graph.fullCheck().compactMap { d in d.object.map { "\(d.id) #\($0)" } })
        for (id, object) in unusual {
            var edges = GraphEdges(objectCount: graph.objectCount)
            var scan = KeyedPlainObjectScan(graph: graph, tree: tree, cache: KeyedReadCache())
            #expect(!scan.scan(object, nodeID: graph.objectNodeIDs[object], into: &edges), "\(id): object #\(object) is not plain")
            #expect(edges.to.isEmpty && edges.linkTo.isEmpty, "\(id): nothing added")
            #expect(reported.contains("\(id) #\(object)"), "the check reports \(id) at object #\(object)")
        }
    }

    @Test func theCheckIsTheSameWithAndWithoutTheShortcut() {
        #expect(Self.differences(KeyedFixture.graph(Self.mixedArchive().builder)) == [])
    }

    @Test func damagedCopiesCheckTheSameWithAndWithoutTheShortcut() {
        let bytes = Self.mixedArchive().builder.buildBinary()
        var generator = SplitMix64(seed: 0x706C_6169_6E29)
        var compared = 0
        for round in 0..<400 {
            var damaged = bytes
            for _ in 0..<(1 + round % 3) {
                let at = 8 + Int(generator.next() % UInt64(damaged.count - 40))
                damaged[at] = round % 2 == 0 ? UInt8(truncatingIfNeeded: generator.next()) : damaged[at] ^ (1 << (generator.next() % 8))
            }
            let graph = KeyedArchiveGraph(tree: BinaryPlistTree(InputBytes(damaged)))
            let found = Self.differences(graph)
            #expect(found == [], "round \(round)")
            if !found.isEmpty { break }
            compared += 1
        }
        #expect(compared == 400)
    }

    @Test(.enabled(if: Corpus.isPresent)) func corpusArchivesCheckTheSameWithAndWithoutTheShortcut() throws {
        var keyed = 0
        for path in Corpus.files("keyed-binary") + Corpus.files("corrupt") {
            guard let graph = try Corpus.open(path).graph as? KeyedArchiveGraph, graph.binaryTree != nil else { continue }
            keyed += 1
            #expect(Self.differences(graph) == [], "\(path)")
        }
        #expect(keyed > 60)
    }

    /// Diagnostics of the check with the shortcut that the check without it does not give, and the
    /// reverse, as text.
    static func differences(_ graph: KeyedArchiveGraph) -> [String] {
        let text = { (d: Diagnostic) in "\(d) object \(d.object.map(String.init) ?? "-") notes \(d.notes)" }
        let fast = graph.fullCheck(readingPlainObjectsInFull: false, progress: { _ in true }).map(text)
        let full = graph.fullCheck(readingPlainObjectsInFull: true, progress: { _ in true }).map(text)
        guard fast != full else { return [] }
        return fast.filter { !full.contains($0) }.map { "+ " + $0 } + full.filter { !fast.contains($0) }.map { "- " + $0 }
            + (Set(fast) == Set(full) ? ["(same diagnostics in another order)"] : [])
    }
}

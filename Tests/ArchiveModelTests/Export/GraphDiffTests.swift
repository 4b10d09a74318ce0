import Testing
@testable import ArchiveModel
@testable import ArchiveCore
@testable import BinaryPlist
@testable import XMLPlist
@testable import OpenStepPlist
@testable import KeyedArchive
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import Bookmark
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveOutput
@testable import ArchiveAudit
@testable import ArchiveSources
import FuzzSupport

/// `--diff`: graphs compared by path, not bytes.
@Suite struct GraphDiffTests {
    /// A library archive whose entries are added in `order` (so the same graph gets other UIDs and
    /// another byte layout), with `title` as the second book's title.
    private func library(reversed: Bool, title: String = "B", authorClass: String = "Author", secondAuthorIsFirst: Bool = true) -> ArchiveDocument {
        var a = KeyedArchiveBuilder()
        if reversed { for i in 0..<5 { a.add(.string("padding \(i)")) } }
        let author = a.object(authorClass, [("name", .string("Le Guin"))])
        let other = a.object(authorClass, [("name", .string("Le Guin"))])
        let t1 = a.add(.string("A")), t2 = a.add(.string(title))
        let b2 = a.object("Book", [("title", .ref(t2)), ("author", .ref(secondAuthorIsFirst ? author : other))])
        let b1 = a.object("Book", [("title", .ref(t1)), ("author", .ref(author))])
        let books = a.object("NSArray", [("NS.objects", .refs([b1, b2]))])
        a.top = [("root", .ref(books))]
        return ExportFixture.document(a.buildBinary())
    }

    @Test func theSameGraphInAnotherLayoutIsEqual() {
        let diff = GraphDiff(library(reversed: false).graph, library(reversed: true).graph)
        #expect(diff.isEqual)
    }

    @Test func aChangedValueIsNamedByItsPathWithBothObjects() throws {
        let a = library(reversed: false), b = library(reversed: true, title: "C")
        let diff = GraphDiff(a.graph, b.graph)
        #expect(diff.differences.count == 1)
        let d = try #require(diff.differences.first)
        #expect(d.kind == .changed)
        #expect(d.path == ["root", "1", "title"])
        #expect(d.a?.summary == "\"B\"")
        #expect(d.b?.summary == "\"C\"")
        let aObject = try #require(d.a?.object), bObject = try #require(d.b?.object)
        #expect(a.graph.object(aObject).value == .string("B"))
        #expect(b.graph.object(bObject).value == .string("C"))
        #expect(d.a?.range == a.graph.object(aObject).range)
        #expect(d.a?.holder != nil && d.b?.holder != nil)
        #expect(GraphDiffText.lines(diff).first == #"changed root.1.title: "B" → "C""#)
    }

    @Test func aClassChangeIsOneDifference() {
        let diff = GraphDiff(library(reversed: false).graph, library(reversed: false, authorClass: "Writer").graph)
        #expect(diff.differences.map(\.kind) == [.classChanged])
        #expect(diff.differences.first?.path == ["root", "0", "author", "$class"])
        #expect(diff.differences.first?.b?.summary == "Writer < NSObject")
    }

    @Test func aReferenceToAnotherObjectIsNamed() {
        // In the second archive the second book's author is an equal but separate object.
        let diff = GraphDiff(library(reversed: false).graph, library(reversed: false, secondAuthorIsFirst: false).graph)
        #expect(diff.differences.map(\.kind) == [.reference])
        #expect(diff.differences.first?.path == ["root", "1", "author"])
        #expect(diff.differences.first?.note?.contains("paired with the second's") == true)
    }

    @Test func addedAndRemovedKeysAndElements() {
        var a = KeyedArchiveBuilder(), b = KeyedArchiveBuilder()
        let x = a.object("Thing", [("old", .int(1)), ("same", .int(2))])
        let y = b.object("Thing", [("same", .int(2)), ("new", .int(3))])
        a.top = [("root", .ref(x))]
        b.top = [("root", .ref(y))]
        let diff = GraphDiff(ExportFixture.document(a.buildBinary()).graph, ExportFixture.document(b.buildBinary()).graph)
        #expect(diff.differences.map(\.kind) == [.removed, .added])
        #expect(diff.differences.map(\.path) == [["root", "old"], ["root", "new"]])
    }

    @Test func anXMLAndABinaryFormOfOneArchiveAreEqual() {
        let binary = library(reversed: false)
        // The keyed archive's own plist (not resolved) written as XML: UIDs as CF$UID dictionaries.
        var xml: [UInt8] = []
        var exporter = ArchiveExporter(shapes: ExportShapes(graph: PlistObjectGraph(tree: BinaryPlistTree(binary.input))))
        var sink = XMLPlistExportSink { xml += $0 }
        exporter.write(exporter.shapes.root, to: &sink)
        let xmlDocument = ExportFixture.document(xml)
        #expect(xmlDocument.graph is KeyedArchiveGraph)
        #expect(GraphDiff(binary.graph, xmlDocument.graph).isEqual)
    }

    @Test func aDAGWithTwoToThe64PathsIsComparedInItsSize() {
        let dag = ExportFixture.document(HostileInputs.keyedDAG())
        #expect(GraphDiff(dag.graph, dag.graph).isEqual)
        #expect(!GraphDiff(dag.graph, library(reversed: false).graph).isEqual)
    }

    /// A set stored in another order is equal; a changed element is named once.
    @Test func setElementsArePairedByContentNotOrder() {
        func tags(_ names: [String]) -> ArchiveDocument {
            var a = KeyedArchiveBuilder()
            let ids = names.map { a.add(.string($0)) }
            let owner = a.object("Owner", [("name", .string("o"))])
            let set = a.object("NSSet", [("NS.objects", .refs(ids + [owner]))])
            a.top = [("root", .ref(set))]
            return ExportFixture.document(a.buildBinary())
        }
        #expect(GraphDiff(tags(["a", "b", "c"]).graph, tags(["c", "a", "b"]).graph).isEqual)
        let changed = GraphDiff(tags(["a", "b", "c"]).graph, tags(["c", "x", "a"]).graph)
        #expect(changed.differences.map(\.kind) == [.changed])
        #expect(changed.differences.first?.a?.summary == "\"b\"")
        #expect(changed.differences.first?.b?.summary == "\"x\"")
    }
}

/// `--diff` of archives inside data values: compared as graphs, named through `$root`.
@Suite struct GraphDiffEmbeddedTests {
    private func library(reversed: Bool, title: String) -> [UInt8] {
        var a = KeyedArchiveBuilder()
        if reversed { for i in 0..<3 { a.add(.string("padding \(i)")) } }
        let book = a.object("Book", [("title", .string(title))])
        a.top = [("root", .ref(book))]
        return a.buildBinary()
    }

    private func envelope(_ inner: [UInt8]) -> ArchiveDocument {
        ExportFixture.document(ExportEmbeddedTests.holder(inner))
    }

    @Test func aChangeInsideAnEmbeddedArchiveIsNamedThroughItsRoot() throws {
        let diff = GraphDiff(envelope(library(reversed: false, title: "A")).graph, envelope(library(reversed: false, title: "B")).graph)
        let d = try #require(diff.differences.first)
        #expect(diff.differences.count == 1)
        #expect(d.kind == .changed)
        #expect(d.path == ["root", "payload", "$root", "root", "title"])
        #expect(d.a?.summary == "\"A\"" && d.b?.summary == "\"B\"")
        #expect(d.note?.contains("inside the archives embedded at root.payload") == true, "\(d.note ?? "")")
    }

    /// The same embedded graph in another byte layout: the data differ, the archives do not.
    @Test func embeddedArchivesWithAnotherLayoutAreEqual() {
        let first = library(reversed: false, title: "A"), second = library(reversed: true, title: "A")
        #expect(first != second)
        #expect(GraphDiff(envelope(first).graph, envelope(second).graph).isEqual)
    }

    /// Data that is not an archive on one side is compared as data.
    @Test func anArchiveAgainstPlainDataIsOneChangedValue() throws {
        let diff = GraphDiff(envelope(library(reversed: false, title: "A")).graph, envelope(Array("not an archive at all".utf8)).graph)
        let d = try #require(diff.differences.first)
        #expect(diff.differences.count == 1)
        #expect(d.path == ["root", "payload"])
        #expect(d.note == nil)
    }
}

extension GraphDiffEmbeddedTests {
    /// Plain plists three levels deep, each an array listing one data object 30 times.
    private func listedThirtyTimes(leaf: String) -> ArchiveDocument {
        var b = BinaryPlistBuilder()
        b.add(.string(leaf))
        var inner = b.build().bytes
        for _ in 0..<3 {
            var level = BinaryPlistBuilder()
            level.add(.array(Array(repeating: 1, count: 30)))
            level.add(.data(inner))
            inner = level.build().bytes
        }
        return ExportFixture.document(inner)
    }

    /// One data object listed 30 times at each of three levels is opened once per pair: the change
    /// is reported once, at the first path, not 27,000 times.
    @Test func anEmbeddedPairMetAgainIsNotOpenedAgain() throws {
        let diff = GraphDiff(listedThirtyTimes(leaf: "leaf").graph, listedThirtyTimes(leaf: "twig").graph)
        #expect(diff.differences.count == 1)
        #expect(diff.differences.first?.path == ["0", "$root", "0", "$root", "0", "$root"])
    }
}

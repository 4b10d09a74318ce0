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

/// `--classes`.
@Suite struct ClassCensusTests {
    @Test func countsInstancesKeysAndValueTypes() throws {
        var a = KeyedArchiveBuilder()
        let s = a.add(.string("t"))
        let one = a.object("Book", [("title", .ref(s)), ("year", .int(1969))])
        let two = a.object("Book", [("title", .ref(0)), ("rating", .real(4.5))])
        let list = a.object("NSArray", [("NS.objects", .refs([one, two]))])
        a.top = [("root", .ref(list))]
        let census = ClassCensus(graph: ExportFixture.document(a.buildBinary()).graph)
        #expect(census.classes.map(\.name) == ["Book", "NSArray"])
        let book = try #require(census.classes.first)
        #expect(book.instances == 2)
        #expect(book.chains.map { $0.map(\.name) } == [["Book", "NSObject"]])
        #expect(book.keys.map(\.key) == ["title", "year", "rating"])
        #expect(book.keys[0].instances == 2)
        #expect(book.keys[0].types.map(\.name) == ["string", "nil"])
        #expect(book.keys[1].instances == 1)
        #expect(book.keys[1].types.map(\.name) == ["integer"])
        let text = ClassCensusRenderer.lines(census)
        #expect(text.contains("  title: 2 of 2 instances: string 1, nil 1"))
        #expect(ClassCensusRenderer.json(census, file: "f").contains(#"{"key":"title","instances":2,"types":[{"type":"string","count":1},{"type":"nil","count":1}]}"#))
    }

    @Test func typedstreamChainsCarryVersions() throws {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        _ = w.beginObject([("Thing", 3), ("NSObject", 0)])
        w.types("i")
        w.int(5)
        w.endObject()
        let census = ClassCensus(graph: ExportFixture.document(w.bytes).graph)
        let thing = try #require(census.classes.first { $0.name == "Thing" })
        #expect(thing.chains.first?.map(\.version) == [3, 0])
        #expect(ClassCensusRenderer.lines(census).contains("  chain: Thing (v3) < NSObject (v0)"))
        #expect(thing.keys.first?.types.first?.name == "integer (i)")
    }
}

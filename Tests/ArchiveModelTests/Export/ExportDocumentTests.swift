import Foundation
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

/// `--unarchive json`: the resolved document of built archives.
@Suite struct ExportDocumentTests {
    @Test func sharedObjectsAndCyclesAreReferenceMarkersNamingTheirFirstPath() throws {
        let doc = try #require(try ExportFixture.parsed(ExportFixture.library()) as? [String: Any])
        let root = try #require(doc["root"] as? [String: Any])
        #expect(root["$class"] as? [String] == ["Library", "NSObject"])
        let books = try #require(root["books"] as? [[String: Any]])
        #expect(books.count == 2)
        // The first book is written in full with its author; the library it points back at is a cycle.
        #expect((books[0]["author"] as? [String: Any])?["name"] as? String == "Le Guin")
        let back = try #require(books[0]["library"] as? [String: Any])
        #expect(back["$path"] as? String == "root")
        #expect(back["$ref"] as? Int == root["$id"] as? Int)
        // The second book's author was written under the first book.
        let shared = try #require(books[1]["author"] as? [String: Any])
        #expect(shared["$path"] as? String == "root.books.0.author")
        #expect(books[1]["title"] as? String == "The Dispossessed")
    }

    @Test func knownClassesAreNaturalValues() throws {
        let json = ExportFixture.json(ExportFixture.library())
        #expect(json.contains(#""counts":{"fantasy":3,"has.dot":true}"#))
        #expect(json.contains(#""tags":{"$set":["classic","sf"]}"#))
        #expect(json.contains(#""published":{"$date":"1969-01-01T00:00:00Z","$seconds":-1009843200.5}"#) || json.contains(#""$seconds":-1009843200.5"#))
        #expect(json.contains(#""id":{"$uuid":"00010203-0405-0607-0809-0A0B0C0D0E0F"}"#))
        #expect(json.contains(#""cover":{"$data":"AQID"}"#))
        #expect(json.contains(#""nothing":null"#))
        #expect(json.contains(#""closed":null"#))
    }

    @Test func keysStartingWithDollarGetOneMoreAndPositionalValuesKeepTheirs() {
        let json = ExportFixture.json(ExportFixture.library())
        // Stored "$$isbn" (the user key "$isbn") is written as stored; "$0" is a value without a key.
        #expect(json.contains(#""$$isbn":"0-395""#))
        #expect(json.contains(#""$0":42"#))
    }

    @Test func realsKeepTheirTypeAndNonFiniteOnesAreTagged() {
        var a = KeyedArchiveBuilder()
        let o = a.object("Thing", [("whole", .real(3)), ("int", .int(3)), ("nan", .real(.nan)), ("inf", .real(-.infinity))])
        a.top = [("root", .ref(o))]
        let json = ExportFixture.json(a.buildBinary())
        #expect(json.contains(#""whole":3.0,"int":3,"nan":{"$real":"nan"},"inf":{"$real":"-inf"}"#))
    }

    @Test func dictionaryWithNonStringOrRepeatedKeysKeepsEveryEntry() {
        var a = KeyedArchiveBuilder()
        let k1 = a.add(.int(7)), k2 = a.add(.string("x")), k3 = a.add(.string("x")), v = a.add(.string("v"))
        let d = a.object("NSDictionary", [("NS.keys", .refs([k1, k2, k3])), ("NS.objects", .refs([v, v, v]))])
        a.top = [("root", .ref(d))]
        #expect(ExportFixture.json(a.buildBinary()) == #"{"root":{"$entries":[[7,"v"],["x","v"],["x","v"]]}}"# + "\n")
    }

    /// Dictionaries that share their key objects (as archivers write them) each get the keys' texts;
    /// a key object that is not a string stays a value wherever it is listed.
    @Test func dictionariesSharingKeyObjectsEachNameTheirKeys() {
        var a = KeyedArchiveBuilder()
        let name = a.add(.string("name")), seven = a.add(.int(7)), v = a.add(.string("v")), w = a.add(.string("w"))
        let first = a.object("NSDictionary", [("NS.keys", .refs([name, seven])), ("NS.objects", .refs([v, w]))])
        let second = a.object("NSDictionary", [("NS.keys", .refs([name])), ("NS.objects", .refs([w]))])
        let third = a.object("NSDictionary", [("NS.keys", .refs([seven])), ("NS.objects", .refs([v]))])
        let list = a.object("NSArray", [("NS.objects", .refs([first, second, third]))])
        a.top = [("root", .ref(list))]
        #expect(ExportFixture.json(a.buildBinary())
                == #"{"root":[{"$entries":[["name","v"],[7,"w"]]},{"name":"w"},{"$entries":[[7,"v"]]}]}"# + "\n")
    }

    @Test func aDamagedKnownObjectKeepsItsKeys() {
        var a = KeyedArchiveBuilder()
        let k = a.add(.string("k"))
        let d = a.object("NSDictionary", [("NS.keys", .refs([k])), ("NS.objects", .refs([]))])
        a.top = [("root", .ref(d))]
        let json = ExportFixture.json(a.buildBinary())
        #expect(json.contains(#""$class":["NSDictionary","NSObject"]"#))
        #expect(json.contains(#""NS.keys":["k"]"#))
    }

    @Test func danglingAndConditionalReferencesAreMarked() {
        var a = KeyedArchiveBuilder()
        let never = a.add(.null)
        let o = a.object("Thing", [("gone", .rawUID(9999)), ("maybe", .ref(never))])
        a.top = [("root", .ref(o))]
        let json = ExportFixture.json(a.buildBinary())
        #expect(json.contains(#""gone":{"$dangling":9999,"$reason":"#))
        #expect(json.contains(#""maybe":{"$conditional":\#(never)}"#))
    }

    @Test func aLongStringMetAgainIsWrittenOnceAndAShortOneEachTime() {
        var a = KeyedArchiveBuilder()
        let long = a.add(.string(String(repeating: "x", count: ArchiveExporter.repeatedLeafLimit + 1)))
        let short = a.add(.string("short"))
        let o = a.object("Thing", [("a", .ref(long)), ("b", .ref(long)), ("c", .ref(short)), ("d", .ref(short))])
        a.top = [("root", .ref(o))]
        let json = ExportFixture.json(a.buildBinary())
        #expect(json.contains(#""b":{"$ref":\#(long),"$path":"root.a"}"#))
        #expect(json.contains(#""c":"short","d":"short""#))
    }

    @Test func aDAGWithTwoToThe64PathsIsWrittenInItsSize() throws {
        let out = ExportFixture.export(ExportFixture.document(HostileInputs.keyedDAG()))
        #expect(out.count < 20_000, "\(out.count) bytes")
        _ = try JSONSerialization.jsonObject(with: Data(out))
    }

    /// A plain plist repeats a shared container as plutil does, within the budget; then markers.
    @Test func aPlainPlistDAGIsRepeatedWithinTheBudgetOnly() throws {
        let document = ExportFixture.document(HostileInputs.bplistDAG())
        let out = ExportFixture.export(document)
        let budget = ArchiveExporter(shapes: ExportShapes(graph: document.graph)).repeatBudget
        #expect(out.count < 8 * budget, "\(out.count) bytes")
        #expect(String(decoding: out, as: UTF8.self).contains(#"{"$ref":"#))
        _ = try JSONSerialization.jsonObject(with: Data(out))
        // Shared but not past the budget: written again in full, as plutil -convert writes it.
        var b = BinaryPlistBuilder()
        let one = b.add(.integer(1)), inner = b.add(.array([one]))
        b.topObject = b.add(.array([inner, inner]))
        #expect(String(decoding: ExportFixture.export(ExportFixture.document(b.build().bytes)), as: UTF8.self) == "[[1],[1]]\n")
        // A long data value listed many times is written once, not once per listing.
        var many = BinaryPlistBuilder()
        let blob = many.add(.data([UInt8](repeating: 0x78, count: 100_000)))
        many.topObject = many.add(.array([Int](repeating: blob, count: 10_000)))
        #expect(ExportFixture.export(ExportFixture.document(many.build().bytes)).count < 600_000)
        // A container inside itself is a cycle: a marker, never repeated.
        let cyclic = String(decoding: ExportFixture.export(ExportFixture.document(HostileInputs.containersContainingThemselves())), as: UTF8.self)
        #expect(cyclic.contains(#"{"$ref":"#))
        #expect(cyclic.utf8.count < 1000)
    }

    @Test func aMillionLevelsOfNestingExportWithoutRecursion() throws {
        let out = ExportFixture.export(ExportFixture.document(HostileInputs.bplistNested(depth: 100_000)))
        #expect(out.count > 200_000)
        #expect(Array(out.prefix(3)) == Array("[[[".utf8))
    }

    @Test func typedstreamRootsAreAnArrayAndObjectsCarryVersionsAndTypes() throws {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        _ = w.beginObject([("Thing", 3), ("NSObject", 0)])
        w.types("i")
        w.int(5)
        w.endObject()
        let json = ExportFixture.json(w.bytes)
        #expect(json.hasPrefix(#"[{"$class":["Thing","NSObject"],"$classVersions":[3,0],"#), "\(json)")
        #expect(json.contains(#""$types":["i"],"$values":[5]"#), "\(json)")
    }
}

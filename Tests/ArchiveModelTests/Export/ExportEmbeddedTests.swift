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

/// Archives inside data values are exported as archives (`{"$archive": format, "$root": …}`), with
/// their own object ids, down to the depth limit every front end shares, within one byte budget.
@Suite struct ExportEmbeddedTests {
    /// A keyed archive whose `payload` field holds `inner` as data.
    static func holder(_ inner: [UInt8], key: String = "payload") -> [UInt8] {
        var a = KeyedArchiveBuilder()
        let root = a.object("Envelope", [(key, .data(inner)), ("note", .string("outer"))])
        a.top = [("root", .ref(root))]
        return a.buildBinary()
    }

    /// `levels` plain plists, each a dictionary whose `inner` data holds the next; the last holds a string.
    static func nested(levels: Int) -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.add(.string("innermost"))
        var bytes = b.build().bytes
        for level in (0..<levels).reversed() {
            var outer = BinaryPlistBuilder()
            let key = outer.add(.string("inner"))
            let data = outer.add(.data(bytes))
            let name = outer.add(.string("level \(level)"))
            let nameKey = outer.add(.string("name"))
            outer.topObject = outer.add(.dict([(key: key, value: data), (key: nameKey, value: name)]))
            bytes = outer.build().bytes
        }
        return bytes
    }

    static func object(_ bytes: [UInt8], budget: EmbeddedBudget? = nil) throws -> [String: Any] {
        let out = ExportFixture.export(ExportFixture.document(bytes), budget: budget)
        return try #require(try JSONSerialization.jsonObject(with: Data(out)) as? [String: Any])
    }

    @Test func aKeyedArchiveInADataFieldIsExportedAsTheArchive() throws {
        let doc = try Self.object(Self.holder(DemoArchive.bytes()))
        let root = try #require(doc["root"] as? [String: Any])
        let payload = try #require(root["payload"] as? [String: Any], "\(root)")
        #expect(payload["$archive"] as? String == "bplist00")
        let inner = try #require(payload["$root"] as? [String: Any])
        let library = try #require(inner["root"] as? [String: Any])
        #expect(library["$class"] as? [String] == ["Library", "NSObject"])
        #expect(library["name"] as? String == "Demo Library")
        // Ids inside are the embedded archive's own: the library is object 1 of the demo.
        #expect(library["$id"] as? Int == 1)
        #expect(root["note"] as? String == "outer")
    }

    /// References inside an embedded archive are its own objects: a book's `library` (a cycle back to
    /// the library) is a marker whose `$path` runs from the outer document through `$root`, and that
    /// path resolves to the library.
    @Test func markersInsideAnEmbeddedArchiveCarryWholePaths() throws {
        let bytes = Self.holder(DemoArchive.bytes())
        let text = String(decoding: ExportFixture.export(ExportFixture.document(bytes)), as: UTF8.self)
        #expect(text.contains(#"{"$ref":1,"$path":"root.payload.$root.root"}"#), "\(text.prefix(600))")
        let shapes = ExportShapes.followingEmbeddedArchives(of: ExportFixture.document(bytes).graph)
        let path = KeyPath.parse(extractForm: "root.payload.$root.root.name") ?? []
        guard case .found(.scalar(.string(let name)), _, let owner) = ExportPathResolver(shapes: shapes).resolve(path) else {
            Issue.record("the path into the embedded archive did not resolve"); return
        }
        #expect(name == "Demo Library")
        #expect(owner.graph.objectCount != shapes.graph.objectCount)
    }

    /// Three levels are opened below the input, as `--check`, `--dump` and the browser open them; the
    /// fourth stays data.
    @Test func theDepthLimitIsTheOneEveryFrontEndUses() throws {
        var value: Any? = try Self.object(Self.nested(levels: 5))
        var archives = 0
        while let dict = value as? [String: Any] {
            if let inner = dict["inner"] as? [String: Any] {
                if inner["$archive"] != nil { archives += 1; value = inner["$root"] } else {
                    #expect(inner["$data"] is String, "past the limit the bytes stay data")
                    break
                }
            } else { break }
        }
        #expect(archives == EmbeddedArchives.maxDepth)
    }

    /// Past the byte budget an archive is written as its data.
    @Test func pastTheBudgetAnArchiveStaysData() throws {
        let demo = DemoArchive.bytes()
        let doc = try Self.object(Self.holder(demo), budget: EmbeddedBudget(limit: demo.count - 1))
        let payload = try #require((doc["root"] as? [String: Any])?["payload"] as? [String: Any])
        #expect(payload["$archive"] == nil)
        #expect(payload["$data"] as? String == Data(demo).base64EncodedString())
    }

    /// Bytes that only start like an archive and decode to nothing are kept as data.
    @Test func bytesThatDoNotDecodeStayData() throws {
        let junk = Array("bplist00".utf8) + [UInt8](repeating: 0xFF, count: 24)
        let doc = try Self.object(Self.holder(junk))
        let payload = try #require((doc["root"] as? [String: Any])?["payload"] as? [String: Any])
        if payload["$archive"] == nil {
            #expect(payload["$data"] as? String == Data(junk).base64EncodedString())
        } else {
            // A partial graph is still exported as what decodes of it.
            #expect(payload["$root"] != nil)
        }
    }

    /// XML and binary plist output hold the same document, which Python-free Foundation reads back.
    @Test(arguments: ["xml1", "binary1"])
    func plistFormatsHoldTheEmbeddedArchive(format: String) throws {
        let out = ExportFixture.export(ExportFixture.document(Self.holder(DemoArchive.bytes())), format: format)
        let plist = try PropertyListSerialization.propertyList(from: Data(out), format: nil) as? [String: Any]
        let payload = try #require((plist?["root"] as? [String: Any])?["payload"] as? [String: Any])
        #expect(payload["$archive"] as? String == "bplist00")
        #expect(((payload["$root"] as? [String: Any])?["root"] as? [String: Any])?["name"] as? String == "Demo Library")
    }
}

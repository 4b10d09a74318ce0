import Foundation
@testable import ArchiveModel

/// Helpers for the export tests: open bytes, export them, parse the JSON back.
enum ExportFixture {
    static func document(_ bytes: [UInt8], name: String = "fixture") -> ArchiveDocument {
        ArchiveDocument.open(InputBytes(bytes), name: name)
    }

    /// The whole document exported with `sink`'s format, as bytes.
    /// Embedded archives are exported as archives, as `--unarchive` does, within `budget` if given.
    static func export(_ document: ArchiveDocument, format: String = "json", budget: EmbeddedBudget? = nil) -> [UInt8] {
        var out: [UInt8] = []
        var exporter = ArchiveExporter(shapes: ExportShapes.followingEmbeddedArchives(of: document.graph, budget: budget))
        let root = exporter.shapes.root
        switch format {
        case "xml1":
            var sink = XMLPlistExportSink { out += $0 }
            exporter.write(root, to: &sink)
        case "binary1":
            var sink = BinaryPlistExportSink { out += $0 }
            exporter.write(root, to: &sink)
        default:
            var sink = JSONExportSink { out += $0 }
            exporter.write(root, to: &sink)
        }
        return out
    }

    static func json(_ bytes: [UInt8]) -> String { String(decoding: export(document(bytes)), as: UTF8.self) }

    /// The exported JSON parsed by Foundation.
    static func parsed(_ bytes: [UInt8]) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(export(document(bytes))), options: [.fragmentsAllowed])
    }

    /// A keyed archive of a library: two books sharing an author, each pointing back at the library
    /// (a cycle), a dictionary, a set, a date, data, a UUID and keys that start with `$`.
    static func library() -> [UInt8] {
        var a = KeyedArchiveBuilder()
        let library = a.reserve()
        let author = a.object("Author", [("name", .string("Le Guin"))])
        let title1 = a.add(.string("Earthsea")), title2 = a.add(.string("The Dispossessed"))
        let date = a.object("NSDate", [("NS.time", .real(-1009843200.5))])
        let book1 = a.object("Book", [("title", .ref(title1)), ("author", .ref(author)), ("library", .ref(library)), ("published", .ref(date))])
        let book2 = a.object("Book", [("title", .ref(title2)), ("author", .ref(author)), ("library", .ref(library))])
        let books = a.object("NSMutableArray", superclasses: ["NSArray", "NSObject"], [("NS.objects", .refs([book1, book2]))])
        let k1 = a.add(.string("fantasy")), k2 = a.add(.string("has.dot")), v1 = a.add(.int(3)), v2 = a.add(.bool(true))
        let dictionary = a.object("NSDictionary", [("NS.keys", .refs([k1, k2])), ("NS.objects", .refs([v1, v2]))])
        let tag1 = a.add(.string("classic")), tag2 = a.add(.string("sf"))
        let tags = a.object("NSSet", [("NS.objects", .refs([tag1, tag2]))])
        let uuid = a.object("NSUUID", [("NS.uuidbytes", .data(Array(0..<16)))])
        let null = a.object("NSNull", [])
        a.set(library, .object(classID: a.classID("Library"), fields: [
            ("name", .string("Demo")), ("books", .ref(books)), ("counts", .ref(dictionary)), ("tags", .ref(tags)),
            ("id", .ref(uuid)), ("cover", .data([1, 2, 3])), ("nothing", .ref(null)), ("closed", .ref(0)),
            ("$$isbn", .string("0-395")), ("$0", .int(42)),
        ]))
        a.top = [("root", .ref(library))]
        return a.buildBinary()
    }
}

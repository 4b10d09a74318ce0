import ArchiveModel
import Testing

/// Issue 35: `--dump` decodes each object once. An NSDictionary stored as `NS.key.N`/`NS.object.N`
/// fields (the XML coder's form) listed its raw fields by decoding the dictionary again per row
/// (quadratic: 171 s for 8,000 pairs), and its thousands of rows pushed the dictionary and their own
/// objects out of the outline's cache before they were written. Counted, not timed.
@Suite struct DumpWorkTests {
    /// A keyed archive whose root is an NSDictionary of `count` key/value pairs stored as fields.
    static func xmlCoderDictionary(_ count: Int) -> [UInt8] {
        var b = KeyedArchiveBuilder()
        var fields: [(String, KeyedArchiveBuilder.Value)] = []
        for i in 0..<count {
            fields.append(("NS.key.\(i)", .ref(b.add(.string("key \(i)")))))
            fields.append(("NS.object.\(i)", .ref(b.add(.string("value \(i)")))))
        }
        let root = b.object("NSDictionary", fields)
        b.top = [("root", .ref(root))]
        return b.buildBinary()
    }

    @Test func aDictionaryOfThousandsOfFieldsIsDumpedDecodingEachObjectOnce() {
        // 6,003 objects: more than the outline's cache keeps, so a row made long before it is written
        // would have to be decoded again.
        let count = 3_000
        let document = ArchiveDocument.open(InputBytes(Self.xmlCoderDictionary(count)), name: "dict.plist")
        let graph = document.graph
        let renderer = DumpRenderer(document: document, diagnostics: graph.fullCheck(), index: GraphIndex(graph: graph))
        var lines: [String] = []
        renderer.render { lines.append($0) }
        #expect(renderer.viewsMade <= graph.objectCount, "\(renderer.viewsMade) views made for \(graph.objectCount) objects")
        // The shape: every entry as a value, then every stored field under "raw fields".
        #expect(lines.dropFirst().first?.hasPrefix("  root = NSDictionary \(count) entries  #\(graph.objectCount - 1) [") == true)
        // Past `DictionaryPresenter.keyDecodeLimit` entries the rows are `[i]`, the keys not decoded.
        #expect(lines.count { $0.hasPrefix("    [") && !$0.hasPrefix("    [raw") } == count)
        #expect(lines.contains("    [raw fields] \(2 * count) stored fields"))
        #expect(lines.count { $0.hasPrefix("      NS.key.") } == count)
        #expect(lines.count { $0.hasPrefix("      NS.object.") } == count)
    }

    @Test func aDataRowCarriesItsEmbeddedProbe() throws {
        var inner = KeyedArchiveBuilder()
        inner.top = [("root", .ref(inner.add(.string("inside"))))]
        var b = KeyedArchiveBuilder()
        let holder = b.object("Holder", [("archive", .data(inner.buildBinary())), ("plain", .data(Array(repeating: 7, count: 16)))])
        b.top = [("root", .ref(holder))]
        let outline = Outline(graph: ArchiveDocument.open(InputBytes(b.buildBinary()), name: "holder").graph)
        let root = try #require(outline.roots().first)
        let rows = outline.children(of: root)
        let archive = try #require(rows.first { $0.fieldKey == "archive" })
        let plain = try #require(rows.first { $0.fieldKey == "plain" })
        #expect(archive.embeddedProbe == .some(.binaryPlist))
        #expect(plain.embeddedProbe == .some(nil), "probed, and holding no archive")
        #expect(root.embeddedProbe == nil, "not a data row")
        #expect(outline.children(of: root) == rows, "the kept rows are the rows made")
    }
}

import Testing
@testable import ArchiveModel

/// Key paths: the `--extract` form (keys and indices joined by `.`, `\.` for a dot), the jq form, and
/// the path of an outline row.
@Suite struct KeyPathTests {
    @Test func extractFormJoinsKeysAndIndices() {
        let path = KeyPath([.key("root"), .key("items"), .index(3), .key("name")])
        #expect(path.extractForm == "root.items.3.name")
        #expect(path.jqForm == ".root.items[3].name")
    }

    @Test func dotsAndBackslashesInKeysAreEscaped() {
        let path = KeyPath([.key("root"), .key("com.apple.x"), .key("a\\b"), .key("a/b")])
        #expect(path.extractForm == "root.com\\.apple\\.x.a\\\\b.a/b")
        #expect(KeyPath.parse(extractForm: path.extractForm) == ["root", "com.apple.x", "a\\b", "a/b"])
    }

    @Test func parseReadsWhatExtractFormWrites() {
        let keys = ["", ".", "..", "\\", "\\.", "a.b\\c", "日本.語", "x"]
        let path = KeyPath(keys.map { .key($0) })
        #expect(KeyPath.parse(extractForm: path.extractForm) == keys)
        #expect(KeyPath.parse(extractForm: "a\\") == nil, "a lone backslash at the end")
        #expect(KeyPath.parse(extractForm: "a\\b") == nil, "only . and \\ are escaped")
        #expect(KeyPath.parse(extractForm: "root") == ["root"])
    }

    @Test func jqFormQuotesKeysThatAreNotIdentifiers() {
        #expect(KeyPath([.key("a b"), .key("_ok1"), .key("1x"), .key("q\"\\\u{1}")]).jqForm
            == ".[\"a b\"]._ok1[\"1x\"][\"q\\\"\\\\\\u0001\"]")
        #expect(KeyPath([.key("$objects"), .index(0)]).jqForm == ".[\"$objects\"][0]")
        #expect(KeyPath([]).jqForm == ".")
    }

    /// A keyed archive: root › items (an NSArray) › [1] › info (an NSDictionary) › "a.b" › raw fields.
    static func document() -> ArchiveDocument {
        var k = KeyedArchiveBuilder()
        let a = k.add(.string("first")), value = k.add(.string("v")), key = k.add(.string("a.b"))
        let dict = k.object("NSDictionary", [("NS.keys", .refs([key])), ("NS.objects", .refs([value]))])
        let item = k.object("Item", [("info", .ref(dict)), ("count", .int(2))])
        let array = k.object("NSArray", [("NS.objects", .refs([a, item]))])
        let root = k.object("Holder", [("items", .ref(array))])
        k.top = [("root", .ref(root))]
        return ArchiveDocument.open(InputBytes(k.buildBinary()), name: "k")
    }

    @Test func outlineRowsHaveTheirKeyPaths() throws {
        let outline = Outline(graph: Self.document().graph)
        let root = try #require(outline.roots().first)
        let items = outline.child(of: root, at: 0)
        #expect(items.label == "items")
        let item = outline.child(of: items, at: 1)
        #expect(item.label == "[1]")
        #expect(outline.keyPath(of: [0, 0, 1])?.extractForm == "root.items.1")
        let info = outline.child(of: item, at: 0)
        #expect(info.label == "info")
        let entry = outline.child(of: info, at: 0)
        #expect(entry.label == "a.b")
        #expect(outline.keyPath(of: [0, 0, 1, 0, 0])?.extractForm == "root.items.1.info.a\\.b")
        #expect(outline.keyPath(of: [0, 0, 1, 0, 0])?.jqForm == ".root.items[1].info[\"a.b\"]")
        #expect(outline.keyPath(of: [0])?.extractForm == "root")
    }

    @Test func rawFieldsAndMissingRowsHaveNone() throws {
        let outline = Outline(graph: Self.document().graph)
        let items = outline.child(of: try #require(outline.roots().first), at: 0)
        let raw = outline.childCount(of: items) - 1
        #expect(outline.child(of: items, at: raw).label == "raw fields")
        #expect(outline.keyPath(of: [0, 0, raw]) == nil)
        #expect(outline.keyPath(of: [0, 0, raw, 0]) == nil)
        #expect(outline.keyPath(of: [0, 0, 99]) == nil)
        #expect(outline.keyPath(of: [5]) == nil)
        #expect(outline.keyPath(of: []) == nil)
    }

    @Test func plainPlistArraysGiveIndices() {
        var b = BinaryPlistBuilder()
        let key = b.add(.string("[0]")), s = b.add(.string("x"))
        let array = b.add(.array([s]))
        b.topObject = b.add(.dict([(key: key, value: array)]))
        let outline = Outline(graph: ArchiveDocument.open(InputBytes(b.build().bytes), name: "p").graph)
        // A dictionary key that looks like an index stays a key; the array's element is an index.
        #expect(outline.keyPath(of: [0, 0, 0]) == KeyPath([.key("root"), .key("[0]"), .index(0)]))
    }
}

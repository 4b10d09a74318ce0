import Testing
@testable import ArchiveModel

/// `damage.wrong-content`: one diagnostic saying what the file holds, not one per element.
struct WrongContentTests {
    static func open(_ text: String) -> ArchiveDocument { open(Array(text.utf8)) }
    static func open(_ bytes: [UInt8]) -> ArchiveDocument { ArchiveDocument.open(InputBytes(bytes), name: "x.plist") }

    @Test(arguments: [
        ("<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head><body>\(String(repeating: "<p>x</p>", count: 200))</body></html>",
         "an HTML page titled \"404 Not Found\""),
        ("<html>\n<body>Sign in</body></html>", "an HTML page"),
        ("{\n  \"name\": \"value\",\n  \"n\": 3\n}\n", "a JSON document"),
        ("[1, 2, 3]", "a JSON document"),
        ("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"><rect/></svg>", "an SVG image"),
        ("<?xml version=\"1.0\"?><Error><Code>AccessDenied</Code></Error>", "an XML error response"),
        ("Not Found. The requested URL was not found on this server.\n", "plain text"),
    ])
    func identifiesTextContent(_ text: String, _ what: String) throws {
        let doc = Self.open(text)
        let diagnostics = doc.graph.fullCheck()
        #expect(diagnostics.count == 1, "\(diagnostics.map(\.description))")
        let d = try #require(diagnostics.first)
        #expect(d.id == "damage.wrong-content")
        #expect(d.message.hasPrefix("this file is \(what)"), "\(d.message)")
        #expect(!doc.isDecoded)
        #expect(d.notes.count == 1)
    }

    @Test(arguments: [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], "a PNG image"),
        (Array("PK".utf8) + [3, 4, 20, 0, 0, 0], "a ZIP archive"),
        (Array("SQLite format 3".utf8) + [0, 16, 0], "an SQLite database"),
        (Array("%PDF-1.7\n".utf8), "a PDF document"),
    ] as [([UInt8], String)])
    func identifiesBinaryContent(_ bytes: [UInt8], _ what: String) throws {
        let d = try #require(Self.open(bytes).graph.fullCheck().first)
        #expect(d.id == "damage.wrong-content")
        #expect(d.message.hasPrefix("this file is \(what)"))
        #expect(d.range?.start == 0)
    }

    @Test(arguments: [
        "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>a</key><string>b</string></dict></plist>",
        "<plisx version=\"1.0\"><dict><key>a</key><string>b</string></dict></plisx>",
        "/* Localizable */\n\"Hello\" = \"Bonjour\";\n",
        "{ a = 1; b = (x, y); }",
        "// !$*UTF8*$!\n{ archiveVersion = 1; }",
    ])
    func propertyListsAreNotForeign(_ text: String) {
        let diagnostics = Self.open(text).graph.fullCheck()
        #expect(!diagnostics.contains { $0.id == "damage.wrong-content" })
    }

    /// FuzzLZFSE's finding: markup whose first tag is no XML name (`<<<`, then invalid UTF-8) is not
    /// "an XML document"; and an element name's evidence covers its bytes, not its decoded text.
    @Test func aTagThatIsNoXMLNameIsNoXMLDocument() {
        let bytes = Array("<<<<<<<<<<<<<<<A<".utf8) + [UInt8](repeating: 0xFF, count: 98)
        let diagnostics = Self.open(bytes).graph.fullCheck()
        #expect(!diagnostics.contains { $0.message.contains("XML document") }, "\(diagnostics.map(\.description))")
        for d in diagnostics {
            #expect((d.range?.end ?? 0) <= bytes.count, "\(d.description)")
        }
        let named = Array("<\u{C9}l\u{E9}ment>".utf8) + Array("text</\u{C9}l\u{E9}ment>".utf8)
        let d = Self.open(named).graph.fullCheck().first { $0.id == "damage.wrong-content" }
        #expect(d?.message.contains("<\u{E9}l\u{E9}ment>") == true, "\(d?.message ?? "none")")
        #expect(d?.range.map { $0.start == 0 && $0.end == 1 + "\u{C9}l\u{E9}ment".utf8.count } == true)
    }
}

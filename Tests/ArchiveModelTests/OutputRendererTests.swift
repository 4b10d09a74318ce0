import Foundation
import Testing
@testable import ArchiveModel
@testable import BinaryPlist
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveOutput
@testable import ArchiveSources

/// --dump, --check and --json on the built-in demo archives.
@Suite struct OutputRendererTests {
    static func dump(corrupt: Bool = false) -> [String] {
        let doc = ArchiveDocument.open(InputBytes(DemoArchive.bytes(corrupt: corrupt)), name: "demo")
        var lines: [String] = []
        DumpRenderer(document: doc, diagnostics: doc.graph.fullCheck(), index: GraphIndex(graph: doc.graph)).render { lines.append($0) }
        return lines
    }

    @Test func dumpMarksCyclesSharedNilAndConditional() {
        let text = Self.dump().joined(separator: "\n")
        #expect(text.contains("library = Library 8 fields  #1 [105, 142)  ↺ #1 (cycle)"))
        #expect(text.contains("author = Author 2 fields  #4 [243, 256)  → #4 (shown above)"))
        #expect(text.contains("(shared: 2 referrers: #11.author, #13.author)"))
        #expect(text.contains("previous = nil (UID 0)"))
        #expect(text.contains("sequel = conditional #7, never encoded (conditional, reads as nil)"))
        #expect(text.contains("$isbn = string \"0-395-27653-5\""))
    }

    @Test func dumpEscapesTextFromTheFile() {
        let lines = Self.dump()
        #expect(lines.contains { $0.contains("\\e[31mred\\e[0m\\t") })
        #expect(lines.contains { $0.contains("\\u{202E}reversed") })
        #expect(!lines.joined().unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
    }

    @Test func dumpShowsDiagnosticsUnderTheirObject() {
        let lines = Self.dump(corrupt: true)
        guard let i = lines.firstIndex(where: { $0.contains("= Extras 3 fields") }) else {
            Issue.record("Extras object not in dump"); return
        }
        #expect(lines[i + 1].contains("! error keyed.ref.dangling @2381: object #57 key dangling: UID 9999 is out of range"))
    }

    @Test func checkReportFormatAndStatus() {
        let doc = ArchiveDocument.open(InputBytes(DemoArchive.bytes(corrupt: true)), name: "demo")
        let diagnostics = doc.graph.fullCheck()
        let lines = CheckReport.lines(diagnostics)
        #expect(lines.contains("2271: error: keyed.dictionary.count-mismatch: object #54 has 2 NS.keys but 1 NS.objects; the extra entries are dropped or misread"))
        #expect(CheckReport.exitStatus(diagnostics) == 1)
        #expect(CheckReport.exitStatus([Diagnostic("x", .note, "n")]) == 0)
        #expect(CheckReport.summary(diagnostics) == "6 errors, 1 warning, 3 notes")  // unreachable objects are notes
    }

    /// The dump lines that are diagnostics of the dumped archive itself (not of an archive embedded in
    /// it, whose lines carry `┊`).
    /// A grouped id counts once where its first member is written and `N - 1` on its `[grouped] N ×`
    /// line at the end.
    static func diagnosticLines(_ dump: [String]) -> Int {
        let inline = dump.filter { line in
            let text = line.drop { $0 == " " }
            return !line.contains("┊") && ["! error ", "? warning ", "i note "].contains { text.hasPrefix($0) }
        }.count
        let grouped = dump.filter { !$0.contains("┊") }.compactMap { line -> Int? in
            guard let range = line.range(of: "[grouped] ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber }).map { $0 - 1 }
        }
        return inline + grouped.reduce(0, +)
    }

    @Test func theDumpCarriesEveryDiagnosticOnce() throws {
        // Object 2 is never a row: it is a dictionary key that is a container, holding references out
        // of range. (Object 0, with an offset outside the object area, is shown under lost and found.)
        var bytes = Array("bplist00".utf8)
        bytes += [0xD1, 0x02, 0x01, 0xD1, 0x04, 0x04]   // #1 {#2: #1}, #2 {#4: #4} (object 4 does not exist)
        let offsetTable = bytes.count
        bytes += [0xFF, 0x08, 0x0B]                         // #0 far outside; #1 at 8; #2 at 11
        bytes += [UInt8](repeating: 0, count: 6) + [1, 1] + be64(3) + be64(1) + be64(UInt64(offsetTable))
        let doc = ArchiveDocument.open(InputBytes(bytes), name: "keys.bplist")
        let diagnostics = doc.graph.fullCheck()
        #expect(diagnostics.contains { $0.object == 2 } && diagnostics.contains { $0.object == 0 })
        var lines: [String] = []
        DumpRenderer(document: doc, diagnostics: diagnostics, index: GraphIndex(graph: doc.graph)).render { lines.append($0) }
        #expect(Self.diagnosticLines(lines) == diagnostics.count, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains("  [objects not shown above] 1 object with diagnostics"))
        #expect(lines.contains("    #2"))
    }

    private func be64(_ v: UInt64) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }

    @Test func messagesQuotingFileTextAreEscapedOnce() {
        let xml = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/>a=\"b\"\u{1B}\n</plist>"
        let doc = ArchiveDocument.open(InputBytes(Array(xml.utf8)), name: "q.plist")
        let diagnostics = doc.graph.fullCheck()
        let line = CheckReport.lines(diagnostics).first { $0.contains("xml.text.unexpected") } ?? ""
        #expect(line.contains(#"unexpected text "a=\"b\"\x1b""#), "\(line)")
        var dump = ""
        DumpRenderer(document: doc, diagnostics: diagnostics, index: nil).render { dump += $0 }
        #expect(dump.contains(#"unexpected text "a=\"b\"\x1b""#), "\(dump)")
    }

    @Test func jsonKeepsTheLastValueOfARepeatedKeyAsCFDoes() throws {
        let xml = "<plist><dict><key>k</key><string>first</string><key>a</key><true/><key>k</key><string>last</string></dict></plist>"
        let doc = ArchiveDocument.open(InputBytes(Array(xml.utf8)), name: "dup.plist")
        var json = ""
        JSONRenderer(document: doc, diagnostics: doc.graph.fullCheck()).render { json += $0 }
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let objects = try #require(root["objects"] as? [[String: Any]])
        let dict = try #require(objects.first { ($0["fields"] as? [String: Any])?["k"] != nil })
        let fields = try #require(dict["fields"] as? [String: Any])
        #expect(fields.count == 2)
        let ref = try #require((fields["k"] as? [String: Any])?["ref"] as? Int)
        let value = (objects[ref]["value"] as? [String: Any])?["value"] as? String
        #expect(value == "last")
        // Archive order is kept for the keys written: "a" before "k" (k's last field comes after a).
        #expect(json.range(of: "\"a\":").map { a in json.range(of: "\"k\":").map { a.lowerBound < $0.lowerBound } ?? false } ?? false)
        #expect((root["diagnostics"] as? [[String: Any]])?.contains { $0["id"] as? String == "xml.dict.duplicate-key" } == true)
    }

    @Test func jsonIsValidAndDescribesEveryObject() throws {
        let doc = ArchiveDocument.open(InputBytes(DemoArchive.bytes()), name: "demo")
        var json = ""
        JSONRenderer(document: doc, diagnostics: doc.graph.fullCheck()).render { json += $0 }
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(root["format"] as? String == "bplist00")
        #expect((root["top"] as? [String: Any])?["root"] as? Int == 1)
        let objects = try #require(root["objects"] as? [[String: Any]])
        #expect(objects.count == doc.graph.objectCount)
        let library = objects[1]
        #expect(library["class"] as? String == "Library")
        #expect(library["classes"] as? [String] == ["Library", "NSObject"])
        #expect(library["range"] as? [Int] == [105, 142])
        let fields = try #require(library["fields"] as? [String: [String: Any]])
        #expect(fields["books"]?["ref"] as? Int == 17)
        #expect(fields["closedOn"]?["nil"] as? Bool == true)
        #expect(fields["$0"]?["value"] as? Int == 42)
        let book = objects[11]["fields"] as? [String: [String: Any]]
        #expect(book?["sequel"]?["conditional"] as? Int == 7)
    }

    @Test func jsonEscapesControlsAndInvisibleCharacters() {
        var w = JSONWriter()
        w.string("a\"b\\c\n\u{1B}[0m\u{202E}\u{85}é日")
        #expect(w.text == "\"a\\\"b\\\\c\\n\\u001b[0m\\u202e\\u0085é日\"")
    }

    @Test func jsonWritesIntegersAndPlainStringsAsTheyAre() {
        var w = JSONWriter()
        for v: Int64 in [0, 7, -1, 1_234_567_890, Int64.min, Int64.max] { w.int(v); w.raw(",") }
        w.int(Int128(Int64.max) * 4)
        w.raw(",")
        w.string("plain ASCII key")
        #expect(w.text == "0,7,-1,1234567890,-9223372036854775808,9223372036854775807,36893488147419103228,\"plain ASCII key\"")
    }

    /// An archive embedded under a key holding ESC is dumped under a header that shows the key escaped
    /// once (`\e`), as its row does, not escaped again (`\\e`).
    @Test func anEmbeddedArchivesHeaderShowsItsKeyEscapedOnce() {
        var a = KeyedArchiveBuilder()
        let inner = a.add(.data(DemoArchive.bytes()))
        let root = a.object("Holder", [("k\u{1B}[1m", .ref(inner))])
        a.top = [("root", .ref(root))]
        let doc = ArchiveDocument.open(InputBytes(a.buildBinary()), name: "outer")
        var lines: [String] = []
        DumpRenderer(document: doc, diagnostics: [], index: GraphIndex(graph: doc.graph)).render { lines.append($0) }
        #expect(lines.contains { $0.contains("┊ k\\e[1m (embedded binary plist (bplist00)") }, "\(lines.filter { $0.contains("embedded") })")
        #expect(!lines.contains { $0.contains("\\\\e") || $0.contains("\u{1B}") })
    }

    /// Invisible characters above U+FFFF (tag characters) are escaped as a surrogate pair: `\ue0001`
    /// would be U+E000 followed by "1" to a JSON reader.
    @Test func jsonEscapesCharactersAboveTheBMPAsSurrogatePairs() throws {
        var w = JSONWriter()
        w.string("x\u{E0001}y")
        #expect(w.text == "\"x\\udb40\\udc01y\"")
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(w.text)]".utf8)) as? [String]
        #expect(decoded == ["x\u{E0001}y"])
    }
}

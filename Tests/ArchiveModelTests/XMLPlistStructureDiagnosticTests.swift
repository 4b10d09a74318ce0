import Testing
@testable import ArchiveModel
@testable import XMLPlist
@testable import ArchiveDocuments

/// One test per structural diagnostic id (tree-level): id, severity, range and line:column.
@Suite struct XMLPlistStructureDiagnosticTests {
    typealias C = XMLPlistDiagnosticCase

    static let deep = "<plist>" + String(repeating: "<array>", count: 10_001)

    static let cases: [C] = [
        C("xml.root.missing", .error, "", at: nil, length: 0, line: 1, column: 1),
        // UTF-16LE with a mark: "UTF-8" is text offset 30, file offset 2 + 2 × 30; line:column count the text.
        C("xml.encoding.mismatch", .warning,
          [0xFF, 0xFE] + #"<?xml version="1.0" encoding="UTF-8"?><plist><true/></plist>"#.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
          start: 62, length: 10, line: 1, column: 31, onNode: false),
        C("xml.encoding.unsupported", .warning, #"<?xml version="1.0" encoding="ISO-8859-1"?><plist><true/></plist>"#,
          at: "ISO-8859-1", length: 10, line: 1, column: 31),
        C("xml.declaration.misplaced", .warning, "\n<?xml version=\"1.0\"?><plist><true/></plist>", at: "<?xml",
          length: 21, line: 2, column: 1),
        // A declaration missing its ?> runs on to the next one, swallowing the markup in between.
        C("xml.declaration.swallows-markup", .warning, "<?xml version=\"1.0\"\n<plist><dict>\n<?x?><plist><true/></plist>", at: "<plist>",
          length: 19, line: 2, column: 1),
        C("xml.declaration.malformed", .warning, #"<?xml fersion="1.0" encoding="UTF-8"?><plist><true/></plist>"#,
          at: "fersion", length: 30, line: 1, column: 7),
        C("xml.doctype.entity-declaration", .warning, #"<!DOCTYPE plist [<!ENTITY x "y">]><plist><true/></plist>"#,
          at: "<!ENTITY", length: 8, line: 1, column: 18),
        C("xml.markup.invalid", .error, "<plist><string>a < b</string></plist>", at: "< b", length: 1, line: 1, column: 18),
        C("xml.markup.unterminated", .error, "<plist><true/><!-- never closed", at: "<!--", length: 17, line: 1, column: 15),
        C("xml.tag.unterminated", .error, "<plist><dict><key>a</key\n<string>b</string></dict></plist>", at: "</key",
          length: 6, line: 1, column: 20),
        C("xml.tag.malformed", .error, "<plist><true/></plist x>", at: "</plist x>", length: 10, line: 1, column: 15),
        C("xml.tag.mismatched", .error, "<plist>\n<dict>\n<array>\n</dict>\n</plist>", at: "</dict>", length: 7,
          line: 4, column: 1),
        C("xml.tag.unmatched", .error, "</dict><plist><true/></plist>", at: "</dict>", length: 7, line: 1, column: 1),
        C("xml.tag.unclosed", .error, "<plist><dict><key>a<string>b</string></dict></plist>", at: "<string>", length: 8,
          line: 1, column: 20),
        C("xml.eof.unclosed", .error, "<plist><dict><key>a</key><integer>1</integer>", at: nil, length: 0, line: 1, column: 46),
        C("xml.depth.exceeded", .error, deep, at: "<array>", occurrence: 9_999, length: 7, line: 1, column: 70_001),
        C("xml.element.unknown", .error, "<plist><dict><key>a</key><strin>x</strin></dict></plist>", at: "<strin>", length: 7,
          line: 1, column: 26),
        C("xml.element.misplaced", .error, "<plist><array><plist/></array></plist>", at: "<plist/>", length: 8, line: 1, column: 15),
        // CF reads a nested wrapper with content as its object, and fails only on an empty one.
        C("xml.element.misplaced", .warning, "<plist><array>\n<plist><true/></plist></array></plist>", at: "<plist>", occurrence: 1,
          length: 7, line: 2, column: 1),
        C("xml.key.outside-dict", .warning, "<plist><array><key>a</key></array></plist>", at: "<key>", length: 5, line: 1, column: 15),
        C("xml.text.unexpected", .error, "<plist><dict>junk<key>a</key><true/></dict></plist>", at: "junk", length: 4,
          line: 1, column: 14),
        C("xml.root.extra-object", .error, "<plist><true/><false/></plist>", at: "<false/>", length: 8, line: 1, column: 15),
        C("xml.plist.missing", .warning, "<dict/>", at: "<dict/>", length: 7, line: 1, column: 1),
        C("xml.document.trailing-content", .warning, "<plist><true/></plist>\njunk\n", at: "junk", length: 5, line: 2, column: 1),
    ]

    @Test(arguments: cases)
    func diagnostic(_ c: C) { c.check() }

    @Test func everyIDHasACase() {
        let covered = Set((Self.cases + XMLPlistValueDiagnosticTests.cases).map(\.id))
        #expect(covered == XMLPlistDiagnosticIDs.all)
    }

    @Test func mismatchMessageNamesBothTags() {
        let tree = XMLPlistFixture.decode("<plist>\n<dict>\n<array>\n</dict>\n</plist>")
        let mismatch = tree.openDiagnostics.first { $0.id == "xml.tag.mismatched" }
        #expect(mismatch?.message == "closing tag </dict> does not match <array> opened at 3:1")
        #expect(mismatch?.description == "23 (4:1): error: xml.tag.mismatched: closing tag </dict> does not match <array> opened at 3:1")
    }

    @Test func emptyPlistAndEmptyPlistElement() {
        for xml in ["<plist version=\"1.0\">\n</plist>", "<plist/>", "<?xml version=\"1.0\"?>\n"] {
            let tree = XMLPlistFixture.decode(xml)
            #expect(tree.rootID == nil)
            #expect(XMLPlistFixture.ids(tree) == ["xml.root.missing"], "\(xml)")
        }
    }

    @Test func stopsReadingAfterTrailingContent() {
        let tree = XMLPlistFixture.decode("<plist><true/></plist><plist><false/></plist>junk")
        #expect(XMLPlistFixture.ids(tree) == ["xml.document.trailing-content"])
        #expect(XMLPlistFixture.render(tree) == "true")
    }

    @Test func diagnosticsPerIDAreCapped() {
        let xml = "<plist><array>" + String(repeating: "<x/>", count: 1_005) + "</array></plist>"
        let tree = XMLPlistFixture.decode(xml)
        let unknown = tree.openDiagnostics.filter { $0.id == "xml.element.unknown" }
        #expect(unknown.count == XMLPlistParser.maxDiagnosticsPerID)
        let note = tree.openDiagnostics.first { $0.id == "xml.diagnostics.suppressed" }
        #expect(note?.severity == .note)
        #expect(note?.message == "5 more xml.element.unknown diagnostics were not recorded")
        // The values are still all there, as invalid nodes.
        guard case .array(let ids)? = tree.rootID.map({ tree.node($0).value }) else {
            Issue.record("no array")
            return
        }
        #expect(ids.count == 1_005)
    }

    @Test(arguments: [
        #"<?xml version="1.0"?><plist><true/></plist>"#,
        #"<?xml version='1.0' encoding='UTF-8' standalone='no'?><plist><true/></plist>"#,
        "<?xml version = \"1.0\"\n encoding=\"utf-8\" ?>\n<plist><true/></plist>",
    ]) func wellFormedDeclarationsAreQuiet(_ xml: String) {
        let ids = XMLPlistDecoder.decode(InputBytes(Array(xml.utf8))).openDiagnostics.map(\.id)
        #expect(!ids.contains { $0.hasPrefix("xml.declaration") }, "\(ids)")
    }
}

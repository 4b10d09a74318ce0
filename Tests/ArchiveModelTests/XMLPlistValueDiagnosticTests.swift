import Testing
@testable import ArchiveModel

/// One test per value diagnostic id (stored on the node): id, severity, range and line:column.
@Suite struct XMLPlistValueDiagnosticTests {
    typealias C = XMLPlistDiagnosticCase
    typealias F = XMLPlistFixture

    static let uidDict = "<dict><key>CF$UID</key><integer>4294967296</integer></dict>"
    static let negativeUID = "<dict><key>CF$UID</key><integer>-1</integer></dict>"

    static let cases: [C] = [
        C("xml.dict.key-without-value", .error, "<plist><dict><key>a</key><key>b</key><true/></dict></plist>",
          at: "<key>a</key>", length: 12, line: 1, column: 14, onNode: true),
        C("xml.dict.value-without-key", .error, "<plist><dict><true/></dict></plist>", at: "<true/>", length: 7,
          line: 1, column: 14, onNode: true),
        C("xml.dict.duplicate-key", .warning, "<plist><dict><key>a</key><true/><key>a</key><false/></dict></plist>",
          at: "<key>a</key>", occurrence: 1, length: 12, line: 1, column: 33, onNode: true),
        C("xml.uid.wide", .warning, "<plist>" + uidDict + "</plist>", at: uidDict, length: uidDict.utf8.count,
          line: 1, column: 8, onNode: true),
        C("xml.uid.negative", .warning, "<plist>" + negativeUID + "</plist>", at: negativeUID, length: negativeUID.utf8.count,
          line: 1, column: 8, onNode: true),
        C("xml.string.control-character", .note, "<plist><string>a\u{1}b\u{2}</string></plist>", at: "\u{1}",
          length: 1, line: 1, column: 17, onNode: true),
        C("xml.text.invalid-utf8", .error, Array("<plist><string>a".utf8) + [0xFF] + Array("b</string></plist>".utf8),
          start: 16, length: 1, line: 1, column: 17, onNode: true),
        C("xml.entity.unknown", .error, "<plist><string>x&nbsp;</string></plist>", at: "&nbsp;", length: 6,
          line: 1, column: 17, onNode: true),
        C("xml.entity.unterminated", .error, "<plist><string>AT&T</string></plist>", at: "&T", length: 2,
          line: 1, column: 18, onNode: true),
        C("xml.entity.invalid-codepoint", .error, "<plist><string>&#xD800;</string></plist>", at: "&#xD800;", length: 8,
          line: 1, column: 16, onNode: true),
        C("xml.content.markup", .error, "<plist><string>a<!-- c -->b</string></plist>", at: "<!--", length: 10,
          line: 1, column: 17, onNode: true),
        C("xml.element.empty", .error, "<plist><integer/></plist>", at: "<integer/>", length: 10, line: 1, column: 8, onNode: true),
        C("xml.bool.not-empty", .error, "<plist><true>yes</true></plist>", at: "yes", length: 3, line: 1, column: 14, onNode: true),
        C("xml.integer.empty", .error, "<plist><integer> </integer></plist>", at: " </", length: 1, line: 1, column: 17,
          onNode: true),
        C("xml.integer.invalid", .error, "<plist><integer>12a</integer></plist>", at: "a<", length: 1, line: 1, column: 19,
          onNode: true),
        C("xml.integer.overflow", .error, "<plist><integer>18446744073709551616</integer></plist>", at: "1844", length: 20,
          line: 1, column: 17, onNode: true),
        C("xml.real.invalid", .error, "<plist><real>1.2.3</real></plist>", at: ".3", length: 1, line: 1, column: 17, onNode: true),
        C("xml.date.invalid", .error, "<plist><date>2020-01-01 00:00:00Z</date></plist>", at: " 00", length: 1,
          line: 1, column: 24, onNode: true),
        C("xml.date.truncated", .error, "<plist><date>2020-05Z</date></plist>", at: "2020", length: 8, line: 1, column: 14,
          onNode: true),
        C("xml.date.out-of-range", .warning, "<plist><date>2021-02-29T00:00:00Z</date></plist>", at: "2021", length: 20,
          line: 1, column: 14, onNode: true),
        C("xml.data.invalid-character", .error, "<plist><data>AA\u{E9}EC</data></plist>", at: "\u{E9}", length: 1,
          line: 1, column: 16, onNode: true),
        C("xml.data.ignored-character", .warning, "<plist><data>AA.EC</data></plist>", at: ".", length: 1,
          line: 1, column: 16, onNode: true),
        C("xml.data.leftover-digits", .warning, "<plist><data>AAECA</data></plist>", at: "AAECA", length: 5,
          line: 1, column: 14, onNode: true),
    ]

    @Test(arguments: cases)
    func diagnostic(_ c: C) { c.check() }

    @Test func valuesSurviveTheirProblems() {
        let xml = """
            <plist><array>
            <string>a\u{1}b</string><string>x&nbsp;y</string><string>AT&T</string><string>a<!-- c -->b</string>
            <integer>12 </integer><integer>12a</integer><integer/><true>yes</true>
            <date>2020-05Z</date><date>2021-02-29T00:00:00Z</date>
            <data>AA.EC</data><data>AA\u{E9}EC</data><data>AAECA</data>
            <dict><key>CF$UID</key><integer>-1</integer></dict>
            </array></plist>
            """
        let tree = F.decode(xml)
        let rendered = F.render(tree)
        #expect(rendered == #"["a\#u{1}b","x&nbsp;y","AT&T","ab",12,invalid,invalid,true,"#
            + #"date(609984000.0),date(636249600.0),data(3),data(3),data(3),uid(4294967295)]"#)
        F.checkInvariants(tree)
    }

    @Test func invalidUTF8DecodesLossily() {
        let bytes = Array("<plist><string>a".utf8) + [0xC3, 0x28, 0xE2, 0x82] + Array("</string></plist>".utf8)
        let tree = XMLPlistDecoder.decode(InputBytes(bytes))
        #expect(tree.node(tree.rootID ?? -1).value == .string("a\u{FFFD}(\u{FFFD}"))
        let d = tree.nodes.flatMap(\.diagnostics).first
        #expect(d?.message == "<string> has 2 invalid UTF-8 sequences (first byte 0xc3 at offset 16), shown as U+FFFD; CF cannot convert the string")
    }

    /// Apple's writer leaves control characters raw and CF reads them: a note naming the characters
    /// and the readers that do reject them, which leaves `--check`'s exit status at 0 (issue 24).
    @Test func controlCharactersAreANoteThatNamesThem() {
        let tree = F.decode("<plist><dict><key>\u{0}</key><string>a\u{1}b\u{1F}\u{1}</string></dict></plist>")
        let diags = tree.nodes.flatMap(\.diagnostics)
        #expect(diags.map(\.message) == [
            "<key> contains 1 raw control character (U+0000), the first at offset 18; CF writes and reads them as they are, "
                + "but XML 1.0 forbids them, so Python's plistlib and strict XML parsers reject the file",
            "<string> contains 3 raw control characters (U+0001, U+001F), the first at offset 34; CF writes and reads them as they are, "
                + "but XML 1.0 forbids them, so Python's plistlib and strict XML parsers reject the file",
        ])
        #expect(diags.allSatisfy { $0.severity == .note })
        #expect(CheckReport.exitStatus(tree.fullCheck()) == 0)
    }

    @Test func repeatedEntityProblemsAreCountedNotRepeated() {
        let tree = F.decode("<plist><string>&a; &b; &c;</string></plist>")
        let diags = F.diagnostics(tree)
        #expect(diags.count == 1)
        #expect(diags.first?.message.contains("(and 2 more in this element)") == true)
    }

    @Test func entityAndCDATAInNumbersAreReported() {
        let tree = F.decode("<plist><array><integer>&#49;</integer><real>&#49;.5</real><date><![CDATA[2001-01-01T00:00:00Z]]></date></array></plist>")
        // CF expands entities in <real> (it reads it as a string) but not in <integer> or <date>.
        #expect(F.render(tree) == "[1,1.5,date(0.0)]")
        #expect(F.ids(tree) == ["xml.content.markup", "xml.content.markup"])
    }

    /// CF compares keys by code units: "é" and "e" with a combining accent are two keys (pairwise for
    /// small dictionaries, hashed for larger ones).
    @Test func canonicallyEquivalentKeysAreNotDuplicates() {
        for filler in [0, 20] {
            let extra = (0..<filler).map { "<key>k\($0)</key><true/>" }.joined()
            let text = "<plist><dict>\(extra)<key>\u{E9}</key><true/><key>e\u{301}</key><false/></dict></plist>"
            let tree = XMLPlistDecoder.decode(InputBytes(Array(text.utf8)))
            let ids = (0..<tree.nodeCount).flatMap { tree.node($0).diagnostics.map(\.id) } + tree.openDiagnostics.map(\.id)
            #expect(!ids.contains("xml.dict.duplicate-key"), "\(filler) other keys: \(ids)")
        }
    }
}

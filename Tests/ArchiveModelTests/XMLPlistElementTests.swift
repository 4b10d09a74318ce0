import Testing
@testable import ArchiveModel
@testable import XMLPlist
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchiveSources

/// Every element, with values, byte ranges and line:column positions.
@Suite struct XMLPlistElementTests {
    typealias F = XMLPlistFixture

    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>name</key>
        \t<string>a &lt;b&gt; &amp; &apos;c&apos; &quot;d&quot; &#65;&#x42;&#x1F600; <![CDATA[<raw> & ]]>z</string>
        \t<key>count</key>
        \t<integer> - 42</integer>
        \t<key>list</key>
        \t<array>
        \t\t<real>1.5</real>
        \t\t<true/>
        \t\t<false></false>
        \t\t<date>2001-01-02T03:04:05Z</date>
        \t\t<data>
        \t\tSGVs
        \t\tbG8=
        \t\t</data>
        \t\t<dict/>
        \t\t<array/>
        \t\t<string/>
        \t</array>
        </dict>
        </plist>
        """

    /// The child id of `dict` whose key is `key`.
    static func value(_ tree: any PlistTree, _ dict: Int, _ key: String) -> Int? {
        guard case .dict(let keys, let values) = tree.node(dict).value else { return nil }
        for (k, v) in zip(keys, values) where tree.node(k).value == .string(key) { return v }
        return nil
    }

    @Test func decodesValuesWithoutDiagnostics() throws {
        let tree = F.decode(Self.document)
        #expect(F.diagnostics(tree).isEmpty)
        F.checkInvariants(tree)
        #expect(F.render(tree) == #"{"name"="a <b> & 'c' "d" AB😀 <raw> & z","count"=-42,"list"=[1.5,true,false,date(97445.0),data(5),{},[],""]}"#)
        let root = try #require(tree.rootID)
        let data = try #require(Self.value(tree, root, "list").flatMap { id -> Int? in
            if case .array(let ids) = tree.node(id).value { return ids[4] } else { return nil }
        })
        #expect(tree.node(data).value == .data(Array("Hello".utf8)))
        #expect(tree.format == .xmlPlist)
    }

    @Test func rangesAndPositions() throws {
        let xml = Self.document
        let tree = F.decode(xml)
        let root = try #require(tree.rootID)
        // The root dict: from `<dict>` (line 3) to after `</dict>`.
        let dictStart = try #require(F.offset(of: "<dict>", in: xml))
        let dictEnd = try #require(F.offset(of: "</dict>", in: xml, occurrence: 0)) + 7
        #expect(tree.node(root).range == ByteRange(dictStart, dictEnd))
        #expect(tree.node(root).position == TextPosition(line: 3, column: 1))
        // A key: tab-indented on line 4, column 2 (columns count bytes).
        guard case .dict(let keys, let values) = tree.node(root).value else { throw Failure("root is not a dict") }
        let keyStart = try #require(F.offset(of: "<key>name</key>", in: xml))
        #expect(tree.node(keys[0]).range == ByteRange(start: keyStart, count: 15))
        #expect(tree.node(keys[0]).position == TextPosition(line: 4, column: 2))
        // The integer on line 7.
        let intStart = try #require(F.offset(of: "<integer>", in: xml))
        #expect(tree.node(values[1]).range == ByteRange(start: intStart, count: "<integer> - 42</integer>".utf8.count))
        #expect(tree.node(values[1]).position == TextPosition(line: 7, column: 2))
        // Elements inside the array, one per line, column 3.
        guard case .array(let items) = tree.node(values[2]).value else { throw Failure("list is not an array") }
        #expect(tree.node(values[2]).position == TextPosition(line: 9, column: 2))
        let expectedLines = [10, 11, 12, 13, 14, 18, 19, 20]
        for (item, line) in zip(items, expectedLines) {
            #expect(tree.node(item).position == TextPosition(line: line, column: 3))
        }
        // Empty-element forms cover just their tag.
        let emptyDict = try #require(F.offset(of: "<dict/>", in: xml))
        #expect(tree.node(items[5]).range == ByteRange(start: emptyDict, count: 7))
        // The data element spans four lines.
        let dataStart = try #require(F.offset(of: "<data>", in: xml))
        let dataEnd = try #require(F.offset(of: "</data>", in: xml)) + 7
        #expect(tree.node(items[4]).range == ByteRange(dataStart, dataEnd))
    }

    @Test func uidDictBecomesUIDNode() throws {
        let xml = "<plist><array><dict><key>CF$UID</key><integer>7</integer></dict><dict><key>CF$UID</key><real>1</real></dict></array></plist>"
        let tree = F.decode(xml)
        #expect(F.render(tree) == #"[uid(7),{"CF$UID"=1.0}]"#)
        // The key and integer nodes of the UID are folded into it: array, uid, dict, key, real.
        #expect(tree.nodeCount == 5)
        let first = try #require(F.offset(of: "<dict>", in: xml))
        guard case .array(let ids) = tree.node(try #require(tree.rootID)).value else { throw Failure("not an array") }
        #expect(tree.node(ids[0]).range == ByteRange(first, try #require(F.offset(of: "</dict>", in: xml)) + 7))
        #expect(F.diagnostics(tree).isEmpty)
        F.checkInvariants(tree)
    }

    @Test func stringKeepsWhitespaceAndControlCharacters() {
        let tree = F.decode("<plist><string>  a\n\t b\u{01}\u{1B}  </string></plist>")
        #expect(tree.node(tree.rootID ?? -1).value == .string("  a\n\t b\u{01}\u{1B}  "))
        // Raw control characters decode (Xcode writes them) with one note for the whole string.
        #expect(F.ids(tree) == ["xml.string.control-character"])
        #expect(F.diagnostics(tree).first?.severity == .note)
    }

    @Test func prologVariantsAreSkipped() {
        let xml = "\u{FEFF}<?xml version=\"1.0\" encoding=\"us-ascii\"?>\n"
            + "<!DOCTYPE plist [\n  <!ELEMENT plist ANY>\n  <!-- ] > -->\n  <?pi x?>\n]>\n"
            + "<!-- comment --><?app data?>\n<plist version=\"1.0\"><!-- c --><true/><!-- d --></plist>\n<!-- after -->\n"
        let tree = F.decode(xml)
        #expect(F.diagnostics(tree).isEmpty)
        #expect(F.render(tree) == "true")
        // Line 8: `<plist …><!-- c --><true/>`; the BOM does not shift later lines.
        #expect(tree.node(tree.rootID ?? -1).position == TextPosition(line: 8, column: 32))
    }

    @Test func bomCountsInFirstLineColumns() {
        let tree = F.decode("\u{FEFF}<plist><true/></plist>")
        #expect(tree.node(tree.rootID ?? -1).position == TextPosition(line: 1, column: 11))
    }

    @Test(arguments: [("\n", 3), ("\r\n", 3), ("\r", 3)])
    func lineEndings(newline: String, expectedLine: Int) {
        let tree = F.decode("<plist>" + newline + "<array>" + newline + "\t<true/>" + newline + "</array></plist>")
        guard case .array(let ids)? = tree.rootID.map({ tree.node($0).value }) else {
            Issue.record("no array")
            return
        }
        #expect(tree.node(ids[0]).position == TextPosition(line: expectedLine, column: 2))
    }

    @Test func bareTopLevelObjectIsTheRoot() {
        let tree = F.decode("<array><string>x</string></array>")
        #expect(F.render(tree) == #"["x"]"#)
        #expect(F.ids(tree) == ["xml.plist.missing"])
    }

    @Test func deepNestingNeedsNoRecursion() {
        let depth = 5_000
        let xml = "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
        let tree = F.decode(xml)
        #expect(tree.nodeCount == depth)
        #expect(F.diagnostics(tree).isEmpty)
        F.checkInvariants(tree)
    }
}

/// A thrown test failure with a message.
struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

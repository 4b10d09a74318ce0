import Testing
@testable import ArchiveModel
@testable import XMLPlist
@testable import ArchiveDocuments

/// What the decoder keeps from damaged input: as much of the tree as the bytes support.
@Suite struct XMLPlistRecoveryTests {
    typealias F = XMLPlistFixture

    /// (input, expected tree, expected diagnostic ids in offset order)
    static let cases: [(String, String, [String])] = [
        // Truncated: the dict and array read so far, the last string with the text it has.
        ("<plist><dict><key>a</key><integer>1</integer><key>b</key><array><string>x</string><string>y",
         #"{"a"=1,"b"=["x","y"]}"#, ["xml.eof.unclosed"]),
        // Dangling keys: the other entries stay.
        ("<plist><dict><key>a</key><key>b</key><true/><key>c</key></dict></plist>",
         #"{"b"=true}"#, ["xml.dict.key-without-value", "xml.dict.key-without-value"]),
        // A closing tag for an outer element also closes the inner one.
        ("<plist><dict><key>a</key><array><true/></dict></plist>", #"{"a"=[true]}"#, ["xml.tag.mismatched"]),
        // A damaged closing tag ends the text element it stands for.
        ("<plist><dict><key>a</key><string>x</strin><key>b</key><true/></dict></plist>",
         #"{"a"="x","b"=true}"#, ["xml.tag.mismatched"]),
        // A damaged opening tag of the root dict: read through it, the keys rebuild the dict.
        ("<plist><dicx><key>a</key><true/></dict></plist>", #"{"a"=true}"#,
         ["xml.element.unknown", "xml.key.outside-dict", "xml.tag.mismatched"]),
        // A damaged <plist> wrapper.
        ("<plistx version=\"1.0\"><array><true/></array></plistx>", "[true]", ["xml.element.unknown", "xml.plist.missing"]),
        // The head of the file cut off (like corrupt/go-ios__broken_plist.xml).
        ("\t<key>a</key>\n\t<string>x</string>\n</dict>\n</plist>\n", #"{"a"="x"}"#,
         ["xml.key.outside-dict", "xml.plist.missing", "xml.document.trailing-content"]),
        // An unknown element where a value belongs keeps the key pairing.
        ("<plist><dict><key>a</key><foo><bar/></foo><key>b</key><true/></dict></plist>", #"{"a"=invalid,"b"=true}"#,
         ["xml.element.unknown", "xml.element.unknown"]),
        // Keys outside dicts and values without keys are dropped.
        ("<plist><array><key>k</key><true/></array></plist>", "[true]", ["xml.key.outside-dict"]),
        ("<plist><dict><true/><key>a</key><false/></dict></plist>", #"{"a"=false}"#, ["xml.dict.value-without-key"]),
        // A text element interrupted by a tag ends there.
        ("<plist><dict><key>a<string>x</string></dict></plist>", #"{"a"="x"}"#, ["xml.tag.unclosed"]),
        // A missing `>` costs only that tag.
        ("<plist><dict><key>a</key\n<integer>5</integer></dict></plist>", #"{"a"=5}"#, ["xml.tag.unterminated"]),
        // A second object in <plist> is not part of the tree.
        ("<plist><array/><dict/></plist>", "[]", ["xml.root.extra-object"]),
        // A stray closing tag inside a container is ignored.
        ("<plist><array><true/></string><false/></array></plist>", "[true,false]", ["xml.tag.mismatched"]),
        // Junk text between elements does not disturb the structure.
        ("<plist><dict>ojkj<key>a</key>42<true/></dict></plist>", #"{"a"=true}"#,
         ["xml.text.unexpected", "xml.text.unexpected"]),
    ]

    @Test(arguments: cases)
    func recovers(xml: String, expected: String, ids: [String]) {
        let tree = F.decode(xml)
        #expect(F.render(tree) == expected)
        #expect(F.ids(tree) == ids)
        F.checkInvariants(tree)
    }

    @Test func depthLimitSkipsOnlyTheDeepPart() {
        let depth = XMLPlistParser.maxDepth + 5
        let xml = "<plist><array>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
            + "<string>after</string></array></plist>"
        let tree = F.decode(xml)
        #expect(F.ids(tree) == ["xml.depth.exceeded"])
        // plist + maxDepth - 1 arrays were read; the outer array still gets the string after the deep part.
        guard case .array(let ids)? = tree.rootID.map({ tree.node($0).value }) else {
            Issue.record("no root array")
            return
        }
        #expect(ids.count == 2)
        #expect(tree.node(ids[1]).value == .string("after"))
        #expect(tree.nodeCount == XMLPlistParser.maxDepth - 1 + 1)
        F.checkInvariants(tree)
    }

    @Test func droppedNodesKeepTheirDiagnostics() {
        // The value without a key is not in the dict, but its own problem is still reported.
        let tree = F.decode("<plist><dict><integer>x</integer></dict></plist>")
        #expect(F.render(tree) == "{}")
        #expect(Set(F.ids(tree)) == ["xml.dict.value-without-key", "xml.integer.invalid"])
    }

    @Test func utf16InputIsDecodedWithFileRanges() {
        let bytes: [UInt8] = [0xFE, 0xFF] + "<plist><true/></plist>".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let tree = XMLPlistDecoder.decode(InputBytes(bytes))
        #expect(F.render(tree) == "true")
        #expect(tree.openDiagnostics.isEmpty)
        #expect(tree.textEncoding == TextEncoding(.utf16BE, byteOrderMark: true))
        // <true/> is text [7, 14): file [2 + 14, 2 + 28).
        #expect(tree.rootID.map { tree.node($0).range } == ByteRange(16, 30))
    }

    @Test func unknownEncodingIsDecodedAsUTF8() {
        let tree = F.decode("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><plist><string>\u{E9}</string></plist>")
        #expect(F.render(tree) == "\"\u{E9}\"")
        #expect(F.ids(tree) == ["xml.encoding.unsupported"])
    }
}

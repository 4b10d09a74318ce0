import Testing
@testable import ArchiveModel
@testable import ArchiveDocuments
@testable import ArchivePresentation

/// Every truncation and every single-byte change of small fixtures decodes without a crash, keeps the
/// tree invariants, and reports missing bytes.
@Suite struct XMLPlistCorruptionTests {
    /// A named input; test output shows only the name.
    struct Input: CustomTestStringConvertible, Sendable {
        let name: String
        let xml: String
        init(_ name: String, _ xml: String) {
            self.name = name
            self.xml = xml
        }
        var testDescription: String { name }
    }

    static let fixtures: [Input] = [
        Input("elements", XMLPlistElementTests.document),
        Input("keyed", XMLPlistFixture.header + """
            <plist version="1.0">
            <dict>
            \t<key>$archiver</key>
            \t<string>NSKeyedArchiver</string>
            \t<key>$objects</key>
            \t<array>
            \t\t<string>$null</string>
            \t\t<dict>
            \t\t\t<key>$class</key>
            \t\t\t<dict>
            \t\t\t\t<key>CF$UID</key>
            \t\t\t\t<integer>2</integer>
            \t\t\t</dict>
            \t\t\t<key>NS.string</key>
            \t\t\t<string>x\u{01}y</string>
            \t\t</dict>
            \t</array>
            \t<key>$top</key>
            \t<dict><key>root</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
            \t<key>$version</key>
            \t<integer>100000</integer>
            </dict>
            </plist>

            """),
        Input("markup", """
            <?xml version="1.0"?>
            <!DOCTYPE plist [ <!ELEMENT plist ANY> <!-- x --> ]>
            <plist><!-- c --><array><string><![CDATA[a<b>]]>&amp;&#x41;</string><?pi d?><data>QUJD
            RA==</data><real>-1.5e3</real><date>2020-02-02T02:02:02Z</date><integer>0x7f</integer><false/></array></plist>
            """),
    ]

    static let replacements: [UInt8] = [0x00, UInt8(ascii: "<"), UInt8(ascii: ">"), 0xFF, UInt8(ascii: "&"), UInt8(ascii: "/")]

    @Test(arguments: fixtures)
    func fixtureIsClean(_ input: Input) {
        let tree = XMLPlistFixture.decode(input.xml)
        // The only diagnostic the intact fixtures have is the deliberate control character.
        #expect(XMLPlistFixture.ids(tree).allSatisfy { $0 == "xml.string.control-character" }, "\(input.name)")
        #expect(tree.rootID != nil)
    }

    @Test(arguments: fixtures)
    func everyTruncation(_ input: Input) throws {
        let bytes = Array(input.xml.utf8)
        let closeEnd = try #require(XMLPlistFixture.offset(of: "</plist>", in: input.xml)) + 8
        for n in 0..<bytes.count {
            let tree = XMLPlistDecoder.decode(InputBytes(bytes[0..<n]))
            XMLPlistFixture.checkInvariants(tree)
            if n < closeEnd {
                #expect(tree.fullCheck().contains { $0.severity == .error }, "\(input.name) cut at \(n) gives no error")
            }
        }
    }

    @Test(arguments: fixtures)
    func everySingleByteReplacement(_ input: Input) {
        let bytes = Array(input.xml.utf8)
        var mutated = bytes
        for i in 0..<bytes.count {
            for replacement in Self.replacements where replacement != bytes[i] {
                mutated[i] = replacement
                let tree = XMLPlistDecoder.decode(InputBytes(mutated))
                XMLPlistFixture.checkInvariants(tree)
            }
            mutated[i] = bytes[i]
        }
    }

    @Test(arguments: fixtures)
    func everySingleByteDeletion(_ input: Input) {
        let bytes = Array(input.xml.utf8)
        for i in 0..<bytes.count {
            var mutated = bytes
            mutated.remove(at: i)
            XMLPlistFixture.checkInvariants(XMLPlistDecoder.decode(InputBytes(mutated)))
        }
    }

    /// Pathological shapes: each must finish quickly and keep memory bounded.
    static let hostile: [Input] = [
        Input("unclosed comment", "<plist>" + String(repeating: "<!--", count: 20_000)),
        Input("many stray closers", "<plist><array>" + String(repeating: "</x>", count: 20_000)),
        Input("many unknown openers", "<plist><array>" + String(repeating: "<x>", count: 20_000)),
        Input("many ampersands", "<plist><string>" + String(repeating: "&", count: 50_000) + "</string></plist>"),
        Input("many lone <", "<plist><string>" + String(repeating: "< ", count: 20_000) + "</string></plist>"),
        Input("long attribute", "<plist version=\"" + String(repeating: "v", count: 100_000)),
        Input("nested keys", "<plist>" + String(repeating: "<dict><key>", count: 5_000)),
        Input("nul bytes", String(repeating: "\0", count: 10_000)),
    ]

    @Test(arguments: hostile)
    func hostileInput(_ input: Input) {
        let clock = ContinuousClock()
        var tree: XMLPlistTree?
        let elapsed = clock.measure { tree = XMLPlistFixture.decode(input.xml) }
        print("\(input.name): \(elapsed)")
        if let tree {
            XMLPlistFixture.checkInvariants(tree)
            #expect(!tree.fullCheck().isEmpty)
        }
    }
}

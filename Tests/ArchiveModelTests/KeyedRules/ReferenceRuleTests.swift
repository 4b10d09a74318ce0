import Testing
@testable import ArchiveModel
@testable import ArchiveCore
@testable import BinaryPlist
@testable import XMLPlist
@testable import OpenStepPlist
@testable import KeyedArchive
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import Bookmark
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveOutput
@testable import ArchiveAudit
@testable import ArchiveSources

/// DanglingReferenceRule, NilElementRule and the four reference states.
@Suite struct ReferenceRuleTests {
    @Test func danglingUID() {
        var a = KeyedArchiveBuilder()
        let root = a.object("Foo", [("next", .rawUID(500))])
        a.top = [("root", .ref(root))]
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id) == ["keyed.ref.dangling"])
        #expect(d.first?.message.contains("500") == true)
        #expect(d.first?.range != nil)
    }

    @Test func fourStatesAreKeptApart() {
        var a = KeyedArchiveBuilder()
        let conditional = a.reserve()
        let target = a.add(.string("x"))
        let root = a.object("Foo", [("nilRef", .ref(0)), ("conditional", .ref(conditional)), ("dangling", .rawUID(99)), ("real", .ref(target))])
        a.top = [("root", .ref(root))]
        let g = KeyedFixture.graph(a)
        let fields = g.object(root).fields
        #expect(fields.first { $0.key == "nilRef" }?.value == .reference(.null))
        #expect(fields.first { $0.key == "conditional" }?.value == .reference(.conditionalNull(conditional)))
        #expect(fields.first { $0.key == "real" }?.value == .reference(.object(target)))
        if case .reference(.dangling(let raw, _))? = fields.first(where: { $0.key == "dangling" })?.value {
            #expect(raw == 99)
        } else {
            Issue.record("dangling reference not recognised")
        }
        #expect(fields.first { $0.key == "absent" } == nil)
    }

    @Test func nilInsideACollection() {
        var a = KeyedArchiveBuilder()
        let s = a.add(.string("x"))
        let root = a.object("NSArray", [("NS.objects", .refs([s, 0]))])
        a.top = [("root", .ref(root))]
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id) == ["keyed.collection.nil-element"])
        #expect(d.first?.message.contains("NS.objects[1]") == true)
    }

    /// The nil element's diagnostic is on that element's UID, not on the whole list (binary plist).
    @Test func nilElementIsLocatedAtTheElement() throws {
        let bytes = DemoArchive.bytes(corrupt: true)
        let doc = ArchiveDocument.open(InputBytes(bytes), name: "demo")
        let d = try #require(doc.graph.fullCheck().first { $0.id == "keyed.collection.nil-element" })
        let range = try #require(d.range)
        #expect(range.count == 2, "a UID with a 1-byte payload: \(range)")
        #expect(bytes[range.start] == 0x80 && bytes[range.start + 1] == 0x00, "UID 0 at \(range)")
    }

    /// An XML keyed archive: object #1 has `next` → UID 99 and `NS.objects` whose second element is
    /// UID 77; both past the end of `$objects`.
    static let danglingXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>$archiver</key><string>NSKeyedArchiver</string>
        \t<key>$version</key><integer>100000</integer>
        \t<key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
        \t<key>$objects</key>
        \t<array>
        \t\t<string>$null</string>
        \t\t<dict>
        \t\t\t<key>$class</key><dict><key>CF$UID</key><integer>2</integer></dict>
        \t\t\t<key>next</key>
        \t\t\t<dict><key>CF$UID</key><integer>99</integer></dict>
        \t\t\t<key>NS.objects</key>
        \t\t\t<array>
        \t\t\t\t<dict><key>CF$UID</key><integer>3</integer></dict>
        \t\t\t\t<dict><key>CF$UID</key><integer>77</integer></dict>
        \t\t\t</array>
        \t\t</dict>
        \t\t<dict><key>$classname</key><string>Thing</string><key>$classes</key><array><string>Thing</string></array></dict>
        \t\t<string>hello</string>
        \t</array>
        </dict>
        </plist>

        """

    /// The `<dict>` holding `<integer>N</integer>` in `text`, and its line and column.
    static func uidDictionary(_ n: Int, in text: String) throws -> (range: ByteRange, line: Int, column: Int) {
        let bytes = Array(text.utf8)
        let needle = Array("<dict><key>CF$UID</key><integer>\(n)</integer></dict>".utf8)
        let start = try #require((0...(bytes.count - needle.count)).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) })
        let before = bytes[..<start]
        let line = before.filter { $0 == 0x0A }.count + 1
        let column = start - ((before.lastIndex(of: 0x0A) ?? -1) + 1) + 1
        return (ByteRange(start: start, count: needle.count), line, column)
    }

    /// A dangling UID in an XML archive is located at its `CF$UID` dictionary (offset, line and column),
    /// not at the object dictionary around it; in a list, at the element.
    @Test func aDanglingUIDInXMLIsLocatedAtItsUIDDictionary() throws {
        let text = Self.danglingXML
        let graph = KeyedArchiveGraph(tree: XMLPlistDecoder.decode(InputBytes(Array(text.utf8))))
        let dangling = graph.fullCheck().filter { $0.id == "keyed.ref.dangling" }
        #expect(dangling.count == 2, "\(dangling)")
        for (n, key) in [(99, "key next:"), (77, "key NS.objects[1]:")] {
            let expected = try Self.uidDictionary(n, in: text)
            let d = try #require(dangling.first { $0.message.contains("UID \(n) ") })
            #expect(d.message.contains(key), "\(d.message)")
            #expect(d.range == expected.range)
            #expect(d.position?.line == expected.line && d.position?.column == expected.column,
                    "\(String(describing: d.position)) != \(expected.line):\(expected.column)")
        }
    }
}

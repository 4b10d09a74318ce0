import Foundation
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

/// `--unarchive xml1` and `binary1`: plists this tool (and so Apple's and Python's readers, checked in
/// the CLI corpus tests) read back as the same document, with no problems.
@Suite struct ExportPlistFormatTests {
    /// The JSON export of `bytes` and of its xml1/binary1 export read back as a plain plist.
    private func roundTrip(_ bytes: [UInt8], _ format: String) -> (original: String, back: String, check: [Diagnostic]) {
        let original = String(decoding: ExportFixture.export(ExportFixture.document(bytes)), as: UTF8.self)
        let written = ExportFixture.document(ExportFixture.export(ExportFixture.document(bytes), format: format))
        #expect(written.graph is PlistObjectGraph)
        let back = String(decoding: ExportFixture.export(written), as: UTF8.self)
        return (original, back, DocumentCheck.fullCheck(of: written.graph))
    }

    @Test(arguments: ["xml1", "binary1"])
    func aWrittenPlistReadsBackAsTheSameDocument(format: String) {
        let (original, back, check) = roundTrip(ExportFixture.library(), format)
        // As documented: a plist has no null, and an XML date no fraction of a second.
        var expected = original.replacingOccurrences(of: ":null", with: #":{"$null":true}"#)
        if format == "xml1" {
            expected = expected.replacingOccurrences(of: #"{"$date":"1968-12-31T23:59:59.500Z","$seconds":-1009843200.5}"#,
                                                     with: #"{"$date":{"$date":"1968-12-31T23:59:59Z","$seconds":-1009843201.0},"$seconds":-1009843200.5}"#)
        }
        #expect(back == expected)
        #expect(check.filter { $0.severity != .note }.isEmpty, "\(check.map(\.id))")
    }

    @Test func xmlWritesWhatItCannotHoldAsTaggedDictionaries() {
        var a = KeyedArchiveBuilder()
        let o = a.object("Thing", [("esc", .string("a\u{1B}b")), ("cr", .string("a\rb<&>")), ("big", .real(.infinity))])
        a.top = [("root", .ref(o))]
        let xml = String(decoding: ExportFixture.export(ExportFixture.document(a.buildBinary()), format: "xml1"), as: UTF8.self)
        #expect(xml.contains("<key>$utf8</key>\n\t\t\t<data>YRti</data>"), "\(xml)")
        #expect(xml.contains("<string>a&#13;b&lt;&amp;&gt;</string>"))
        #expect(xml.contains("<real>+infinity</real>"))
        let back = ExportFixture.document(Array(xml.utf8))
        #expect(DocumentCheck.fullCheck(of: back.graph).filter { $0.severity != .note }.isEmpty)
    }

    @Test func aPlainPlistConvertsAsItIs() {
        var b = BinaryPlistBuilder()
        let k = b.add(.string("$weird")), v = b.add(.uid(5)), d = b.add(.date(0.25)), kd = b.add(.string("when"))
        b.topObject = b.add(.dict([(key: k, value: v), (key: kd, value: d)]))
        let json = String(decoding: ExportFixture.export(ExportFixture.document(b.build().bytes)), as: UTF8.self)
        // A plain plist keeps its keys; a UID and a date are typed.
        #expect(json == #"{"$weird":{"$uid":5},"when":{"$date":"2001-01-01T00:00:00.250Z","$seconds":0.25}}"# + "\n")
    }
    /// A plain dictionary's keys are told apart by their text, whichever nodes hold them: the same
    /// key node listed twice, two nodes of one text (among more than 16 keys too) and a number key
    /// each keep every entry (`$entries`); keys of distinct texts make an object, over many
    /// dictionaries that share their key nodes.
    @Test func aPlainDictionaryRepeatsKeysByTextNotByNode() {
        func json(_ make: (inout BinaryPlistBuilder) -> Int) -> String {
            var b = BinaryPlistBuilder()
            b.topObject = make(&b)
            return String(decoding: ExportFixture.export(ExportFixture.document(b.build().bytes)), as: UTF8.self)
        }
        let sameNode = json { b in
            let k = b.add(.string("k")), v = b.add(.integer(1))
            return b.add(.dict([(key: k, value: v), (key: k, value: v)]))
        }
        #expect(sameNode == #"{"$entries":[["k",1],["k",1]]}"# + "\n")
        let sameText = json { b in
            let k1 = b.add(.string("k")), k2 = b.add(.string("k")), v = b.add(.integer(1))
            return b.add(.dict([(key: k1, value: v), (key: k2, value: v)]))
        }
        #expect(sameText == #"{"$entries":[["k",1],["k",1]]}"# + "\n")
        let numberKey = json { b in
            let k1 = b.add(.integer(7)), k2 = b.add(.string("7")), v = b.add(.integer(1))
            return b.add(.dict([(key: k1, value: v), (key: k2, value: v)]))
        }
        #expect(numberKey == #"{"$entries":[[7,1],["7",1]]}"# + "\n")
        let many = json { b in
            let v = b.add(.integer(1))
            var pairs = (0..<20).map { (key: b.add(.string("k\($0)")), value: v) }
            pairs.append((key: b.add(.string("k3")), value: v))
            return b.add(.dict(pairs))
        }
        #expect(many.hasPrefix(#"{"$entries":[["k0",1],"#) && many.contains(#"["k19",1],["k3",1]]}"#))
        let shared = json { b in
            let a = b.add(.string("a")), c = b.add(.string("c")), v = b.add(.integer(2))
            let dicts = (0..<3).map { _ in b.add(.dict([(key: a, value: v), (key: c, value: v)])) }
            return b.add(.array(dicts))
        }
        #expect(shared == #"[{"a":2,"c":2},{"a":2,"c":2},{"a":2,"c":2}]"# + "\n")
    }
}

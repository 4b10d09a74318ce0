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
}

import FuzzSupport
import Testing
@testable import ArchiveModel
@testable import KeyedArchive
@testable import IB3XML
@testable import ArchiveCore

/// A recognised Apple format is never damage (issue 36 item 4): each entry of the one table
/// (`AppleFormat`, and the formats recognised by their own detection) gets its note and no
/// `damage.*`; content with no business where an archive was expected still gets `damage.wrong-content`.
@Suite struct RecognisedFormatTests {
    static func open(_ bytes: [UInt8]) -> ArchiveDocument { ArchiveDocument.open(InputBytes(bytes), name: "x.plist") }

    /// A file of `format`: its signature, then binary header fields and some text.
    static func sample(_ format: AppleFormat) -> [UInt8] {
        let (signature, at) = format.signature
        return [UInt8](repeating: 0, count: at) + signature + [0x00, 0x00, 0x00, 0x02, 0x00, 0x1C, 0x00, 0x01] + Array("<html><body>not this</body></html>".utf8)
    }

    @Test(arguments: AppleFormat.allCases)
    func eachTableEntryIsNamedNotDamage(_ format: AppleFormat) throws {
        let doc = Self.open(Self.sample(format))
        #expect(doc.format == .apple(format))
        #expect(doc.format.isRecognised)
        #expect(!doc.isDecoded)
        let diagnostics = DocumentCheck.fullCheck(of: doc.graph)
        #expect(diagnostics.count == 1, "\(diagnostics.map(\.description))")
        let d = try #require(diagnostics.first)
        #expect(d.id == "format.apple.not-decoded")
        #expect(d.severity == .note)
        #expect(d.message.hasPrefix("this is " + format.description))
        #expect(!diagnostics.contains { $0.id.hasPrefix("damage.") })
    }

    /// The formats recognised by their own detection are in the table's predicate too, and none is damage.
    @Test func theOtherRecognitionsAreNotDamage() {
        let documents: [([UInt8], String)] = [
            (Array("bplist16".utf8) + [UInt8](repeating: 0xF0, count: 40), "format.bplist-variant.unsupported"),
            (Array("GNUstep archive00002c88:00000003".utf8), "format.gnustep-archive.unsupported"),
            (Array("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" version=\"3.0\"><objects/></document>".utf8),
             "ib3.document.source"),
        ]
        for (bytes, id) in documents {
            let doc = Self.open(bytes)
            #expect(doc.format.isRecognised, "\(id)")
            #expect(!doc.isDecoded)
            let diagnostics = DocumentCheck.fullCheck(of: doc.graph)
            #expect(diagnostics.map(\.id) == [id])
            #expect(!diagnostics.contains { $0.id.hasPrefix("damage.") })
        }
    }

    /// Text that merely starts with a table entry's ASCII signature stays text.
    @Test func aTextSignatureNeedsBinaryFieldsAfterIt() {
        #expect(AppleFormat.identify(InputBytes(Array("koly = 1; pbzx = 2;".utf8))) == nil)
        #expect(AppleFormat.identify(InputBytes(Array("xar! is a word here".utf8))) == nil)
        #expect(AppleFormat.identify(InputBytes(Array("xar!".utf8) + [0, 0x1C, 0, 1])) == .xar)
    }

    /// The dead entry of the foreign table is gone: bookmark data is decoded, not foreign.
    @Test func bookmarksAreDecodedNotForeign() {
        let doc = Self.open(BookmarkBuilder.sample().build().bytes)
        #expect(doc.isDecoded)
        #expect(ForeignContent.identify(doc.input, format: .unknown) == nil)
    }

    /// Real foreign content is still called so.
    @Test(arguments: [
        (Array("<!DOCTYPE html>\n<html><head><title>Oops</title></head><body>x</body></html>".utf8), "an HTML page"),
        (Array("{\n  \"name\": \"value\"\n}\n".utf8), "a JSON document"),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], "a PNG image"),
    ] as [([UInt8], String)])
    func foreignContentIsStillWrongContent(_ bytes: [UInt8], _ what: String) throws {
        let doc = Self.open(bytes)
        #expect(!doc.format.isRecognised)
        let d = try #require(DocumentCheck.fullCheck(of: doc.graph).first)
        #expect(d.id == "damage.wrong-content")
        #expect(d.message.hasPrefix("this file is \(what)"))
    }
}

import TestSupport
import Testing
@testable import ArchiveModel
@testable import IB3XML
@testable import ArchiveDocuments

/// The real UTF-16LE and UTF-8-with-mark samples of `../shared/corpus/encodings`: each opens in the
/// format and encoding the manifest gives, and decodes to the same tree, with the same diagnostics at
/// the same characters, as its text converted to UTF-8 by the standard library. Skipped without the corpus.
@Suite(.needsCorpus) struct TextEncodingCorpusTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        let file: String
        let format: ContainerFormat
        let encoding: TextEncoding
        /// Errors the file has in any encoding (dd-plist's test file uses syntax CF does not read).
        let errors: Int
        var testDescription: String { file }
    }

    static let utf16LE = TextEncoding(.utf16LE, byteOrderMark: true)

    static let files = [
        Expected(file: "3breadt__dd-plist__test-xml-utf-16le-bom.plist", format: .xmlPlist, encoding: utf16LE, errors: 0),
        // An unquoted string of katakana (dd-plist reads it; CF's unquoted strings are ASCII only).
        Expected(file: "3breadt__dd-plist__test-ascii-utf-16le.plist", format: .openStepPlist, encoding: utf16LE, errors: 2),
        Expected(file: "fruitsamples__UIElementInspector__InfoPlist.strings", format: .openStepPlist, encoding: utf16LE, errors: 0),
        Expected(file: "bartmatthaei__sshkeychain__Dutch.lproj__Localizable.strings", format: .openStepPlist,
                 encoding: TextEncoding(.utf8, byteOrderMark: true), errors: 0),
    ]

    @Test(arguments: files)
    func decodesLikeItsUTF8Text(_ expected: Expected) throws {
        let document = try #require(Corpus.document("encodings/" + expected.file))
        #expect(document.format == expected.format)
        #expect(document.textEncoding == expected.encoding)
        #expect(document.formatDescription == "\(expected.format), \(expected.encoding)")
        let tree = try #require(document.tree)
        let diagnostics = document.graph.fullCheck()
        #expect(diagnostics.filter { $0.severity == .error }.count == expected.errors, "\(diagnostics)")

        // The same text as UTF-8, converted by the standard library.
        let bytes = Array(document.input.buffer)
        let mark = expected.encoding.byteOrderMarkLength
        let text: String
        if expected.encoding.form == .utf16LE {
            let units = stride(from: mark, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }
            text = String(decoding: units, as: UTF16.self)
        } else {
            text = String(decoding: bytes[mark...], as: UTF8.self)
        }
        let reference = ArchiveDocument.open(InputBytes(Array(text.utf8)), name: "utf8")
        let referenceTree = try #require(reference.tree)
        #expect(XMLPlistFixture.render(tree) == XMLPlistFixture.render(referenceTree))
        func mapped(_ r: ByteRange) -> ByteRange {
            ByteRange(EncodedText.fileOffset(r.start, in: text, expected.encoding), EncodedText.fileOffset(r.end, in: text, expected.encoding))
        }
        for (a, b) in zip(XMLPlistFixture.nodes(tree), XMLPlistFixture.nodes(referenceTree)) {
            #expect(a.range == b.range.map(mapped))
            #expect(a.position == b.position)
        }
        // The XML sample declares encoding="UTF-16": true of the file, a warning for its UTF-8 copy.
        let expectedDiagnostics = reference.graph.fullCheck().filter { $0.id != "xml.encoding.unsupported" }
            .map { $0.with(range: .some($0.range.map(mapped))) }
        #expect(EncodedText.located(diagnostics) == EncodedText.located(expectedDiagnostics))
    }

    @Test func utf16StringsFileHasItsEntries() throws {
        let document = try #require(Corpus.document("encodings/fruitsamples__UIElementInspector__InfoPlist.strings"))
        let tree = try #require(document.tree)
        let rendered = XMLPlistFixture.render(tree)
        #expect(rendered.hasPrefix("{"))
        #expect(rendered.contains("\"CFBundleName\"="))
    }
}

import Testing
@testable import ArchiveModel
import TestSupport

/// The preview of every corpus file (issue 38, item 3): one display-safe line each, within its limit,
/// whatever the file holds (damaged, recognised only, not an archive); the known kinds say what they
/// hold.
@Suite(.needsCorpus)
struct SourcePreviewCorpusTests {
    static let folders = ["bookmark", "compressed", "corrupt", "encodings", "ib3xml", "keyed-binary", "keyed-xml",
                          "nibarchive", "other", "plist", "typedstream"]

    @Test func everyFileGetsOneSafeLine() throws {
        var count = 0
        for folder in Self.folders {
            for path in Corpus.files(folder) {
                guard let document = try? Corpus.open(path) else { continue }
                let preview = SourcePreview.of(document)
                #expect(!preview.text.isEmpty, "\(path)")
                #expect(preview.text.count <= SourcePreview.textLimit + 1, "\(path)")
                #expect(!preview.text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || (0x80..<0xA0).contains($0.value) },
                        "\(path): \(preview.text)")
                count += 1
            }
        }
        #expect(count > 300, "the corpus's files were read")
    }

    @Test func knownFilesSayWhatTheyHold() throws {
        let body = try #require(Corpus.document("typedstream/crabstep__AttributedBodyTextOnly"))
        #expect(SourcePreview.of(body).text == "\"Noter test\"")
        let nib = try #require(Corpus.document("nibarchive/viraptor-ibtool__StatusBar.nib"))
        #expect(SourcePreview.of(nib).text.hasPrefix("3 top-level objects: NSCustomObject, "))
        let keyedNib = try #require(Corpus.document("keyed-binary/hexfiend__MyDocument.nib__keyedobjects.nib"))
        #expect(SourcePreview.of(keyedNib).text.hasPrefix("3 top-level objects: NSCustomObject, "))
        let xib = try #require(Corpus.document("ib3xml/cardio-ios__MainWindow.xib"))
        #expect(SourcePreview.of(xib).text.hasPrefix("4 top-level objects: "), "\(SourcePreview.of(xib).text)")
    }
}

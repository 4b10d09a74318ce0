import Testing
@testable import ArchiveModel
import TestSupport

/// Archives in base64, hex, gzip and zlib wrappers (issue 24 item 5): unwrapped, browsed, and named.
struct WrapperTests {
    static let archive = DamageSignatureTests.original

    static func open(_ bytes: [UInt8]) -> (ArchiveDocument, [Diagnostic]) {
        let doc = ArchiveDocument.open(InputBytes(bytes), name: "wrapped")
        return (doc, DocumentCheck.fullCheck(of: doc.graph))
    }

    static func base64(_ bytes: [UInt8], lineLength: Int? = nil) -> [UInt8] {
        let text = Base64.encode(bytes)
        guard let lineLength else { return Array(text.utf8) }
        var out: [UInt8] = []
        for (i, c) in text.utf8.enumerated() {
            if i > 0, i % lineLength == 0 { out.append(0x0A) }
            out.append(c)
        }
        return out + [0x0A]
    }

    static func hex(_ bytes: [UInt8], separator: String = "", every: Int = 0) -> String {
        var text = ""
        for (i, b) in bytes.enumerated() {
            if every > 0, i > 0, i % every == 0 { text += separator }
            text += byteHex(b)
        }
        return text
    }

    @Test(arguments: [
        ("base64", base64(archive), "wrapper.base64"),
        ("base64, 76 a line", base64(archive, lineLength: 76), "wrapper.base64"),
        ("hex", Array(hex(archive).utf8), "wrapper.hex"),
        ("xxd -p", Array(hex(archive, separator: "\n", every: 30).utf8), "wrapper.hex"),
        ("NSData description", Array(("<" + hex(archive, separator: " ", every: 4) + ">").utf8), "wrapper.hex"),
        ("gzip", Deflate.gzip(archive), "wrapper.gzip"),
        ("zlib", Deflate.zlib(archive), "wrapper.zlib"),
    ] as [(String, [UInt8], String)])
    func opensTheArchiveInside(_ name: String, _ bytes: [UInt8], _ id: String) throws {
        let (doc, diagnostics) = Self.open(bytes)
        #expect(doc.format == .binaryPlist, "\(name)")
        #expect(doc.graph.input.count == Self.archive.count)
        #expect(doc.graph.input.wrappers.map(\.kind.code.rawValue) == [id])
        let first = try #require(DiagnosticGroups.reportOrder(diagnostics).first)
        #expect(first.id == id && first.severity == .note)
        #expect(first.message.contains("to \(Self.archive.count) bytes"))
        #expect(!diagnostics.contains { $0.severity == .error })
    }

    @Test func nestedWrappersAreEachNamedOutermostFirst() {
        let (doc, diagnostics) = Self.open(Self.base64(Deflate.gzip(Self.archive)))
        #expect(doc.graph.input.wrappers.map(\.kind) == [.base64, .gzip])
        #expect(DiagnosticGroups.reportOrder(diagnostics).prefix(2).map(\.id) == ["wrapper.base64", "wrapper.gzip"])
    }

    @Test func aCutGzipStreamIsDamagedAndTheArchiveTruncated() {
        let gz = Deflate.gzip(Self.archive)
        let (_, diagnostics) = Self.open(Array(gz.prefix(gz.count * 2 / 3)))
        let ids = DiagnosticGroups.reportOrder(diagnostics).prefix(3).map(\.id)
        #expect(ids == ["wrapper.gzip", "wrapper.inflate.damaged", "damage.truncated"])
    }

    @Test func aDecompressionBombStopsAtTheLimit() throws {
        let bomb = Deflate.gzip(Array("bplist00".utf8) + [UInt8](repeating: 0, count: 40 << 20))
        #expect(bomb.count < 100_000)
        let unwrapped = try #require(Unwrapper.unwrap(InputBytes(bomb)))
        #expect(unwrapped.count == Unwrapper.inflateLimit(for: bomb.count))
        #expect(unwrapped.count == 16 << 20)
        let problems = unwrapped.wrappers.flatMap(\.problems)
        #expect(problems.map(\.id) == ["wrapper.inflate.limit"])
    }

    @Test func wrappersNestedTooDeepStopWithAWarning() throws {
        var bytes = Self.archive
        for _ in 0..<6 { bytes = Deflate.gzip(bytes) }
        let unwrapped = try #require(Unwrapper.unwrap(InputBytes(bytes)))
        #expect(unwrapped.wrappers.count == Unwrapper.maxDepth)
        #expect(unwrapped.wrappers.flatMap(\.diagnostics).contains { $0.id == "wrapper.depth.limit" })
    }

    @Test(arguments: [
        "<?xml version=\"1.0\"?><plist version=\"1.0\"><string>YnBsaXN0MDA=</string></plist>",
        "YnBsaXN0MDA word another",
        "deadbeef = cafe;",
        "{ a = <62706c69 73743030>; }",
    ])
    func textThatIsNotAWrapperIsLeftAlone(_ text: String) {
        #expect(Unwrapper.unwrap(InputBytes(Array(text.utf8))) == nil)
    }

    @Test func base64OfSomethingElseIsNotUnwrapped() {
        #expect(Unwrapper.unwrap(InputBytes(Self.base64(Array("just some text, not an archive".utf8)))) == nil)
    }
}

/// No file of the shared corpus is taken for a wrapper.
@Suite(.needsCorpus) struct WrapperCorpusTests {
    @Test func corpusFilesAreNotUnwrapped() throws {
        for folder in ["keyed-binary", "keyed-xml", "plist", "typedstream", "encodings", "other", "nibarchive"] {
            for path in Corpus.files(folder) {
                #expect(Unwrapper.unwrap(try InputBytes.read(path: path)) == nil, "\(path)")
            }
        }
    }
}

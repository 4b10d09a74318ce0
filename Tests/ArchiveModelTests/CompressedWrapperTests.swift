import Testing
@testable import ArchiveModel
@testable import ArchiveDocuments
import TestSupport

/// Archives in LZFSE / LZVN block streams (issue 36 item 3): helpd's `.cshelpindex` and `.helpindex`
/// are a binary plist in a `bvx2` stream. Streams are written by hand here (`bvx-` stored blocks and
/// `bvxn` blocks of LZVN opcodes); the real LZFSE streams are the corpus's.
struct CompressedWrapperTests {
    static let archive = DamageSignatureTests.original

    static func u32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// `bvx-`, size, bytes.
    static func stored(_ bytes: [UInt8]) -> [UInt8] { Array("bvx-".utf8) + u32(bytes.count) + bytes }

    /// `bvxn`, raw size, payload size, payload.
    static func lzvn(_ payload: [UInt8], rawSize: Int) -> [UInt8] { Array("bvxn".utf8) + u32(rawSize) + u32(payload.count) + payload }

    /// LZVN opcodes that write `bytes` as literals (`1110LLLL` and `11100000 LLLLLLLL`), then end the payload.
    static func lzvnLiterals(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            let n = Swift.min(rest.count, 271)
            out += n < 16 ? [0xE0 | UInt8(n)] : [0xE0, UInt8(n - 16)]
            out += rest.prefix(n)
            rest = rest.dropFirst(n)
        }
        return out + [0x06, 0, 0, 0, 0, 0, 0, 0]
    }

    static let end = Array("bvx$".utf8)

    static func open(_ bytes: [UInt8]) -> (ArchiveDocument, [Diagnostic]) {
        let doc = ArchiveDocument.open(InputBytes(bytes), name: "compressed")
        return (doc, DocumentCheck.fullCheck(of: doc.graph))
    }

    @Test(arguments: [
        ("stored", stored(archive) + end),
        ("LZVN", lzvn(lzvnLiterals(archive), rawSize: archive.count) + end),
        ("LZVN then stored", lzvn(lzvnLiterals(Array(archive.prefix(40))), rawSize: 40) + stored(Array(archive.dropFirst(40))) + end),
    ] as [(String, [UInt8])])
    func opensTheArchiveInside(_ name: String, _ bytes: [UInt8]) throws {
        let (doc, diagnostics) = Self.open(bytes)
        #expect(doc.format == .binaryPlist, "\(name)")
        #expect(doc.graph.input.count == Self.archive.count)
        #expect(doc.graph.input.wrappers.map(\.kind) == [.lzfse])
        let first = try #require(DiagnosticGroups.reportOrder(diagnostics).first)
        #expect(first.id == "wrapper.lzfse" && first.severity == .note)
        #expect(first.message.contains("\(bytes.count) bytes decompressed to \(Self.archive.count) bytes"))
        #expect(!diagnostics.contains { $0.severity == .error })
    }

    /// A stream cut inside its second block: the first block's bytes and what the cut stored block
    /// still has are decoded, and the damage is named with the compressed offset where the stream stops.
    @Test func aCutStreamKeepsWhatDecodedAndSaysWhere() throws {
        let first = Self.stored(Array(Self.archive.prefix(60)))
        let whole = first + Self.stored(Array(Self.archive.dropFirst(60))) + Self.end
        let cut = Array(whole.prefix(first.count + 20))
        let (doc, diagnostics) = Self.open(cut)
        #expect(doc.graph.input.wrappers.map(\.kind) == [.lzfse])
        // 60 bytes from the first block, 12 from the 20 bytes of the second (8 are its header).
        #expect(doc.graph.input.count == 72)
        let damaged = try #require(diagnostics.first { $0.id == "wrapper.lzfse.damaged" })
        #expect(damaged.severity == .error)
        #expect(damaged.message.contains("lzfse.block.truncated at compressed offset \(first.count)"))
        #expect(damaged.message.contains("the 72 bytes decompressed"))
    }

    /// An LZVN match that copies from before the start of the output: damage, located.
    @Test func aMatchBeforeTheStartIsLocated() throws {
        // Two literals, then `LLMMMDDD DDDDDDDD` with no literals, match 3, distance 9 (only 2 bytes exist).
        let payload: [UInt8] = [0xE2, 0x62, 0x70, 0x00 | 0 << 3 | 0, 9, 0x06, 0, 0, 0, 0, 0, 0, 0]
        let (_, diagnostics) = Self.open(Self.lzvn(payload, rawSize: 5) + Self.end)
        let damaged = try #require(diagnostics.first { $0.id == "wrapper.lzfse.damaged" })
        #expect(damaged.message.contains("lzvn.match.before-start at compressed offset 15"))
    }

    /// A block that declares 4 GiB of output from 13 bytes of payload allocates nothing of the sort.
    @Test func aHugeDeclaredSizeIsNotBelieved() throws {
        let (doc, diagnostics) = Self.open(Self.lzvn(Self.lzvnLiterals(Array("bplist00".utf8)), rawSize: 0xFFFF_FFFF) + Self.end)
        #expect(doc.graph.input.count == 8)
        #expect(diagnostics.contains { $0.id == "wrapper.lzfse.damaged" && $0.message.contains("lzfse.block.size-mismatch") })
    }

    /// Output past the limit stops there (a decompression bomb): the limit is a parameter here so that
    /// a small stream reaches it; `Unwrapper.inflateLimit` sets it for real inputs.
    @Test func theOutputStopsAtTheLimit() throws {
        let stream = Self.stored(Self.archive) + Self.end
        let (bytes, problems) = CompressedStreamLayer.decompress(InputBytes(stream), limit: 100)
        #expect(bytes.count == 100)
        let limit = try #require(problems.first { $0.id == "wrapper.lzfse.limit" })
        #expect(limit.severity == .error)
        #expect(limit.message.contains("stopped at 100 bytes"))
    }

    /// Bytes after the end-of-stream block: the archive decodes, a warning says so.
    @Test func bytesAfterTheEndAreAWarning() throws {
        let (doc, diagnostics) = Self.open(Self.stored(Self.archive) + Self.end + [1, 2, 3])
        #expect(doc.format == .binaryPlist)
        let irregular = try #require(diagnostics.first { $0.id == "wrapper.lzfse.irregular" })
        #expect(irregular.severity == .warning)
        #expect(irregular.message.contains("lzfse.stream.trailing-bytes"))
    }

    /// Base64 text of a compressed stream: two layers, both named.
    @Test func base64OfAStreamIsTwoLayers() throws {
        let text = Array(Base64.encode(Self.stored(Self.archive) + Self.end).utf8)
        let (doc, _) = Self.open(text)
        #expect(doc.format == .binaryPlist)
        #expect(doc.graph.input.wrappers.map(\.kind) == [.base64, .lzfse])
    }
}

/// The help indexes of `corpus/compressed`: each an LZFSE stream holding a keyed archive, opened and
/// checked clean.
@Suite(.needsCorpus)
struct CompressedCorpusTests {
    @Test func everyHelpIndexOpensClean() throws {
        let files = Corpus.files("compressed")
        #expect(files.count >= 6)
        for path in files {
            let doc = try Corpus.open(path)
            #expect(doc.format == .binaryPlist, "\(path)")
            #expect(doc.graph is KeyedArchiveGraph, "\(path)")
            #expect(doc.graph.input.wrappers.map(\.kind) == [.lzfse], "\(path)")
            let diagnostics = DocumentCheck.fullCheck(of: doc.graph)
            #expect(!diagnostics.contains { $0.severity != .note }, "\(path): \(diagnostics.filter { $0.severity != .note })")
        }
    }

    /// Every cut of a real stream (at a few hundred places) opens without a trap and names the damage.
    @Test func cutStreamsNameTheDamage() throws {
        let path = try #require(Corpus.files("compressed").first { $0.hasSuffix("WebArchiveExtractorHelp.cshelpindex") })
        let whole = try InputBytes.read(path: path).bytes(in: ByteRange(0, Int.max))
        for cut in stride(from: 4, to: whole.count, by: 97) {
            let doc = ArchiveDocument.open(InputBytes(whole.prefix(cut)), name: "cut")
            let diagnostics = DocumentCheck.fullCheck(of: doc.graph)
            #expect(diagnostics.contains { $0.id == "wrapper.lzfse.damaged" && $0.message.contains("compressed offset") }, "cut at \(cut)")
        }
    }
}

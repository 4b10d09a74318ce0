import Foundation
import Testing
@testable import AppleCompression
import TestSupport

/// The corpus's LZFSE help indexes (`compressed/`), read in place.
@Suite(.needsCorpus) struct CorpusTests {
    static func files() -> [(name: String, bytes: [UInt8])] {
        Corpus.files("compressed").compactMap { path in
            FileManager.default.contents(atPath: path).map { ((path as NSString).lastPathComponent, [UInt8]($0)) }
        }
    }

    @Test func everyFileDecodesWholeToABinaryPlist() throws {
        let files = Self.files()
        try #require(!files.isEmpty)
        for (name, bytes) in files {
            let result = decodeChecked(bytes)
            #expect(result.problems.isEmpty, "\(name): \(result.problems)")
            #expect(result.sawEndMarker && result.isComplete, "\(name)")
            #expect(result.streamEnd == bytes.count, "\(name)")
            #expect(result.output.starts(with: Array("bplist00".utf8)), "\(name)")
            // Every block's declared raw size is what it decoded to.
            for block in result.blocks where block.kind != .endOfStream {
                #expect(block.outputRange.count == block.declaredRawSize, "\(name) \(block)")
            }
        }
    }

    /// The same blocks with v1 headers (every field at full width) decode to the same bytes: the v1
    /// reader agrees with the v2 one on real tables.
    @Test func v2BlocksRewrittenAsV1DecodeAlike() throws {
        for (name, bytes) in Self.files() {
            let original = decodeChecked(bytes)
            var rewritten: [UInt8] = []
            for block in original.blocks {
                let blockBytes = Array(bytes[block.range])
                guard block.kind == .lzfseV2 else { rewritten += blockBytes; continue }
                let reading = blockBytes.withUnsafeBytes { LZFSEBlockHeader.readV2($0, BlockRef(kind: .lzfseV2, start: 0)) }
                guard case .header(let header) = reading else { Issue.record("\(name): header unread"); return }
                var builder = LZFSEBlockBuilder()
                builder.rawSize = header.rawSize
                builder.literalCount = header.literalCount
                builder.matchCount = header.matchCount
                builder.literalPadding = header.literalPadding
                builder.lmdPadding = header.lmdPadding
                builder.literalStates = header.literalStates
                (builder.lState, builder.mState, builder.dState) = (header.lState, header.mState, header.dState)
                builder.frequencies = header.frequencies
                let payload = Array(blockBytes[header.headerSize...])
                builder.literalPayload = Array(payload.prefix(header.literalPayloadSize))
                builder.lmdPayload = Array(payload.dropFirst(header.literalPayloadSize))
                rewritten += builder.v1()
            }
            let result = decodeChecked(rewritten)
            #expect(result.problems.isEmpty, "\(name): \(result.problems)")
            #expect(result.output == original.output, "\(name)")
            #expect(result.kinds.contains(.lzfseV1), "\(name)")
        }
    }

    /// Every truncation of the smallest file: no trap, the invariants, a problem, and an output that
    /// is a prefix of the whole one.
    @Test func everyTruncationOfTheSmallestFile() throws {
        let (name, bytes) = try #require(Self.files().min { $0.bytes.count < $1.bytes.count })
        let whole = decodeChecked(bytes).output
        for length in 0..<bytes.count {
            let result = decodeChecked(Array(bytes.prefix(length)))
            #expect(!result.problems.isEmpty, "\(name) cut at \(length)")
            #expect(whole.starts(with: result.output), "\(name) cut at \(length)")
        }
    }
}

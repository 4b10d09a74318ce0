import Foundation
import Testing
@testable import AppleCompression
import TestSupport

/// Against Apple's reference implementation (PyPI `lzfse`): what it compresses we decode to the
/// input, what we decode of the corpus it decodes alike, and the blocks the tests assemble by hand
/// it decodes to the output the tests expect (so the assemblers agree with the reference, not only
/// with this decoder).
@Suite(.needsPython("lzfse", pip: "lzfse")) struct DifferentialTests {
    /// Inputs of every shape the encoder treats differently: under 8 bytes (stored raw), under
    /// 4 KiB (LZVN), larger (LZFSE), over 64 KiB random (several blocks, some stored raw).
    static func inputs() -> [(String, [UInt8])] {
        var random = TestRandom(seed: 2024)
        let words = ["plist", "archive", "NSKeyedArchiver", "$objects", "help", "index", " ", "\n", "0123456789"]
        func text(_ count: Int) -> [UInt8] {
            var out: [UInt8] = []
            while out.count < count { out += Array(words[Int(random.next() % UInt64(words.count))].utf8) }
            return Array(out.prefix(count))
        }
        var inputs: [(String, [UInt8])] = [("empty", []), ("5 bytes", [1, 2, 3, 4, 5])]
        for size in [100, 3_000, 5_000, 70_000, 300_000] { inputs.append(("\(size) random", random.bytes(size))) }
        for size in [200, 4_000, 20_000, 150_000, 1_000_000] { inputs.append(("\(size) text", text(size))) }
        inputs.append(("runs", (0..<200_000).map { UInt8(($0 / 1000) % 3) }))
        inputs.append(("mixed", random.bytes(50_000) + text(100_000) + random.bytes(30_000)))
        return inputs
    }

    @Test func whatTheReferenceCompressesDecodesToTheInput() throws {
        var inputs = Self.inputs()
        if let plist = LZFSEReference.binaryPlist(count: 2_000) { inputs.append(("binary plist", plist)) }
        let compressed = try #require(LZFSEReference.compress(inputs.map(\.1)))
        var kinds = Set<AppleCompressedStream.BlockKind>()
        for ((name, input), stream) in zip(inputs, compressed) {
            let result = decodeChecked(stream)
            #expect(result.problems.isEmpty, "\(name): \(result.problems)")
            #expect(result.output == input, "\(name): \(result.output.count) bytes decoded of \(input.count)")
            kinds.formUnion(result.kinds)
        }
        // The inputs reach every kind the reference encoder writes.
        #expect(kinds == [.raw, .lzvn, .lzfseV2, .endOfStream])
    }

    @Test(.needsCorpus) func corpusDecodesAsTheReferenceDecodesIt() throws {
        let files = CorpusTests.files()
        try #require(!files.isEmpty)
        let reference = try #require(LZFSEReference.decompress(files.map(\.bytes)))
        for ((name, bytes), expected) in zip(files, reference) {
            #expect(!expected.isEmpty, "\(name): the reference decoded nothing")
            #expect(decodeChecked(bytes).output == expected, "\(name)")
        }
    }

    @Test func handAssembledBlocksDecodeAlikeInTheReference() throws {
        var streams: [[UInt8]] = []
        var expected: [[UInt8]] = []
        for index in LZVNOpcodeTests.cases.indices {
            let assembler = LZVNOpcodeTests.block(LZVNOpcodeTests.cases[index].1)
            streams.append(assembler.block() + StreamBuilder.end)
            expected.append(assembler.expected)
        }
        for seed in 1...4 {
            let block = LZFSEBlockTests.matchesBlock(seed: UInt64(seed))
            streams += [block.builder.v2() + StreamBuilder.end, block.builder.v1() + StreamBuilder.end]
            expected += [block.expected, block.expected]
        }
        let reference = try #require(LZFSEReference.decompress(streams))
        for (index, (ours, theirs)) in zip(expected, reference).enumerated() {
            #expect(ours == theirs, "stream \(index): the reference decodes \(theirs.count) bytes, the test expects \(ours.count)")
            #expect(decodeChecked(streams[index]).output == theirs, "stream \(index)")
        }
    }
}

import Testing
@testable import AppleCompression

@Suite struct StreamStructureTests {
    @Test func blocksOfEveryKindFollowOneAnother() {
        var first = LZVNAssembler()
        first.encode(Array("abcabcabcabcabc-lzvn".utf8))
        let raw = Array("-raw-".utf8)
        var second = LZVNAssembler(history: first.expected + raw)
        second.smallLiteral(Array("xyz".utf8))
        // A match into the first block's output: distances count from the stream's first byte.
        second.largeDistance(literal: [], match: 6, distance: second.expected.count)
        second.endOfStream()
        let blockA = first.block()
        let blockB = StreamBuilder.raw(raw)
        let blockC = second.block(outputBefore: first.expected.count + raw.count)
        let stream = blockA + blockB + blockC + StreamBuilder.end
        let result = decodeChecked(stream)
        #expect(result.output == second.expected)
        #expect(result.problems.isEmpty)
        #expect(result.kinds == [.lzvn, .raw, .lzvn, .endOfStream])
        #expect(result.blocks.map(\.range) == [0..<blockA.count, blockA.count..<blockA.count + blockB.count,
                                               blockA.count + blockB.count..<stream.count - 4, stream.count - 4..<stream.count])
        #expect(result.blocks[2].outputRange == first.expected.count + raw.count..<second.expected.count)
    }

    @Test func missingEndMarkerIsAnErrorThatKeepsTheOutput() {
        let stream = StreamBuilder.raw([1, 2, 3]) + StreamBuilder.raw([4])
        let result = decodeChecked(stream)
        #expect(result.output == [1, 2, 3, 4])
        #expect(!result.sawEndMarker && !result.isComplete)
        #expect(result.codes == [.streamUnterminated])
        #expect(result.problems[0].offset == stream.count)
        #expect(result.problems[0].message == "the input ends after 2 blocks without the end-of-stream block (bvx$)")
    }

    @Test func bytesAfterTheEndMarkerAreAWarning() {
        let result = decodeChecked(StreamBuilder.raw([9]) + StreamBuilder.end + [0, 0, 0])
        #expect(result.output == [9])
        #expect(result.codes == [.trailingBytes])
        #expect(result.problems[0].severity == .warning)
        #expect(result.problems[0].offset == 13)
        #expect(result.isComplete)
        #expect(result.streamEnd == 13)
    }

    @Test func unknownMagicStopsTheStream() {
        let atStart = decodeChecked(Array("bplist00".utf8))
        #expect(atStart.codes == [.magicUnknown])
        #expect(atStart.problems[0].message == "bytes 0x62 0x70 0x6c 0x69 are no block magic (bvx2, bvx1, bvxn, bvx-, bvx$)")
        let later = decodeChecked(StreamBuilder.raw([1]) + Array("bvx9".utf8) + StreamBuilder.end)
        #expect(later.output == [1])
        #expect(later.codes == [.magicUnknown])
        #expect(later.problems[0].offset == 9)
        #expect(later.problems[0].message.hasSuffix("after 1 block"))
    }

    @Test func emptyAndTinyInputs() {
        #expect(decodeChecked([]).codes == [.streamUnterminated])
        #expect(decodeChecked(Array("bvx".utf8)).codes == [.blockTruncated])
        let header = decodeChecked(Array("bvxn".utf8) + [1, 0])
        #expect(header.codes == [.blockTruncated])
        #expect(header.problems[0].message == "the bvxn block at 0 needs 12 bytes for its header but the input has 6 from there")
    }

    @Test func looksCompressedKnowsTheFiveMagics() {
        for kind in AppleCompressedStream.BlockKind.allCases {
            #expect(AppleCompressedStream.looksCompressed(Array(kind.rawValue.utf8) + [0, 0]))
        }
        #expect(!AppleCompressedStream.looksCompressed(Array("bvx".utf8)))
        #expect(!AppleCompressedStream.looksCompressed(Array("bvx3".utf8)))
        #expect(!AppleCompressedStream.looksCompressed(Array("bplist00".utf8)))
        #expect(AppleCompressedStream.looksCompressed(Array("bvx$".utf8)[...]))
    }

    @Test func messagesGroupThousands() {
        #expect(48213.grouped == "48,213")
        #expect(1_000_000.grouped == "1,000,000")
        #expect(999.grouped == "999")
        #expect((-1234).grouped == "-1,234")
    }
}

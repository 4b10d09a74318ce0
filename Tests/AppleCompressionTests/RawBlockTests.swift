import Testing
@testable import AppleCompression

@Suite struct RawBlockTests {
    @Test func rawBlockDecodesToItsBytes() {
        let payload: [UInt8] = Array("uncompressed".utf8)
        let stream = StreamBuilder.raw(payload) + StreamBuilder.end
        let result = decodeChecked(stream)
        #expect(result.output == payload)
        #expect(result.problems.isEmpty)
        #expect(result.sawEndMarker && result.isComplete)
        #expect(result.kinds == [.raw, .endOfStream])
        #expect(result.blocks[0].range == 0..<8 + payload.count)
        #expect(result.blocks[0].declaredRawSize == payload.count)
        #expect(result.blocks[0].outputRange == 0..<payload.count)
        #expect(result.blocks[1].range == 8 + payload.count..<stream.count)
        #expect(result.streamEnd == stream.count)
    }

    @Test func emptyRawBlockIsFine() {
        let result = decodeChecked(StreamBuilder.raw([]) + StreamBuilder.end)
        #expect(result.output.isEmpty && result.isComplete)
    }

    @Test func rawBlockPastTheInputKeepsWhatIsThere() {
        let stream = StreamBuilder.raw(Array("abcdef".utf8), declared: 1000)
        let result = decodeChecked(stream)
        #expect(result.output == Array("abcdef".utf8))
        #expect(result.codes == [.blockTruncated])
        #expect(result.problems[0].offset == 0)
        #expect(result.problems[0].message == "the bvx- block at 0 needs 1,008 bytes for its header and payload but the input has 14 from there")
        #expect(!result.sawEndMarker)
    }

    @Test func rawBlockPastTheLimitStopsAtTheLimit() {
        let payload = [UInt8](repeating: 7, count: 100)
        let result = decodeChecked(StreamBuilder.raw(payload) + StreamBuilder.end, limit: 40)
        #expect(result.output == [UInt8](repeating: 7, count: 40))
        #expect(result.codes == [.outputLimit])
        #expect(result.problems[0].offset == 48)
        #expect(result.problems[0].message == "the output reaches its limit of 40 bytes in the bvx- block at 0, which declares 100 raw bytes")
    }

    @Test func hugeDeclaredSizeAllocatesNothingItCannotFill() {
        // 4 GiB declared, 3 bytes present: the output is the 3 bytes, whatever the limit.
        let result = decodeChecked(StreamBuilder.raw([1, 2, 3], declared: 0xFFFF_FFFF), limit: Int.max)
        #expect(result.output == [1, 2, 3])
        #expect(result.codes == [.blockTruncated])
    }
}

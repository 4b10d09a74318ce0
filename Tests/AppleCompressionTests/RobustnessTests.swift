import Testing
@testable import AppleCompression

/// Truncations and random bytes: no trap, the result's invariants, bounded output, a located problem.
@Suite struct RobustnessTests {
    /// A stream with one block of each kind.
    static let stream: (bytes: [UInt8], output: [UInt8]) = {
        var lzvn = LZVNAssembler()
        lzvn.encode(Array("to be or not to be, that is the question; to be or not".utf8))
        let raw: [UInt8] = Array("|raw|".utf8)
        let lzfse = LZFSEBlockTests.matchesBlock(seed: 3, matches: 12)
        let bytes = lzvn.block() + StreamBuilder.raw(raw) + lzfse.builder.v2() + lzfse.builder.v1() + StreamBuilder.end
        return (bytes, lzvn.expected + raw + lzfse.expected + lzfse.expected)
    }()

    @Test func wholeStreamDecodes() {
        let result = decodeChecked(Self.stream.bytes)
        #expect(result.output == Self.stream.output)
        #expect(result.problems.isEmpty)
    }

    @Test func everyTruncationReportsAProblemAndKeepsAPrefix() {
        let (bytes, output) = Self.stream
        for length in 0..<bytes.count {
            let result = decodeChecked(Array(bytes.prefix(length)))
            #expect(result.problems.contains { $0.severity == .error }, "cut at \(length)")
            #expect(output.starts(with: result.output), "cut at \(length)")
        }
    }

    @Test func everySingleByteChangeKeepsTheInvariants() {
        var random = TestRandom(seed: 99)
        let bytes = Self.stream.bytes
        for offset in bytes.indices {
            var changed = bytes
            changed[offset] ^= UInt8(truncatingIfNeeded: random.next() % 255 + 1)
            _ = decodeChecked(changed, limit: 4096)
        }
    }

    @Test(arguments: AppleCompressedStream.BlockKind.allCases)
    func randomBytesAfterEachMagic(_ kind: AppleCompressedStream.BlockKind) {
        var random = TestRandom(seed: UInt64(kind.rawValue.utf8.reduce(0) { $0 &* 31 &+ Int($1) }))
        for round in 0..<400 {
            var tail = random.bytes(Int(random.next() % 700))
            // Half the rounds with small, plausible size fields, so decoding gets past the header.
            if round % 2 == 0, tail.count >= 12 {
                for i in [0, 4] { tail[i + 2] = 0; tail[i + 3] = 0; tail[i + 1] &= 0x03 }
            }
            let result = decodeChecked(Array(kind.rawValue.utf8) + tail, limit: 4096)
            #expect(result.output.count <= 4096)
        }
    }

    @Test func declaredSizesPastTheLimitAreCheckedBeforeAllocating() {
        // 4 GiB declared by an LZVN block whose payload is one literal: the output is that literal.
        let lzvn = StreamBuilder.lzvn([0xE1, 0x41, 6, 0, 0, 0, 0, 0, 0, 0], rawSize: 0xFFFF_FFFF)
        let result = decodeChecked(lzvn + StreamBuilder.end, limit: 1 << 40)
        #expect(result.output == [0x41])
        #expect(result.codes == [.sizeMismatch])
    }
}

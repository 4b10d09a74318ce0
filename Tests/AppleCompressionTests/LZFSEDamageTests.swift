import Testing
@testable import AppleCompression

/// Damaged LZFSE blocks, each from a good built block with one field or payload changed: the
/// problem's code, offset and message, and the output kept.
@Suite struct LZFSEDamageTests {
    static let good = LZFSEBlockTests.matchesBlock(seed: 5)

    static func decode(_ change: (inout LZFSEBlockBuilder) -> Void, v1: Bool = false, limit: Int = 1 << 20) -> AppleCompressedStream.Result {
        var builder = good.builder
        change(&builder)
        return decodeChecked((v1 ? builder.v1() : builder.v2()) + StreamBuilder.end, limit: limit)
    }

    @Test func stateOutOfItsTable() {
        let result = Self.decode { $0.lState = 64 }
        #expect(result.codes == [.headerInvalid])
        #expect(result.problems[0].offset == 0)
        #expect(result.problems[0].message == "the bvx2 block at 0 has an invalid header: l_state is 64, more than 63")
        #expect(result.output.isEmpty)
        let literal = Self.decode({ $0.literalStates[2] = 1024 }, v1: true)
        #expect(literal.problems.first?.message == "the bvx1 block at 0 has an invalid header: literal_state[2] is 1,024, more than 1,023")
    }

    @Test func countsPastTheReferenceLimits() {
        #expect(Self.decode { $0.literalCount = 40_004 }.problems.first?.message == "the bvx2 block at 0 has an invalid header: n_literals is 40,004, more than 40,000")
        #expect(Self.decode { $0.matchCount = 10_001 }.codes == [.headerInvalid])
    }

    @Test func bitCountsOutOfRangeInV1() {
        let result = Self.decode({ $0.lmdPadding = -2 }, v1: true)
        #expect(result.problems.first?.message == "the bvx1 block at 0 has an invalid header: lmd_bits is 2, outside -7…0")
    }

    @Test func frequenciesPastTheirStates() {
        let result = Self.decode { $0.frequencies[104 + 0x20] += 1 }
        #expect(result.codes == [.tableInvalid])
        #expect(result.problems[0].message == "the frequency tables of the bvx2 block at 0 are invalid: the literal frequencies sum to 1,025, more than its 1,024 states")
    }

    @Test func frequenciesShortOfTheirStatesAreAWarningAndDecodingGoesOn() {
        let result = Self.decode { $0.frequencies[104 + 0x63] -= 1 }
        #expect(result.codes.first == .tableIncomplete)
        #expect(result.problems[0].severity == .warning)
        #expect(result.problems[0].message == "the literal frequencies of the bvx2 block at 0 sum to 1,023 of 1,024 states; unused states decode as state 0")
        // Decoding went on with the changed table: its literal bits no longer add up.
        #expect(result.codes.dropFirst() == [.literalsInvalid], "\(result.problems)")
    }

    @Test func headerSizeTooSmallOrCuttingTheCode() {
        var builder = Self.good.builder
        let small = decodeChecked(builder.v2(headerSizeOverride: 20) + StreamBuilder.end)
        #expect(small.problems.first?.message == "the bvx2 block at 0 has an invalid header: its header size is 20 bytes, less than the 32 of its fixed fields")
        builder.frequencies = [Int](repeating: 0, count: 360)
        builder.frequencies[0] = 64
        let codeSize = LZFSEBlockBuilder.frequencyCode(builder.frequencies).count
        let cut = decodeChecked(builder.v2(headerSizeOverride: 32 + codeSize - 40) + StreamBuilder.end)
        #expect(cut.codes == [.tableInvalid])
        #expect(cut.problems.first?.message.contains("their code ends after") == true)
    }

    @Test func literalsTakenPastTheDecodedOnes() {
        let result = Self.decode { $0.literalCount -= 40 }
        #expect(result.codes == [.literalsOverrun])
        #expect(result.problems[0].message.hasPrefix("match "))
        #expect(Self.good.expected.starts(with: result.output) && !result.output.isEmpty)
    }

    @Test func matchBeforeTheStart() {
        // D symbol 11 (24–27) in place of 8 (12–15): the first match reaches before the first byte.
        let result = Self.decode { b in b.frequencies[40 + 8] = 0; b.frequencies[40 + 11] = 128 }
        #expect(result.codes == [.lzfseMatchBeforeStart])
        #expect(result.problems[0].message.hasPrefix("match 0 of the bvx2 block at 0 copies from 2"))
        #expect(Self.good.expected.starts(with: result.output) && (16...19).contains(result.output.count))
    }

    @Test func lmdBitsRunOut() {
        let result = Self.decode { b in b.lmdPayload.removeFirst(8); b.matchCount += 1 }
        #expect(result.codes == [.lmdInvalid])
        #expect(result.problems[0].message == "the L/M/D bits of the bvx2 block at 0 run out after 40 of 41 matches")
        #expect(result.output == Self.good.expected)
    }

    @Test func paddingBitsThatAreNotZero() {
        let result = Self.decode { b in b.literalPayload.append(0x80); b.literalPadding = 7 }
        #expect(result.codes == [.literalsInvalid])
        #expect(result.problems[0].message == "the literal bits of the bvx2 block at 0 have 7 unused bits in their last byte that are not zero")
        let empty = Self.decode { b in b.literalPayload = []; b.literalPadding = 3 }
        #expect(empty.problems.first?.message == "the literal bits of the bvx2 block at 0 are empty but their last byte is said to have 3 unused bits")
    }

    @Test func declaredSizeThatIsNotTheDecodedOne() {
        let result = Self.decode { $0.rawSize += 1 }
        #expect(result.codes == [.sizeMismatch])
        let n = Self.good.expected.count
        #expect(result.problems[0].message == "the bvx2 block at 0 declares \((n + 1).grouped) raw bytes but decodes to \(n.grouped)")
        #expect(result.output == Self.good.expected)
    }

    @Test func outputLimitInsideTheBlock() {
        let result = Self.decode({ _ in }, limit: 100)
        #expect(result.output == Array(Self.good.expected.prefix(100)))
        #expect(result.codes == [.outputLimit])
    }

    @Test func blockCutShortDecodesNothingOfIt() {
        let block = Self.good.builder.v2()
        let result = decodeChecked(Array(block.dropLast()))
        #expect(result.codes == [.blockTruncated])
        #expect(result.problems[0].message == "the bvx2 block at 0 needs \(block.count.grouped) bytes for its header and payload but the input has \((block.count - 1).grouped) from there")
        #expect(result.output.isEmpty)
    }
}

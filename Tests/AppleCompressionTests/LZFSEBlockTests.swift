import Testing
@testable import AppleCompression

/// LZFSE blocks built field by field, with tables chosen so that the test can write the bit
/// streams without an FSE encoder: each table's symbols share its states evenly, which makes the
/// state a shift register (the next state is the state shifted left by the bits read), and the
/// symbol its top digit.
@Suite struct LZFSEBlockTests {
    /// The literal symbols: four, 256 states each, two bits a literal.
    static let literalSymbols: [UInt8] = [0x20, 0x61, 0x62, 0x63]

    /// A block of `matches` matches (L 16–19, M 16–23, D 12–15 or "the previous one") over literals
    /// of four kinds, with the output its fields mean.
    static func matchesBlock(seed: UInt64, matches: Int = 40) -> (builder: LZFSEBlockBuilder, expected: [UInt8]) {
        var random = TestRandom(seed: seed)
        let l = (0..<matches).map { _ in Int(random.next() % 4) }
        let m = (0..<matches).map { _ in Int(random.next() % 8) }
        // D choices: 1 = explicit (2 value bits), 0 = repeat the previous; the first is explicit.
        let c = (0..<matches).map { $0 == 0 ? 1 : Int(random.next() % 2) }
        let d = (0..<matches).map { _ in Int(random.next() % 4) }
        let used = l.reduce(0) { $0 + 16 + $1 }
        let perStream = (used + 3) / 4
        let digits = (0..<4 * perStream).map { _ in Int(random.next() % 4) }

        var builder = LZFSEBlockBuilder()
        for symbol in literalSymbols { builder.frequencies[104 + Int(symbol)] = 256 }
        builder.only(.l, symbol: 16)
        builder.only(.m, symbol: 16)
        builder.frequencies[40 + 0] = 128 // D symbol 0: D = 0, repeat
        builder.frequencies[40 + 8] = 128 // D symbol 8: 12 + 2 bits
        builder.literalCount = 4 * perStream
        builder.matchCount = matches

        // Literal streams: stream s decodes literals s, s + 4, …; its state holds its next five digits.
        var literalBits = BitStreamWriter()
        let streams = (0..<4).map { s in stride(from: s, to: digits.count, by: 4).map { digits[$0] } }
        builder.literalStates = streams.map { seq in (0..<5).reduce(0) { $0 << 2 | (($1 < seq.count) ? seq[$1] : 0) } }
        for t in 0..<perStream {
            for seq in streams { literalBits.appendPulled(t + 5 < seq.count ? seq[t + 5] : 0, width: 2) }
        }
        (builder.literalPayload, builder.literalPadding) = literalBits.backwardBytes()

        // L/M/D: L and M read only value bits; D one state bit (the choice 8 matches on) and, when explicit, 2 value bits.
        var lmdBits = BitStreamWriter()
        builder.dState = (0..<8).reduce(0) { $0 << 1 | ($1 < matches ? c[$1] : 0) }
        for t in 0..<matches {
            lmdBits.appendPulled(l[t], width: 2)
            lmdBits.appendPulled(m[t], width: 3)
            let next = t + 8 < matches ? c[t + 8] : 0
            if c[t] == 1 { lmdBits.appendPulled(next << 2 | d[t], width: 3) } else { lmdBits.appendPulled(next, width: 1) }
        }
        (builder.lmdPayload, builder.lmdPadding) = lmdBits.backwardBytes(lowPadding: 8)

        var expected: [UInt8] = []
        var literal = 0
        var distance = 0
        for t in 0..<matches {
            for _ in 0..<16 + l[t] { expected.append(literalSymbols[digits[literal]]); literal += 1 }
            if c[t] == 1 { distance = 12 + d[t] }
            for _ in 0..<16 + m[t] { expected.append(expected[expected.count - distance]) }
        }
        builder.rawSize = expected.count
        return (builder, expected)
    }

    @Test(arguments: 1...6) func builtBlockDecodesInBothHeaderVersions(_ seed: Int) {
        let (builder, expected) = Self.matchesBlock(seed: UInt64(seed))
        for (version, block) in [("v2", builder.v2()), ("v1", builder.v1())] {
            let result = decodeChecked(block + StreamBuilder.end)
            #expect(result.problems.isEmpty, "\(version): \(result.problems)")
            #expect(result.output == expected, "\(version)")
            #expect(result.blocks.first?.range == 0..<block.count)
            #expect(result.blocks.first?.declaredRawSize == expected.count)
        }
    }

    @Test func blocksFollowingOneAnotherShareTheOutput() {
        let first = Self.matchesBlock(seed: 11)
        let second = Self.matchesBlock(seed: 12)
        let result = decodeChecked(first.builder.v2() + second.builder.v1() + first.builder.v2() + StreamBuilder.end)
        #expect(result.output == first.expected + second.expected + first.expected)
        #expect(result.kinds == [.lzfseV2, .lzfseV1, .lzfseV2, .endOfStream])
    }

    @Test(arguments: [0, 1, 2, 3, 7, 8, 15, 23, 24, 100, 1047]) func frequencyCodeRoundTrips(_ value: Int) {
        var values = (0..<360).map { ($0 * 37 + value) % 1048 }
        values[value % 360] = value
        let code = LZFSEBlockBuilder.frequencyCode(values)
        let decoded = code.withUnsafeBytes { LZFSEBlockHeader.decodeFrequencies($0, from: 0, to: code.count) }
        guard case .success(let read) = decoded else { Issue.record("\(decoded)"); return }
        #expect(read == values)
    }

    @Test func distanceBasesFollowTheReferenceTable() {
        // `d_base_value` in lzfse_internal.h, at a few places: each symbol starts where the last ends.
        #expect(Array(LZFSEValueCodes.dBases.prefix(12)) == [0, 1, 2, 3, 4, 6, 8, 10, 12, 16, 20, 24])
        #expect(LZFSEValueCodes.dBases.last == 229_372)
        #expect(LZFSEValueCodes.dBases.last.map { Int($0) + (1 << 15) - 1 } == 262_139)
    }
}

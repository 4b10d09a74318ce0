import Testing
@testable import AppleCompression

/// Each LZVN opcode class, hand-assembled, against the output the assembler computes the plain way.
@Suite struct LZVNOpcodeTests {
    /// A block that starts with 40 literal bytes (so matches have history), then `body`.
    static func block(_ body: (inout LZVNAssembler) -> Void) -> LZVNAssembler {
        var assembler = LZVNAssembler()
        assembler.largeLiteral((0..<40).map { UInt8($0 * 7 & 0xFF) })
        body(&assembler)
        assembler.endOfStream()
        return assembler
    }

    static let cases: [(String, @Sendable (inout LZVNAssembler) -> Void)] = [
        ("small distance", { $0.smallDistance(literal: [0xAA, 0xBB], match: 6, distance: 3) }),
        ("small distance, longest match", { $0.smallDistance(literal: [0xAA], match: 8, distance: 2) }),
        ("small distance, three literals", { $0.smallDistance(literal: [1, 2, 3], match: 4, distance: 30) }),
        ("small distance, no literal", { $0.smallDistance(literal: [], match: 3, distance: 40) }),
        ("small distance, high bits", { a in
            for i in 0..<6 { a.largeLiteral((0..<271).map { UInt8(truncatingIfNeeded: $0 * i) }) }
            a.smallDistance(literal: [1, 2, 3], match: 4, distance: 0x5FF)
        }),
        ("medium distance", { $0.mediumDistance(literal: [9], match: 34, distance: 17) }),
        ("medium distance, short", { $0.mediumDistance(literal: [1, 2, 3], match: 5, distance: 2) }),
        ("large distance", { $0.largeDistance(literal: [5, 6], match: 6, distance: 38) }),
        ("large distance, long match", { $0.largeDistance(literal: [], match: 10, distance: 39) }),
        ("previous distance", { a in
            a.smallDistance(literal: [], match: 3, distance: 7)
            a.previousDistance(literal: [1], match: 8)
            a.previousDistance(literal: [1, 2], match: 6)
            a.previousDistance(literal: [1, 2, 3], match: 4)
        }),
        ("small match", { a in a.smallDistance(literal: [], match: 4, distance: 1); a.smallMatch(15); a.smallMatch(1) }),
        ("large match", { a in a.smallDistance(literal: [], match: 3, distance: 5); a.largeMatch(16); a.largeMatch(271) }),
        ("small literal", { $0.smallLiteral([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]) }),
        ("large literal", { $0.largeLiteral((0..<200).map { UInt8($0) }) }),
        ("nops", { a in a.nop(0x0E); a.nop(0x16); a.smallLiteral([1]); a.nop(0x0E) }),
    ]

    @Test(arguments: cases.indices) func opcodeClassDecodes(_ index: Int) {
        let (name, body) = Self.cases[index]
        let assembler = Self.block(body)
        let result = decodeChecked(assembler.block() + StreamBuilder.end)
        #expect(result.problems.isEmpty, "\(name): \(result.problems)")
        #expect(result.output == assembler.expected, "\(name)")
        #expect(result.isComplete)
    }

    /// The reference's undefined opcodes (its jump table's `udef` entries).
    static let undefined: [UInt8] = [0x1E, 0x26, 0x2E, 0x36, 0x3E] + Array(0x70...0x7F) + Array(0xD0...0xDF)

    @Test(arguments: undefined) func undefinedOpcodeStopsTheBlockWhereItIs(_ opcode: UInt8) {
        var assembler = LZVNAssembler()
        assembler.smallLiteral([1, 2, 3])
        let stream = StreamBuilder.lzvn(assembler.payload + [opcode] + [6, 0, 0, 0, 0, 0, 0, 0], rawSize: 3) + StreamBuilder.end
        let result = decodeChecked(stream)
        #expect(result.output == [1, 2, 3])
        #expect(result.codes == [.lzvnOpcodeUndefined])
        #expect(result.problems.first?.offset == 12 + 4)
    }

    @Test func everyByteIsClassifiedAsTheReferenceTableSortsIt() {
        // Classes by the opcode layouts: the low three bits choose among the LD opcodes.
        for byte in 0...255 {
            let b = UInt8(byte)
            let kind = LZVNOpcode.classify(b)
            if Self.undefined.contains(b) { #expect(kind == .undefined); continue }
            switch b {
            case 0x06: #expect(kind == .endOfStream)
            case 0x0E, 0x16: #expect(kind == .nop)
            case 0xA0...0xBF: #expect(kind == .mediumDistance)
            case 0xE0: #expect(kind == .largeLiteral)
            case 0xE1...0xEF: #expect(kind == .smallLiteral)
            case 0xF0: #expect(kind == .largeMatch)
            case 0xF1...0xFF: #expect(kind == .smallMatch)
            default: #expect(kind == [LZVNOpcode.smallDistance, .smallDistance, .smallDistance, .smallDistance, .smallDistance, .smallDistance, .previousDistance, .largeDistance][Int(b & 7)], "byte \(b)")
            }
        }
    }

    @Test func matchBeforeTheStartIsAProblemAtItsOpcode() {
        var assembler = LZVNAssembler()
        assembler.smallLiteral([1, 2])
        assembler.emit([UInt8(0 << 6 | 0 << 3 | 0), 5]) // small distance: M 3, D 5 with 2 bytes decoded
        assembler.endOfStream()
        let result = decodeChecked(StreamBuilder.lzvn(assembler.payload, rawSize: 5) + StreamBuilder.end)
        #expect(result.output == [1, 2])
        #expect(result.codes == [.lzvnMatchBeforeStart])
        #expect(result.problems[0].offset == 12 + assembler.opcodeOffsets[1])
        #expect(result.problems[0].message == "a match in the bvxn block at 0 copies from 5 bytes back but 2 bytes are decoded")
    }

    @Test func previousDistanceBeforeAnyMatchIsDistanceZero() {
        for opcode: [UInt8] in [[0x46], [0xF3], [0xF0, 0x00]] {
            let payload: [UInt8] = [0xE2, 1, 2] + opcode + [1, 6, 0, 0, 0, 0, 0, 0, 0]
            let result = decodeChecked(StreamBuilder.lzvn(payload, rawSize: 20) + StreamBuilder.end)
            #expect(result.codes == [.lzvnMatchBeforeStart], "\(opcode)")
            #expect(result.problems.first?.message == "a match in the bvxn block at 0 has distance 0")
        }
    }

    @Test func endOfStreamBeforeThePayloadEndIsAWarning() {
        var assembler = LZVNAssembler()
        assembler.smallLiteral([1])
        assembler.endOfStream()
        let result = decodeChecked(StreamBuilder.lzvn(assembler.payload + [0, 0, 0], rawSize: 1) + StreamBuilder.end)
        #expect(result.output == [1])
        #expect(result.codes == [.lzvnTrailing])
        #expect(result.problems[0].offset == 12 + assembler.payload.count)
        #expect(result.isComplete)
    }

    @Test func payloadWithoutEndOfStreamIsTruncated() {
        var assembler = LZVNAssembler()
        assembler.smallLiteral([1, 2])
        assembler.smallDistance(literal: [], match: 3, distance: 1)
        let result = decodeChecked(StreamBuilder.lzvn(assembler.payload, rawSize: 5) + StreamBuilder.end)
        #expect(result.output == [1, 2, 2, 2, 2])
        #expect(result.codes == [.lzvnTruncated])
        #expect(result.problems[0].message == "the payload of the bvxn block at 0 ends without its end-of-stream opcode (0x06)")
    }

    @Test func opcodeCutByThePayloadEndNamesItsBytes() {
        let result = decodeChecked(StreamBuilder.lzvn([0xE5, 1, 2], rawSize: 5) + StreamBuilder.end)
        #expect(result.codes == [.lzvnTruncated])
        #expect(result.problems[0].offset == 12)
        #expect(result.problems[0].message == "the payload of the bvxn block at 0 ends inside opcode 0xe5, which needs 6 bytes where 3 are left")
    }

    @Test func blockDecodingPastItsDeclaredSizeStopsThere() {
        var assembler = LZVNAssembler()
        assembler.smallLiteral([1, 2, 3, 4])
        assembler.smallDistance(literal: [], match: 3, distance: 4)
        assembler.largeMatch(100)
        assembler.endOfStream()
        let result = decodeChecked(StreamBuilder.lzvn(assembler.payload, rawSize: 50) + StreamBuilder.end)
        #expect(result.output == Array(assembler.expected.prefix(50)))
        #expect(result.codes == [.lzvnOverrun])
        #expect(result.problems[0].message == "the bvxn block at 0 decodes past its declared 50 raw bytes")
    }

    @Test func unboundedExpansionMeetsTheLimit() {
        var payload: [UInt8] = [0xE1, 0x41, 0x00, 0x01] // literal "A", then small distance M 3 D 1
        for _ in 0..<10_000 { payload += [0xF0, 0xFF] } // 271 bytes each
        payload += [6, 0, 0, 0, 0, 0, 0, 0]
        let result = decodeChecked(StreamBuilder.lzvn(payload, rawSize: 0xFFFF_FFFF) + StreamBuilder.end, limit: 100_000)
        #expect(result.output.count == 100_000)
        #expect(result.output.allSatisfy { $0 == 0x41 })
        #expect(result.codes == [.outputLimit])
    }

    @Test func roundTripOfTheTestEncoder() {
        var random = TestRandom(seed: 7)
        let text = (0..<300).map { _ in ["alpha ", "beta ", "gamma ", "delta "][Int(random.next() % 4)] }.joined()
        var assembler = LZVNAssembler()
        assembler.encode(Array(text.utf8))
        let result = decodeChecked(assembler.block() + StreamBuilder.end)
        #expect(result.output == Array(text.utf8))
        #expect(result.problems.isEmpty)
    }
}

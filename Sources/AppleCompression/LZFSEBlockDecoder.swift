/// How an LZFSE block's decoding ended.
enum LZFSEOutcome {
    case done
    /// A damaged stream, reported at `at`.
    case stopped(StreamIssue, at: Int)
    /// The output reached the limit; `at` is where the L/M/D reader was.
    case outputFull(at: Int)
}

/// Decodes one LZFSE block whose header was read and checked: first all its literals (four
/// interleaved FSE streams, `literal_state[0…3]`), then its matches, each an L, M, D triple from
/// three more FSE streams, copying L literals then M bytes from D back (`lzfse_decode_lmd`).
struct LZFSEBlockDecoder {
    let block: BlockRef
    let header: LZFSEBlockHeader
    let bytes: UnsafePointer<UInt8>
    let inputCount: Int
    /// The first byte after the header: the literal payload, then the L/M/D payload.
    let payloadStart: Int
    let output: OutputBuffer
    /// The decoded literals, their count rounded up to a multiple of 4 (the streams take turns).
    var literals: [UInt8] = []

    /// Decodes literals, then matches.
    mutating func run() -> LZFSEOutcome {
        if let failure = decodeLiterals() { return failure }
        return decodeMatches()
    }

    /// The literal payload `payloadStart..<payloadStart + literalPayloadSize`, read from its end.
    mutating func decodeLiterals() -> LZFSEOutcome? {
        let end = payloadStart + header.literalPayloadSize
        let made = BackwardBitReader.make(bytes: bytes, lowerBound: payloadStart, upperBound: end, readableEnd: inputCount, padding: header.literalPadding)
        guard case .success(var reader) = made else {
            if case .failure(let defect) = made { return .stopped(.literals(block, defect), at: end) }
            return nil
        }
        let table = FSETable.literals(header.literalFrequencies, states: LZFSEBlockHeader.literalStates)
        let total = header.literalCount
        let rounded = (total + 3) & ~3
        var decoded = [UInt8](repeating: 0, count: rounded)
        var s0 = header.literalStates[0], s1 = header.literalStates[1]
        var s2 = header.literalStates[2], s3 = header.literalStates[3]
        var failure: LZFSEOutcome?
        table.withUnsafeBufferPointer { table in
            decoded.withUnsafeMutableBufferPointer { out in
                var i = 0
                while i < rounded {
                    // 4 × at most 10 bits after a refill to more than 56.
                    reader.refill()
                    let e0 = table[s0], e1 = table[s1], e2 = table[s2], e3 = table[s3]
                    guard reader.count >= Int(e0.bits) + Int(e1.bits) + Int(e2.bits) + Int(e3.bits) else {
                        failure = .stopped(.literals(block, .exhausted(done: i, total: total)), at: reader.position)
                        return
                    }
                    out[i] = e0.symbol; s0 = Int(e0.delta) + reader.pull(Int(e0.bits))
                    out[i + 1] = e1.symbol; s1 = Int(e1.delta) + reader.pull(Int(e1.bits))
                    out[i + 2] = e2.symbol; s2 = Int(e2.delta) + reader.pull(Int(e2.bits))
                    out[i + 3] = e3.symbol; s3 = Int(e3.delta) + reader.pull(Int(e3.bits))
                    i += 4
                }
            }
        }
        literals = decoded
        return failure
    }
}

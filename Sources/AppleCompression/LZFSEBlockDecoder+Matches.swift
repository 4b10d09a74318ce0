extension LZFSEBlockDecoder {
    /// The L/M/D payload, read from its end: for each match, L, M and D (a D of 0 repeats the
    /// previous one), then L literals and M bytes from D back.
    func decodeMatches() -> LZFSEOutcome {
        let start = payloadStart + header.literalPayloadSize
        let end = start + header.lmdPayloadSize
        let made = BackwardBitReader.make(bytes: bytes, lowerBound: start, upperBound: end, readableEnd: inputCount, padding: header.lmdPadding)
        guard case .success(var reader) = made else {
            if case .failure(let defect) = made { return .stopped(.lmd(block, defect), at: end) }
            return .done
        }
        let lTable = FSETable.values(header.lFrequencies, states: LZFSEBlockHeader.lStates, extraBits: LZFSEValueCodes.lExtraBits, bases: LZFSEValueCodes.lBases)
        let mTable = FSETable.values(header.mFrequencies, states: LZFSEBlockHeader.mStates, extraBits: LZFSEValueCodes.mExtraBits, bases: LZFSEValueCodes.mBases)
        let dTable = FSETable.values(header.dFrequencies, states: LZFSEBlockHeader.dStates, extraBits: LZFSEValueCodes.dExtraBits, bases: LZFSEValueCodes.dBases)
        var states = (l: header.lState, m: header.mState, d: header.dState)
        var previousDistance = 0 // none yet
        var literalIndex = 0
        let total = header.matchCount
        return literals.withUnsafeBufferPointer { literals in
            for match in 0..<total {
                // L, M and D take at most 14 + 17 + 23 = 54 bits after a refill to more than 56.
                reader.refill()
                let l = lTable[states.l], m = mTable[states.m], d = dTable[states.d]
                guard reader.count >= Int(l.totalBits) + Int(m.totalBits) + Int(d.totalBits) else {
                    return .stopped(.lmd(block, .exhausted(done: match, total: total)), at: reader.position)
                }
                let literalLength = Self.value(l, &states.l, &reader)
                let matchLength = Self.value(m, &states.m, &reader)
                let distanceCode = Self.value(d, &states.d, &reader)
                if distanceCode != 0 { previousDistance = distanceCode }
                guard literalLength <= literals.count - literalIndex, let base = literals.baseAddress else {
                    let issue = StreamIssue.literalsOverrun(block, match: match, wanted: literalLength, left: literals.count - literalIndex)
                    return .stopped(issue, at: reader.position)
                }
                if output.append(from: base + literalIndex, length: literalLength) < literalLength {
                    return .outputFull(at: reader.position)
                }
                literalIndex += literalLength
                guard matchLength > 0 else { continue }
                guard previousDistance > 0, previousDistance <= output.count else {
                    let issue = StreamIssue.lzfseMatchBeforeStart(block, match: match, distance: previousDistance > 0 ? previousDistance : nil, decoded: output.count)
                    return .stopped(issue, at: reader.position)
                }
                if output.appendMatch(distance: previousDistance, length: matchLength) < matchLength {
                    return .outputFull(at: reader.position)
                }
            }
            return .done
        }
    }

    /// Decodes one value with `entry` (the current state's), moving `state` on.
    @inline(__always)
    static func value(_ entry: FSEValueEntry, _ state: inout Int, _ reader: inout BackwardBitReader) -> Int {
        let bits = reader.pull(Int(entry.totalBits))
        state = Int(entry.delta) + bits >> Int(entry.valueBits)
        return Int(entry.base) + bits & ((1 << Int(entry.valueBits)) - 1)
    }
}

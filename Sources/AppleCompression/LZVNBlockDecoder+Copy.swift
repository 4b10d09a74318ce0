extension LZVNBlockDecoder {
    /// An opcode of `length` bytes followed by `literal` literal bytes, then a match of `match`
    /// bytes from `distance` back (the caller checked that opcode and literal are in the payload).
    @inline(__always)
    mutating func literalAndMatch(length: Int, literal: Int, match: Int, distance: Int) -> LZVNOutcome? {
        let opcodeStart = position
        if literal > 0, output.append(from: bytes + position + length, length: literal) < literal {
            return .outputFull(at: opcodeStart)
        }
        position += length + literal
        previousDistance = distance
        return copyMatch(match, opcodeStart: opcodeStart)
    }

    /// A match-only opcode of `length` bytes: `match` bytes from the previous distance.
    @inline(__always)
    mutating func matchOnly(length: Int, match: Int) -> LZVNOutcome? {
        let opcodeStart = position
        if let short = need(bytes[position], length) { return short }
        position += length
        return copyMatch(match, opcodeStart: opcodeStart)
    }

    /// A literal-only opcode of `length` bytes followed by `literal` bytes (checked in the payload).
    @inline(__always)
    mutating func literalOnly(length: Int, literal: Int) -> LZVNOutcome? {
        if output.append(from: bytes + position + length, length: literal) < literal {
            return .outputFull(at: position)
        }
        position += length + literal
        return nil
    }

    /// Copies `match` bytes from `previousDistance` back: a distance of 0, or one reaching before
    /// the first output byte of the stream, stops the block.
    @inline(__always)
    mutating func copyMatch(_ match: Int, opcodeStart: Int) -> LZVNOutcome? {
        let distance = previousDistance
        guard distance > 0, distance <= output.count else {
            return .stopped(.lzvnMatchBeforeStart(block, distance: distance, decoded: output.count), at: opcodeStart)
        }
        if output.appendMatch(distance: distance, length: match) < match {
            return .outputFull(at: opcodeStart)
        }
        return nil
    }
}

/// How an LZVN payload's decoding ended.
enum LZVNOutcome {
    /// The end-of-stream opcode; `at` is the offset just past its 8 bytes.
    case end(at: Int)
    /// A damaged opcode, reported at `at`.
    case stopped(StreamIssue, at: Int)
    /// The output reached its stop (the block's declared size or the limit) in the opcode at `at`.
    case outputFull(at: Int)
    /// The payload ended: inside `opcode` (which needs `needed` bytes where `left` are), or
    /// where the next opcode should be (`opcode` nil).
    case payloadEnded(opcode: UInt8?, needed: Int, left: Int, at: Int)
}

/// Decodes one LZVN payload (`bytes[position..<end]`) into the output, opcode by opcode.
///
/// Unlike the reference, an opcode whose bytes fit exactly before the payload's end is still
/// carried out (the reference wants one byte more, for the end-of-stream opcode that must follow):
/// a damaged payload keeps every byte it can give.
struct LZVNBlockDecoder {
    let block: BlockRef
    let bytes: UnsafePointer<UInt8>
    /// The input offset of the next opcode.
    var position: Int
    /// The end of the payload (or of the input, when it is truncated).
    let end: Int
    let output: OutputBuffer
    /// The distance of the last match (0 before the first: any match that reuses it is invalid).
    var previousDistance = 0

    /// Runs until the end-of-stream opcode or a problem.
    mutating func run() -> LZVNOutcome {
        let table = LZVNOpcode.table
        while position < end {
            let opcode = bytes[position]
            if let outcome = execute(opcode, table[Int(opcode)]) { return outcome }
        }
        return .payloadEnded(opcode: nil, needed: 1, left: 0, at: position)
    }

    /// Carries out the opcode at `position`; nil when decoding goes on.
    @inline(__always)
    mutating func execute(_ opcode: UInt8, _ kind: LZVNOpcode) -> LZVNOutcome? {
        let op = Int(opcode)
        switch kind {
        case .smallDistance:
            let literal = op >> 6
            if let short = need(opcode, 2 + literal) { return short }
            let distance = (op & 7) << 8 | Int(bytes[position + 1])
            return literalAndMatch(length: 2, literal: literal, match: ((op >> 3) & 7) + 3, distance: distance)
        case .mediumDistance:
            let literal = (op >> 3) & 3
            if let short = need(opcode, 3 + literal) { return short }
            // Bytes 1–2, little-endian: the low 2 bits extend M, the high 14 are D.
            let word = Int(bytes[position + 1]) | Int(bytes[position + 2]) << 8
            let match = ((op & 7) << 2 | word & 3) + 3
            return literalAndMatch(length: 3, literal: literal, match: match, distance: word >> 2)
        case .largeDistance:
            let literal = op >> 6
            if let short = need(opcode, 3 + literal) { return short }
            let distance = Int(bytes[position + 1]) | Int(bytes[position + 2]) << 8
            return literalAndMatch(length: 3, literal: literal, match: ((op >> 3) & 7) + 3, distance: distance)
        case .previousDistance:
            let literal = op >> 6
            if let short = need(opcode, 1 + literal) { return short }
            return literalAndMatch(length: 1, literal: literal, match: ((op >> 3) & 7) + 3, distance: previousDistance)
        case .smallMatch:
            return matchOnly(length: 1, match: op & 15)
        case .largeMatch:
            if let short = need(opcode, 2) { return short }
            return matchOnly(length: 2, match: Int(bytes[position + 1]) + 16)
        case .smallLiteral:
            let literal = op & 15
            if let short = need(opcode, 1 + literal) { return short }
            return literalOnly(length: 1, literal: literal)
        case .largeLiteral:
            if let short = need(opcode, 2) { return short }
            let literal = Int(bytes[position + 1]) + 16
            if let short = need(opcode, 2 + literal) { return short }
            return literalOnly(length: 2, literal: literal)
        case .nop:
            position += 1
            return nil
        case .endOfStream:
            if let short = need(opcode, 8) { return short }
            position += 8
            return .end(at: position)
        case .undefined:
            return .stopped(.lzvnOpcodeUndefined(block, opcode: opcode), at: position)
        }
    }

    /// nil when `count` bytes from `position` lie in the payload; else the truncation.
    @inline(__always)
    func need(_ opcode: UInt8, _ count: Int) -> LZVNOutcome? {
        end - position >= count ? nil : .payloadEnded(opcode: opcode, needed: count, left: end - position, at: position)
    }
}

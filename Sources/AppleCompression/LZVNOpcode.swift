/// The classes of LZVN opcode byte, as the reference decoder's jump table sorts the 256 values
/// (`lzvn_decode_base.c`). L: literal length, M: match length, D: match distance.
enum LZVNOpcode: UInt8 {
    /// `LLMMMDDD DDDDDDDD` + L literal bytes: L 0–3, M 3–10, D 0–1,535 (the low 3 bits are not 6 or 7).
    case smallDistance
    /// `101LLMMM DDDDDDMM DDDDDDDD` + literals: L 0–3, M 3–34, D 0–16,383.
    case mediumDistance
    /// `LLMMM111 DDDDDDDD DDDDDDDD` + literals: L 0–3, M 3–10, D 0–65,535 (little-endian).
    case largeDistance
    /// `LLMMM110` + literals: L 0–3, M 3–10, the previous D.
    case previousDistance
    /// `1111MMMM` (M 1–15), the previous D.
    case smallMatch
    /// `11110000 MMMMMMMM`: M 16–271, the previous D.
    case largeMatch
    /// `1110LLLL` + literals: L 1–15.
    case smallLiteral
    /// `11100000 LLLLLLLL` + literals: L 16–271.
    case largeLiteral
    /// 0x0E and 0x16: one byte, nothing to do.
    case nop
    /// 0x06, then 7 more bytes (zeros, unchecked): the end of the block's payload.
    case endOfStream
    /// 0x1E–0x3E with low bits 110, 0x70–0x7F, 0xD0–0xDF.
    case undefined

    /// The class of every byte value, indexed by it.
    static let table: [LZVNOpcode] = (0...255).map { classify(UInt8($0)) }

    /// The class of opcode byte `byte`.
    static func classify(_ byte: UInt8) -> LZVNOpcode {
        switch byte {
        case 0x06: .endOfStream
        case 0x0E, 0x16: .nop
        case 0x70...0x7F, 0xD0...0xDF: .undefined
        case 0xA0...0xBF: .mediumDistance
        case 0xE0: .largeLiteral
        case 0xE1...0xEF: .smallLiteral
        case 0xF0: .largeMatch
        case 0xF1...0xFF: .smallMatch
        default:
            switch byte & 7 {
            case 7: .largeDistance
            // Below 0x40, low bits 110 are the end of stream, the two nops, and undefined.
            case 6: byte < 0x40 ? .undefined : .previousDistance
            default: .smallDistance
            }
        }
    }
}

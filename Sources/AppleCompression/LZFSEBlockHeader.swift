/// The header of an LZFSE block, v1 or v2, in the v1 terms the reference decodes both into
/// (`lzfse_compressed_block_header_v1`).
struct LZFSEBlockHeader {
    static let literalStates = 1024, lStates = 64, mStates = 64, dStates = 256
    static let lSymbols = 20, mSymbols = 20, dSymbols = 64, literalSymbols = 256
    /// All four tables' frequencies, in header order: L, M, D, literals.
    static let frequencyCount = lSymbols + mSymbols + dSymbols + literalSymbols
    /// The reference decoder's limits per block (`LZFSE_LITERALS_PER_BLOCK`, `LZFSE_MATCHES_PER_BLOCK`).
    static let maxLiterals = 40_000, maxMatches = 10_000
    /// v1: 7 u32, i32, 4 u16, i32, 3 u16, 360 u16 = 770 bytes, padded to 4: 772.
    static let v1Size = 772
    /// v2: magic, raw size, three packed u64 fields; the frequency code follows.
    static let v2FixedSize = 32

    var rawSize = 0
    var headerSize = 0
    var literalCount = 0
    var literalPayloadSize = 0
    var matchCount = 0
    var lmdPayloadSize = 0
    /// The unused top bits of the literal stream's last byte (the header stores -padding).
    var literalPadding = 0
    var literalStates = [0, 0, 0, 0]
    var lmdPadding = 0
    var lState = 0, mState = 0, dState = 0
    /// L (20), M (20), D (64), then literal (256) frequencies.
    var frequencies: [Int] = []

    /// The bytes after the header: the literal payload, then the L/M/D payload.
    var payloadSize: Int { literalPayloadSize + lmdPayloadSize }

    var lFrequencies: ArraySlice<Int> { frequencies[0..<20] }
    var mFrequencies: ArraySlice<Int> { frequencies[20..<40] }
    var dFrequencies: ArraySlice<Int> { frequencies[40..<104] }
    var literalFrequencies: ArraySlice<Int> { frequencies[104..<360] }
}

/// What reading an LZFSE header gave.
enum LZFSEHeaderReading {
    case header(LZFSEBlockHeader)
    /// The input ends before `needed` header bytes.
    case truncated(needed: Int)
    /// A damaged header of `size` bytes (as far as it is known).
    case invalid(StreamIssue, size: Int)
}

extension LZFSEBlockHeader {
    /// Reads the v1 header of `block`. Layout (u32 unless said): 0 magic, 4 raw size, 8 payload
    /// size (not needed: the two payload sizes add up to it), 12 literal count, 16 match count,
    /// 20 literal payload size, 24 L/M/D payload size, 28 (i32) literal bits, 32 4×u16 literal
    /// states, 40 (i32) L/M/D bits, 44/46/48 u16 L, M, D states, 50 360×u16 frequencies.
    static func readV1(_ input: UnsafeRawBufferPointer, _ block: BlockRef) -> LZFSEHeaderReading {
        let at = block.start
        guard input.count - at >= v1Size else { return .truncated(needed: v1Size) }
        func u32(_ offset: Int) -> Int { Int(input.littleEndian(UInt32.self, at: at + offset) ?? 0) }
        func i32(_ offset: Int) -> Int { Int(input.littleEndian(Int32.self, at: at + offset) ?? 0) }
        func u16(_ offset: Int) -> Int { Int(input.littleEndian(UInt16.self, at: at + offset) ?? 0) }
        var header = LZFSEBlockHeader()
        header.headerSize = v1Size
        header.rawSize = u32(4)
        header.literalCount = u32(12)
        header.matchCount = u32(16)
        header.literalPayloadSize = u32(20)
        header.lmdPayloadSize = u32(24)
        header.literalStates = (0..<4).map { u16(32 + 2 * $0) }
        header.lState = u16(44)
        header.mState = u16(46)
        header.dState = u16(48)
        header.frequencies = (0..<frequencyCount).map { u16(50 + 2 * $0) }
        for (name, bits) in [("literal_bits", i32(28)), ("lmd_bits", i32(40))] where !(-7...0).contains(bits) {
            return .invalid(.header(block, .bitsOutOfRange(name: name, value: bits)), size: v1Size)
        }
        header.literalPadding = -i32(28)
        header.lmdPadding = -i32(40)
        return header.checked(block)
    }
}

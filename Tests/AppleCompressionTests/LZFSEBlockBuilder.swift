/// Writes LZFSE blocks from their fields, v2 (packed fields, coded frequencies) or v1 (full width),
/// for tests that need blocks no encoder writes. Payloads come from `BitStreamWriter`.
struct LZFSEBlockBuilder {
    var rawSize = 0
    var literalCount = 0
    var literalPayload: [UInt8] = []
    var literalPadding = 0
    var matchCount = 0
    var lmdPayload: [UInt8] = []
    var lmdPadding = 0
    var literalStates = [0, 0, 0, 0]
    var lState = 0, mState = 0, dState = 0
    /// L (20), M (20), D (64), literal (256).
    var frequencies = [Int](repeating: 0, count: 360)

    /// Sets the single symbol of a table to own all its states: it then reads no state bits and
    /// keeps its state (f = N: k = 0, next state = the state itself).
    mutating func only(_ table: Table, symbol: Int) {
        let range = table.range
        for i in range { frequencies[i] = 0 }
        frequencies[range.lowerBound + symbol] = table.states
    }

    enum Table {
        case l, m, d, literal
        var range: Range<Int> {
            switch self {
            case .l: 0..<20
            case .m: 20..<40
            case .d: 40..<104
            case .literal: 104..<360
            }
        }
        var states: Int {
            switch self {
            case .l, .m: 64
            case .d: 256
            case .literal: 1024
            }
        }
    }

    /// The v2 block: magic, raw size, three packed words, the frequency code, the payloads.
    func v2(headerSizeOverride: Int? = nil) -> [UInt8] {
        let code = Self.frequencyCode(frequencies)
        let headerSize = headerSizeOverride ?? (32 + code.count)
        let v0 = UInt64(literalCount) | UInt64(literalPayload.count) << 20 | UInt64(matchCount) << 40 | UInt64(7 - literalPadding) << 60
        var v1 = UInt64(lmdPayload.count) << 40 | UInt64(7 - lmdPadding) << 60
        for (i, state) in literalStates.enumerated() { v1 |= UInt64(state) << UInt64(10 * i) }
        let v2 = UInt64(headerSize) | UInt64(lState) << 32 | UInt64(mState) << 42 | UInt64(dState) << 52
        return StreamBuilder.magic("bvx2") + StreamBuilder.u32(rawSize) + Self.u64(v0) + Self.u64(v1) + Self.u64(v2)
            + code + literalPayload + lmdPayload
    }

    /// The v1 block: every field at full width, 772 bytes of header.
    func v1() -> [UInt8] {
        var header = StreamBuilder.magic("bvx1")
        for value in [rawSize, literalPayload.count + lmdPayload.count, literalCount, matchCount, literalPayload.count, lmdPayload.count, -literalPadding] {
            header += StreamBuilder.u32(value)
        }
        for state in literalStates { header += Self.u16(state) }
        header += StreamBuilder.u32(-lmdPadding)
        for state in [lState, mState, dState] { header += Self.u16(state) }
        for f in frequencies { header += Self.u16(f) }
        header += [0, 0]
        return header + literalPayload + lmdPayload
    }

    static func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)] }
    static func u64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) } }

    /// The frequency code, written low bit first (the layout in `frequencyCode` of the decoder's
    /// header reader, from the encoder's side).
    static func frequencyCode(_ values: [Int]) -> [UInt8] {
        var writer = BitStreamWriter()
        for value in values {
            switch value {
            case 0: writer.appendLowFirst(0b00, width: 2)
            case 1: writer.appendLowFirst(0b10, width: 2)
            case 2, 3: writer.appendLowFirst(0b001 | (value - 2) << 2, width: 3)
            case 4...7: writer.appendLowFirst(0b011 | (value - 4) << 3, width: 5)
            case 8...23: writer.appendLowFirst(0b0111 | (value - 8) << 4, width: 8)
            default: writer.appendLowFirst(0b1111 | (value - 24) << 4, width: 14)
            }
        }
        return writer.lowFirstBytes()
    }
}

/// Bits for the tests' streams, in the two orders LZFSE uses: low bit first (the frequency code),
/// and the backward FSE stream, whose reader pulls values from the last byte's top bits down.
struct BitStreamWriter {
    private var bits: [Bool] = []

    /// Appends `width` bits of `value`, its lowest bit first.
    mutating func appendLowFirst(_ value: Int, width: Int) {
        for i in 0..<width { bits.append(value >> i & 1 == 1) }
    }

    /// The low-bit-first bits packed into bytes, the last one zero-padded.
    func lowFirstBytes() -> [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            (0..<8).reduce(UInt8(0)) { byte, i in start + i < bits.count && bits[start + i] ? byte | 1 << i : byte }
        }
    }

    /// Appends a value the backward reader pulls next: `width` bits, most significant first.
    mutating func appendPulled(_ value: Int, width: Int) {
        for i in (0..<width).reversed() { bits.append(value >> i & 1 == 1) }
    }

    /// The pulled values as a backward stream of bytes, and its padding (unused top bits of the
    /// last byte); `lowPadding` zero bytes go before it (the reference encoder writes 8 before
    /// the L/M/D stream).
    func backwardBytes(lowPadding: Int = 0) -> (bytes: [UInt8], padding: Int) {
        let padding = (8 - bits.count % 8) % 8
        // Stream bit i (byte i / 8, bit i % 8) is pulled bit count - 1 - i; the padding is on top.
        let stream = Array(bits.reversed()) + [Bool](repeating: false, count: padding)
        let packed = stride(from: 0, to: stream.count, by: 8).map { start in
            (0..<8).reduce(UInt8(0)) { byte, i in stream[start + i] ? byte | 1 << i : byte }
        }
        return ([UInt8](repeating: 0, count: lowPadding) + packed, padding)
    }
}

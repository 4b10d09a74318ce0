extension LZFSEBlockHeader {
    /// Reads the v2 header of `block`. Layout: 0 magic, 4 (u32) raw size, then three u64 of packed
    /// fields (bit offset, width):
    ///   8:  0,20 literal count; 20,20 literal payload size; 40,20 match count; 60,3 literal bits + 7
    ///   16: 0,10 ×4 literal states; 40,20 L/M/D payload size; 60,3 L/M/D bits + 7
    ///   24: 0,32 header size; 32,10 L state; 42,10 M state; 52,10 D state
    /// then, up to the header size, the 360 frequencies in a variable-length code (`frequencyCode`).
    static func readV2(_ input: UnsafeRawBufferPointer, _ block: BlockRef) -> LZFSEHeaderReading {
        let at = block.start
        guard let raw = input.littleEndian(UInt32.self, at: at + 4),
              let v0 = input.littleEndian(UInt64.self, at: at + 8),
              let v1 = input.littleEndian(UInt64.self, at: at + 16),
              let v2 = input.littleEndian(UInt64.self, at: at + 24)
        else { return .truncated(needed: v2FixedSize) }
        func field(_ word: UInt64, _ offset: UInt64, _ width: UInt64) -> Int {
            Int(truncatingIfNeeded: (word >> offset) & ((1 << width) - 1))
        }
        var header = LZFSEBlockHeader()
        header.rawSize = Int(raw)
        header.headerSize = field(v2, 0, 32)
        header.literalCount = field(v0, 0, 20)
        header.literalPayloadSize = field(v0, 20, 20)
        header.matchCount = field(v0, 40, 20)
        header.literalPadding = 7 - field(v0, 60, 3)
        header.literalStates = (0..<4).map { field(v1, UInt64(10 * $0), 10) }
        header.lmdPayloadSize = field(v1, 40, 20)
        header.lmdPadding = 7 - field(v1, 60, 3)
        header.lState = field(v2, 32, 10)
        header.mState = field(v2, 42, 10)
        header.dState = field(v2, 52, 10)
        guard header.headerSize >= v2FixedSize else {
            return .invalid(.header(block, .headerSizeTooSmall(size: header.headerSize, minimum: v2FixedSize)), size: v2FixedSize)
        }
        guard header.headerSize <= input.count - at else { return .truncated(needed: header.headerSize) }
        switch decodeFrequencies(input, from: at + v2FixedSize, to: at + header.headerSize) {
        case .success(let frequencies): header.frequencies = frequencies
        case .failure(let defect): return .invalid(.table(block, defect), size: header.headerSize)
        }
        return header.checked(block)
    }

    /// The 360 frequencies coded in `input[start..<end]`, read from the least significant bit of
    /// each byte up; a header without code bytes has every frequency 0 (as in the reference).
    static func decodeFrequencies(_ input: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Result<[Int], TableDefect> {
        var values = [Int](repeating: 0, count: frequencyCount)
        guard start < end else { return .success(values) }
        var accumulator: UInt32 = 0
        var bits = 0
        var next = start
        for index in 0..<frequencyCount {
            while next < end, bits + 8 <= 32 {
                accumulator |= UInt32(input[next]) << UInt32(bits)
                bits += 8
                next += 1
            }
            let (value, width) = frequencyCode(accumulator)
            guard width <= bits else { return .failure(.codeRunsOut(valuesRead: index, total: frequencyCount)) }
            values[index] = value
            accumulator >>= UInt32(width)
            bits -= width
        }
        // The code must end in the header's last byte.
        guard bits < 8, next == end else { return .failure(.codeLeavesBytes(bytes: end - next + bits / 8)) }
        return .success(values)
    }

    /// One value of the frequency code and its width in bits, from the low bits of `bits`:
    /// `.0`/`.10` (low bit first) are 0 and 1 in 2 bits; `x01` 2–3 in 3 bits; `xx011` 4–7 in 5;
    /// `xxxx0111` 8–23 in 8; ten bits then `1111`: 24–1,047 in 14.
    static func frequencyCode(_ bits: UInt32) -> (value: Int, width: Int) {
        if bits & 1 == 0 { return (Int(bits >> 1) & 1, 2) }
        if bits & 2 == 0 { return (2 + Int(bits >> 2) & 1, 3) }
        if bits & 4 == 0 { return (4 + Int(bits >> 3) & 3, 5) }
        if bits & 8 == 0 { return (8 + Int(bits >> 4) & 15, 8) }
        return (24 + Int(bits >> 4) & 0x3FF, 14)
    }
}

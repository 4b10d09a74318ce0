/// The bit stream of an LZFSE payload, read from its last byte towards its first (the encoder
/// wrote it forwards, so the decoder meets its symbols in reverse). Bytes are little-endian: a byte
/// at a higher offset holds more significant bits, and bits are taken from the most significant
/// end (`fse_in_stream64` in the reference's `lzfse_fse.h`).
///
/// Never reads outside `lowerBound..<upperBound`; `count` says how many bits are left in the
/// accumulator, and callers check it before `pull`, so a short payload is a problem, not a trap.
struct BackwardBitReader {
    let bytes: UnsafePointer<UInt8>
    /// The first byte of the stream.
    let lowerBound: Int
    /// One past the bytes the wide refill may read (the input's end).
    let readableEnd: Int
    /// The bytes below this offset are not loaded yet.
    private(set) var position: Int
    /// Bits, the valid ones in the low `count`; above them, bits already pulled (ignored).
    private var accumulator: UInt64 = 0
    /// How many bits are loaded and not pulled.
    private(set) var count = 0

    /// A reader of `bytes[lowerBound..<upperBound]` whose last byte has `padding` (0–7) unused top
    /// bits, which must be zero (the header's `literal_bits` / `lmd_bits`, stored as `-padding`).
    static func make(bytes: UnsafePointer<UInt8>, lowerBound: Int, upperBound: Int, readableEnd: Int, padding: Int) -> Result<BackwardBitReader, BitStreamDefect> {
        var reader = BackwardBitReader(bytes: bytes, lowerBound: lowerBound, readableEnd: readableEnd, position: upperBound)
        reader.refill()
        guard reader.count >= padding else { return .failure(.emptyWithPadding(bits: padding)) }
        reader.count -= padding
        guard reader.accumulator >> UInt64(reader.count) == 0 else { return .failure(.paddingNotZero(bits: padding)) }
        return .success(reader)
    }

    /// Loads whole bytes until more than 56 bits are loaded or the stream's first byte is in.
    @inline(__always)
    mutating func refill() {
        let wanted = (64 - count) >> 3
        guard wanted > 0 else { return }
        let from = position - wanted
        if from >= lowerBound, from <= readableEnd - 8 {
            // One unaligned 8-byte load; its low `wanted` bytes are the new ones.
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes + from).loadUnaligned(as: UInt64.self))
            let shift = UInt64(wanted * 8)
            accumulator = wanted == 8 ? word : accumulator &<< shift | (word & ((1 &<< shift) - 1))
            count += wanted * 8
            position = from
            return
        }
        while count <= 56, position > lowerBound {
            position -= 1
            accumulator = accumulator << 8 | UInt64(bytes[position])
            count += 8
        }
    }

    /// The next `n` bits (0–32) as a number; the caller has checked `n <= count`.
    @inline(__always)
    mutating func pull(_ n: Int) -> Int {
        count -= n
        // Masking shifts: `count` is 64 only with `n` 0, whose mask is 0 whatever the shift gives.
        return Int(truncatingIfNeeded: (accumulator &>> UInt64(count)) & ((1 &<< UInt64(n)) - 1))
    }
}

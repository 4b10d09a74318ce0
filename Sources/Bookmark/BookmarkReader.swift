import ArchiveCore

/// Bounds-checked reads inside one bookmark or alias record that may sit in a larger input (a data
/// value of a property list): offsets are relative to the record's first byte, and nothing outside
/// `[origin, origin + count)` of the input is ever read.
struct BookmarkReader: Sendable {
    let input: InputBytes
    /// Where the record starts in `input`.
    let origin: Int
    /// How many bytes the record has (the caller's range, clamped to the input).
    let count: Int

    init(input: InputBytes, range: ByteRange?) {
        let clamped = input.clamp(range ?? ByteRange(0, input.count))
        self.input = input
        origin = clamped.start
        count = clamped.count
    }

    /// Whether `range` (relative) lies inside the record.
    func contains(_ range: ByteRange) -> Bool { range.start >= 0 && range.end <= count }

    /// Whether `width` bytes at `offset` exist.
    func has(_ offset: Int, _ width: Int) -> Bool { offset >= 0 && width >= 0 && offset <= count && width <= count - offset }

    /// A little-endian 32-bit word at `offset`.
    func u32(_ offset: Int) -> UInt32? {
        guard has(offset, 4) else { return nil }
        return input.uintLE(at: origin + offset, width: 4).map { UInt32(truncatingIfNeeded: $0) }
    }

    /// A little-endian integer of `width` bytes (1, 2, 4 or 8) at `offset`, sign-extended.
    func signedLE(_ offset: Int, width: Int) -> Int64? {
        guard width > 0, width <= 8, has(offset, width), let raw = input.uintLE(at: origin + offset, width: width) else { return nil }
        let shift = UInt64(64 - 8 * width)
        return Int64(bitPattern: raw << shift) >> Int64(shift)
    }

    /// A big-endian unsigned integer of `width` bytes at `offset` (alias records are big-endian).
    func uintBE(_ offset: Int, width: Int) -> UInt64? {
        guard has(offset, width) else { return nil }
        return input.uintBE(at: origin + offset, width: width)
    }

    /// A big-endian IEEE double at `offset` (bookmark dates).
    func doubleBE(_ offset: Int) -> Double? { uintBE(offset, width: 8).map { Double(bitPattern: $0) } }

    /// A little-endian IEEE double or float at `offset`.
    func realLE(_ offset: Int, width: Int) -> Double? {
        guard has(offset, width), let raw = input.uintLE(at: origin + offset, width: width) else { return nil }
        switch width {
        case 4: return Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw)))
        case 8: return Double(bitPattern: raw)
        default: return nil
        }
    }

    /// Whether the bytes at `offset` equal `bytes`.
    func matches(_ bytes: [UInt8], at offset: Int) -> Bool {
        has(offset, bytes.count) && input.matches(bytes, at: origin + offset)
    }

    /// A copy of the bytes of `range` (relative), clamped to the record.
    func bytes(_ range: ByteRange) -> [UInt8] {
        let start = Swift.min(Swift.max(0, range.start), count), end = Swift.min(Swift.max(start, range.end), count)
        return input.bytes(in: ByteRange(origin + start, origin + end))
    }

    /// The bytes of `range` as UTF-8, and whether they were valid (invalid sequences become U+FFFD).
    func text(_ range: ByteRange) -> (text: String, valid: Bool) {
        let bytes = bytes(range)
        let text = String(decoding: bytes, as: UTF8.self)
        return (text, String(validating: bytes, as: UTF8.self) != nil)
    }
}

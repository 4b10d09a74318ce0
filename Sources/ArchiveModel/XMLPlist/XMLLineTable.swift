/// Line:column positions for any offset of a text, for reads in any order from any thread: the line
/// and line start at every `blockSize` bytes (8 bytes of table per block), counted once eight bytes
/// at a time, and a count of at most one block per query. Lines end as in `XMLLineIndex` (after `\n`,
/// or after a `\r` not followed by `\n`).
struct XMLLineTable: Sendable {
    static let blockSize = 1 << 10
    /// The line number and line start at offset `k * blockSize` (offsets fit in 32 bits, see
    /// `XMLPlistDecoder.maxTextLength`).
    private let lines: [UInt32]
    private let lineStarts: [UInt32]
    private let count: Int

    init(_ buffer: UnsafeRawBufferPointer) {
        count = buffer.count
        var lines: [UInt32] = [1], starts: [UInt32] = [0]
        lines.reserveCapacity(buffer.count / Self.blockSize + 1)
        starts.reserveCapacity(buffer.count / Self.blockSize + 1)
        var state = (line: 1, lineStart: 0)
        var blockStart = 0
        while blockStart + Self.blockSize <= buffer.count {
            let end = blockStart + Self.blockSize
            Self.count(buffer, from: blockStart, to: end, into: &state)
            lines.append(UInt32(truncatingIfNeeded: state.line))
            starts.append(UInt32(truncatingIfNeeded: state.lineStart))
            blockStart = end
        }
        self.lines = lines
        lineStarts = starts
    }

    /// The position of `target` (clamped to the text) in `buffer`, the text the table was built over.
    func position(of target: Int, in buffer: UnsafeRawBufferPointer) -> TextPosition {
        let target = Swift.min(Swift.max(0, target), Swift.min(count, buffer.count))
        let block = Swift.min(target / Self.blockSize, lines.count - 1)
        var state = (line: Int(lines[block]), lineStart: Int(lineStarts[block]))
        Self.count(buffer, from: block * Self.blockSize, to: target, into: &state)
        return TextPosition(line: state.line, column: target - state.lineStart + 1)
    }

    /// Counts the line breaks of `[from, to)` a byte at a time.
    static func countBytes(_ buffer: UnsafeRawBufferPointer, from: Int, to: Int, into state: inout (line: Int, lineStart: Int)) {
        var i = from
        while i < to {
            let b = buffer[i]
            if b <= 0x0D, b == 0x0A || (b == 0x0D && (i + 1 >= buffer.count || buffer[i + 1] != 0x0A)) {
                state.line += 1
                state.lineStart = i + 1
            }
            i += 1
        }
    }

    /// `countBytes`, with the `\n`s counted eight bytes at a time and the line start found by looking
    /// back from `to` when the range holds no `\r`.
    static func count(_ buffer: UnsafeRawBufferPointer, from: Int, to: Int, into state: inout (line: Int, lineStart: Int)) {
        guard to > from, let base = buffer.baseAddress, Platform.firstByte(0x0D, in: base + from, count: to - from) == nil else {
            return countBytes(buffer, from: from, to: to, into: &state)
        }
        var breaks = 0
        var i = from
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        while i + 8 <= to {
            // Per-byte counts of up to 31 words, summed across the bytes at once (no popcount).
            var perByte: UInt64 = 0
            var words = 0
            while words < 31, i + 8 <= to {
                let word = (base + i).loadUnaligned(as: UInt64.self) ^ (ones &* 0x0A)
                // High bit set exactly in the bytes that were `\n` (now zero).
                let zero = ~(((word & low7) &+ low7) | word | low7)
                perByte &+= zero >> 7
                words += 1
                i += 8
            }
            breaks += Int((perByte &* ones) >> 56)
        }
        while i < to {
            if buffer[i] == 0x0A { breaks += 1 }
            i += 1
        }
        guard breaks > 0 else { return }
        state.line += breaks
        var j = to - 1
        while j >= from, buffer[j] != 0x0A { j -= 1 }
        state.lineStart = j + 1
    }
}

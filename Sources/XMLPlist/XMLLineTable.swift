import ArchiveCore

/// Line:column positions for any offset of a text, for reads in any order from any thread.
///
/// Per block of `blockSize` bytes it keeps the line number and line start at the block's start and
/// the number of `\n`s in each of its `subBlocks` parts (8 bytes of table per KiB of text). A query
/// adds the counts of the parts before its offset, counts the `\n`s of one part eight bytes at a time,
/// and finds the line start by looking back for the last `\n`. The parts of a block holding a `\r`,
/// and a part with too many breaks to count in a byte, are marked, and a query in a block with a
/// marked part up to its offset counts that block byte by byte. Lines end as in `XMLLineIndex` (after `\n`, or after a `\r` not
/// followed by `\n`).
struct XMLLineTable: Sendable {
    static let blockSize = 1 << 11
    static let subBlocks = 8
    static let subBlockSize = blockSize / subBlocks
    /// A part whose breaks the table does not count.
    private static let uncounted: UInt8 = 0xFF

    /// The line number and line start at offset `k * blockSize` (offsets fit in 32 bits, see
    /// `XMLPlistDecoder.maxTextLength`).
    private let lines: [UInt32]
    private let lineStarts: [UInt32]
    /// `\n`s per part of each whole block, `subBlocks` per block.
    private let partCounts: [UInt8]
    private let count: Int

    init(_ buffer: UnsafeRawBufferPointer) {
        count = buffer.count
        let blocks = buffer.count / Self.blockSize
        var lines: [UInt32] = [1], starts: [UInt32] = [0], parts: [UInt8] = []
        lines.reserveCapacity(blocks + 1)
        starts.reserveCapacity(blocks + 1)
        parts.reserveCapacity(blocks * Self.subBlocks)
        var state = (line: 1, lineStart: 0)
        for block in 0..<blocks {
            let blockStart = block * Self.blockSize
            // A block with a `\r` is counted byte by byte (its parts unmarked); memchr finds none fast.
            var exact = buffer.baseAddress.map { Platform.firstByte(0x0D, in: $0 + blockStart, count: Self.blockSize) == nil } ?? false
            for part in 0..<Self.subBlocks {
                let partStart = blockStart + part * Self.subBlockSize
                let breaks = exact ? Self.countNewlines(buffer, from: partStart, to: partStart + Self.subBlockSize) : 0
                let counted = exact && breaks < Int(Self.uncounted)
                exact = exact && counted
                parts.append(counted ? UInt8(breaks) : Self.uncounted)
                if counted { state.line += breaks }
            }
            let blockEnd = blockStart + Self.blockSize
            if exact {
                if let last = Self.lastNewline(buffer, before: blockEnd, notBefore: blockStart) { state.lineStart = last + 1 }
            } else {
                var exactState = (line: Int(lines[block]), lineStart: Int(starts[block]))
                Self.countBytes(buffer, from: blockStart, to: blockEnd, into: &exactState)
                state = exactState
            }
            lines.append(UInt32(truncatingIfNeeded: state.line))
            starts.append(UInt32(truncatingIfNeeded: state.lineStart))
        }
        self.lines = lines
        lineStarts = starts
        partCounts = parts
    }

    /// The position of `target` (clamped to the text) in `buffer`, the text the table was built over.
    func position(of target: Int, in buffer: UnsafeRawBufferPointer) -> TextPosition {
        let target = Swift.min(Swift.max(0, target), Swift.min(count, buffer.count))
        let block = Swift.min(target / Self.blockSize, lines.count - 1)
        let blockStart = block * Self.blockSize
        var state = (line: Int(lines[block]), lineStart: Int(lineStarts[block]))
        let part = (target - blockStart) / Self.subBlockSize
        let first = block * Self.subBlocks
        var exact = first + Self.subBlocks <= partCounts.count && part < Self.subBlocks
        var k = 0
        while exact, k <= part {
            let c = partCounts[first + k]
            if c == Self.uncounted { exact = false } else if k < part { state.line += Int(c) }
            k += 1
        }
        guard exact else {
            state = (Int(lines[block]), Int(lineStarts[block]))
            Self.countBytes(buffer, from: blockStart, to: target, into: &state)
            return TextPosition(line: state.line, column: target - state.lineStart + 1)
        }
        state.line += Self.countNewlines(buffer, from: blockStart + part * Self.subBlockSize, to: target)
        if let last = Self.lastNewline(buffer, before: target, notBefore: blockStart) { state.lineStart = last + 1 }
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

    /// The `\n`s in `[from, to)`, eight bytes at a time.
    static func countNewlines(_ buffer: UnsafeRawBufferPointer, from: Int, to: Int) -> Int {
        guard to > from, let base = buffer.baseAddress else { return 0 }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let evenBytes: UInt64 = 0x00FF_00FF_00FF_00FF
        var breaks = 0
        var i = from
        while i + 8 <= to {
            // Per-byte counts of up to 64 words, summed across the bytes at once (no popcount).
            var perByte: UInt64 = 0
            var words = 0
            while words < 64, i + 8 <= to {
                let n = (base + i).loadUnaligned(as: UInt64.self) ^ (ones &* 0x0A)
                // High bit set exactly in the bytes that were `\n` (now zero).
                perByte &+= ~(((n & low7) &+ low7) | n | low7) >> 7
                words += 1
                i += 8
            }
            let pairs = (perByte & evenBytes) &+ ((perByte >> 8) & evenBytes)
            breaks += Int((pairs &* 0x0001_0001_0001_0001) >> 48)
        }
        while i < to {
            if buffer[i] == 0x0A { breaks += 1 }
            i += 1
        }
        return breaks
    }

    /// The offset of the last `\n` in `[notBefore, before)`, or nil.
    private static func lastNewline(_ buffer: UnsafeRawBufferPointer, before: Int, notBefore: Int) -> Int? {
        var j = before - 1
        while j >= notBefore {
            if buffer[j] == 0x0A { return j }
            j -= 1
        }
        return nil
    }
}

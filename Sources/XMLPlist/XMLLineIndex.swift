import ArchiveCore

/// Turns byte offsets into 1-based line:column positions (columns count bytes).
///
/// A line ends after `\n`, or after a `\r` that is not followed by `\n` (CF's `lineNumber` counts the
/// same way). The decoder asks for positions in mostly increasing order, so a forward cursor does the
/// work in linear total time. For an offset behind the cursor, the scan restarts from a checkpoint
/// saved every `blockSize` bytes, so no query costs more than one block.
package struct XMLLineIndex {
    private let buffer: UnsafeRawBufferPointer
    private static let blockSize = 4096
    /// Cursor: everything before `offset` has been counted.
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    /// `checkpoints[k]` is (line, lineStart) at offset `k * blockSize`.
    private var checkpoints: [(line: Int, lineStart: Int)] = [(1, 0)]

    package init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
    }

    /// The line and column of `target` (clamped to the input; the end of the input is a valid position).
    package mutating func position(of target: Int) -> TextPosition {
        let target = Swift.min(Swift.max(0, target), buffer.count)
        if target >= offset {
            advance(to: target)
            return TextPosition(line: line, column: target - lineStart + 1)
        }
        let block = target / Self.blockSize
        let mark = checkpoints[Swift.min(block, checkpoints.count - 1)]
        var scan = (line: mark.line, lineStart: mark.lineStart)
        count(from: Swift.min(block, checkpoints.count - 1) * Self.blockSize, to: target, into: &scan)
        return TextPosition(line: scan.line, column: target - scan.lineStart + 1)
    }

    private mutating func advance(to target: Int) {
        while offset < target {
            let nextBoundary = (offset / Self.blockSize + 1) * Self.blockSize
            let stop = Swift.min(target, nextBoundary)
            var state = (line: line, lineStart: lineStart)
            count(from: offset, to: stop, into: &state)
            line = state.line
            lineStart = state.lineStart
            offset = stop
            if offset == nextBoundary, checkpoints.count == offset / Self.blockSize {
                checkpoints.append((line, lineStart))
            }
        }
    }

    /// Counts the line breaks in `[from, to)`, updating `state`.
    private func count(from: Int, to: Int, into state: inout (line: Int, lineStart: Int)) {
        var i = from
        while i < to {
            let b = buffer[i]
            if b <= 0x0D {
                if b == 0x0A || (b == 0x0D && (i + 1 >= buffer.count || buffer[i + 1] != 0x0A)) {
                    state.line += 1
                    state.lineStart = i + 1
                }
            }
            i += 1
        }
    }
}

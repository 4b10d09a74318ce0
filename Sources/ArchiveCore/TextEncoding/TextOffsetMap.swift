/// Maps offsets into a transcoded copy of a UTF-16 or UTF-32 file (the UTF-8 text the decoders read)
/// back to offsets into the file as it is, so diagnostics, node ranges and the hex view name the
/// file's own bytes.
///
/// It keeps a checkpoint (text offset, file offset) every `stride` scalars and re-reads at most that
/// many scalars of the file per lookup: memory is about one byte per 4 scalars, and no lookup reads
/// more than `stride` units. A stretch between checkpoints that is all ASCII (its text is `stride`
/// bytes and its file `stride` units: every scalar at its shortest in both) is mapped by arithmetic.
package struct TextOffsetMap: Sendable {
    static let stride = 32

    private let input: InputBytes
    private let form: TextEncoding.Form
    private let start: Int
    /// `textOffsets[k]` and `fileOffsets[k]`: where scalar `k * stride` starts in the text and the file.
    private let textOffsets: [Int]
    private let fileOffsets: [Int]
    /// Length of the transcoded text, and the file offset where the last whole unit ends.
    package let textLength: Int
    let fileEnd: Int

    package init(input: InputBytes, form: TextEncoding.Form, start: Int, textOffsets: [Int], fileOffsets: [Int], textLength: Int, fileEnd: Int) {
        self.input = input
        self.form = form
        self.start = start
        self.textOffsets = textOffsets
        self.fileOffsets = fileOffsets
        self.textLength = textLength
        self.fileEnd = fileEnd
    }

    /// The file offset of text offset `offset`. An offset inside a character's UTF-8 bytes gives the
    /// start of that character in the file, or its end when `roundingUp`; offsets past the text give
    /// the end of the last whole unit.
    package func fileOffset(_ offset: Int, roundingUp: Bool = false) -> Int {
        if offset <= 0 { return fileOffsets[0] }
        if offset >= textLength { return fileEnd }
        let k = checkpointIndex(before: offset)
        var text = textOffsets[k], file = fileOffsets[k]
        let width = form.unitWidth
        if k + 1 < textOffsets.count, textOffsets[k + 1] - text == Self.stride, fileOffsets[k + 1] - file == Self.stride * width {
            return file + (offset - text) * width
        }
        let inside = walk(&text, &file, to: offset)
        return roundingUp && inside > 0 ? file + inside : file
    }

    /// `range` in the text as a range of the file: a character cut by either end is included whole.
    package func fileRange(_ range: ByteRange) -> ByteRange {
        let start = fileOffset(range.start)
        return ByteRange(start, range.count == 0 ? start : fileOffset(range.end, roundingUp: true))
    }

    /// The last checkpoint at or before text offset `offset` (which is inside the text).
    func checkpoint(before offset: Int) -> (text: Int, file: Int) {
        let k = checkpointIndex(before: offset)
        return (textOffsets[k], fileOffsets[k])
    }

    private func checkpointIndex(before offset: Int) -> Int {
        // Checkpoint k starts at a text offset from k × stride (all ASCII) to 4 × k × stride (all astral).
        let last = textOffsets.count - 1
        var low = Swift.min(last, offset / (4 * Self.stride)), high = Swift.min(last, offset / Self.stride)
        while low < high {
            let mid = low + (high - low + 1) / 2
            if textOffsets[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Walks scalar by scalar from the boundary (`text`, `file`) to the boundary at or before `offset`,
    /// and returns the file length of the character `offset` falls inside (0 on a boundary).
    func walk(_ text: inout Int, _ file: inout Int, to offset: Int) -> Int {
        withExtendedLifetime(input) {
            let reader = UnicodeUnitReader(input.buffer, form: form, start: start)
            let width = form.unitWidth
            while text < offset, file < reader.end {
                if reader.ascii(at: file) != nil {
                    text += 1
                    file += width
                    continue
                }
                let step = reader.step(at: file)
                if text + step.utf8Length > offset { return step.fileLength }
                text += step.utf8Length
                file += step.fileLength
            }
            return 0
        }
    }
}

/// A reader of `TextOffsetMap` for offsets that mostly come in increasing order (the starts of nodes
/// in file order): it walks on from the last answer instead of starting at a checkpoint, so mapping a
/// whole node table costs about one pass over the file.
package struct TextOffsetCursor {
    let map: TextOffsetMap
    private var text = 0
    private var file: Int

    package init(_ map: TextOffsetMap) {
        self.map = map
        file = map.fileOffset(0)
    }

    /// `map.fileOffset(offset, roundingUp:)`, walking on from the previous offset when it is close behind.
    mutating func fileOffset(_ offset: Int, roundingUp: Bool = false) -> Int {
        guard offset > 0, offset < map.textLength else { return map.fileOffset(offset, roundingUp: roundingUp) }
        if offset < text || offset - text > 4 * TextOffsetMap.stride { (text, file) = map.checkpoint(before: offset) }
        let inside = map.walk(&text, &file, to: offset)
        return roundingUp && inside > 0 ? file + inside : file
    }
}

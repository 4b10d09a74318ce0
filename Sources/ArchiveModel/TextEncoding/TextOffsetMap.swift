/// Maps offsets into a transcoded copy of a UTF-16 or UTF-32 file (the UTF-8 text the decoders read)
/// back to offsets into the file as it is, so diagnostics, node ranges and the hex view name the
/// file's own bytes.
///
/// It keeps a checkpoint (text offset, file offset) every `stride` scalars and re-reads at most that
/// many scalars of the file per lookup: memory is about one byte per 4 scalars, and no lookup reads
/// more than `stride` units. A stretch between checkpoints that is all ASCII (its text is `stride`
/// bytes and its file `stride` units: every scalar at its shortest in both) is mapped by arithmetic.
public struct TextOffsetMap: Sendable {
    static let stride = 32

    private let input: InputBytes
    private let form: TextEncoding.Form
    private let start: Int
    /// `textOffsets[k]` and `fileOffsets[k]`: where scalar `k * stride` starts in the text and the file.
    private let textOffsets: [Int]
    private let fileOffsets: [Int]
    /// Length of the transcoded text, and the file offset where the last whole unit ends.
    public let textLength: Int
    public let fileEnd: Int

    init(input: InputBytes, form: TextEncoding.Form, start: Int, textOffsets: [Int], fileOffsets: [Int], textLength: Int, fileEnd: Int) {
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
    public func fileOffset(_ offset: Int, roundingUp: Bool = false) -> Int {
        if offset <= 0 { return textOffsets.isEmpty ? start : fileOffsets[0] }
        if offset >= textLength { return fileEnd }
        // Checkpoint k starts at a text offset from k × stride (all ASCII) to 4 × k × stride (all astral).
        let stride = Self.stride
        var low = Swift.min(textOffsets.count - 1, offset / (4 * stride)), high = Swift.min(textOffsets.count - 1, offset / stride)
        while low < high {
            let mid = low + (high - low + 1) / 2
            if textOffsets[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var text = textOffsets[low], file = fileOffsets[low]
        let width = form.unitWidth
        if low + 1 < textOffsets.count, textOffsets[low + 1] - text == stride, fileOffsets[low + 1] - file == stride * width {
            return file + (offset - text) * width
        }
        return withExtendedLifetime(input) {
            let reader = UnicodeUnitReader(input.buffer, form: form, start: start)
            while text < offset, file < reader.end {
                let step = reader.step(at: file)
                if text + step.utf8Length > offset { return roundingUp ? file + step.fileLength : file }
                text += step.utf8Length
                file += step.fileLength
            }
            return file
        }
    }

    /// `range` in the text as a range of the file: a character cut by either end is included whole.
    public func fileRange(_ range: ByteRange) -> ByteRange {
        let start = fileOffset(range.start)
        return ByteRange(start, range.count == 0 ? start : fileOffset(range.end, roundingUp: true))
    }
}

import ArchiveCore

/// Offsets where lines start, for the 1-based `line:column` of any offset (columns count bytes).
///
/// Lines end at LF, CR, or CR LF, as CF's `lineNumberStrings` counts them.
struct OpenStepLineTable {
    /// Offset of the first byte of each line; `starts[0] == 0`.
    private var starts: [Int] = [0]

    init(_ bytes: UnsafeRawBufferPointer) {
        var i = 0
        let count = bytes.count
        while i < count {
            let b = bytes[i]
            i += 1
            if b == 0x0A {
                starts.append(i)
            } else if b == 0x0D {
                if i < count, bytes[i] == 0x0A { i += 1 }
                starts.append(i)
            }
        }
    }

    /// Number of lines (a final line without a terminator counts; an empty input has one line).
    var lineCount: Int { starts.count }

    /// The position of `offset` (clamped at 0); an offset past the end lies on the last line.
    func position(of offset: Int) -> TextPosition {
        let target = max(0, offset)
        // Binary search for the last line start <= target.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = low + (high - low + 1) / 2
            if starts[mid] <= target { low = mid } else { high = mid - 1 }
        }
        return TextPosition(line: low + 1, column: target - starts[low] + 1)
    }
}

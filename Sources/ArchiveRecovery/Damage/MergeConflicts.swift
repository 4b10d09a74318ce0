import ArchiveCore

/// Unresolved git merge conflicts in a text file: blocks of marker lines, each marker at the start of
/// a line and seven characters long (git's default `conflict-marker-size`):
///
/// ```
/// <<<<<<< HEAD              ours: the lines up to the next marker
/// ||||||| merged ancestors  (diff3 and zdiff3 only) the common base
/// =======
/// >>>>>>> feature           theirs: the lines since the `=======`
/// ```
///
/// Only complete blocks count (the four lines in this order); a marker inside a line, a `=======` with
/// no open block, or a block the file ends inside is no conflict. One pass over the bytes, memory
/// proportional to the blocks found (at most `blockLimit` kept; the rest counted).
package struct MergeConflicts: Sendable, Equatable {
    /// Which side of every block to keep.
    package enum Side: String, Sendable, CaseIterable {
        /// The lines between `<<<<<<<` and `|||||||` or `=======` (the branch merged into, `HEAD`).
        case ours
        /// The lines between `=======` and `>>>>>>>` (the branch merged).
        case theirs
    }

    /// The lines of one side: their bytes (line ends included) and their line numbers.
    package struct Section: Sendable, Equatable {
        package var range: ByteRange
        /// The 1-based number of its first line (the line after its marker).
        var firstLine: Int
        var lineCount: Int

        /// `lines 5–7`, `line 5`, or `no lines (after line 4)`.
        package var lineText: String {
            switch lineCount {
            case 0: "no lines (after line \(firstLine - 1))"
            case 1: "line \(firstLine)"
            default: "lines \(firstLine)–\(firstLine + lineCount - 1)"
            }
        }
    }

    /// One conflict block.
    package struct Block: Sendable, Equatable {
        /// The whole block, from its `<<<<<<<` line to the end of its `>>>>>>>` line.
        package var range: ByteRange
        /// The `<<<<<<<` line's number (1-based) and bytes (line end included).
        var startLine: Int
        var startMarker: ByteRange
        package var ours: Section
        /// The common ancestor's lines (diff3 style only).
        package var base: Section?
        package var theirs: Section
        /// The 1-based number of the `>>>>>>>` line.
        var endLine: Int
        /// The text after `<<<<<<<` and `>>>>>>>` (a branch or commit), as written, cut to `labelLimit` bytes.
        var oursLabel: [UInt8]
        var theirsLabel: [UInt8]

        /// The side's lines.
        package func section(_ side: Side) -> Section { side == .ours ? ours : theirs }

        /// The side's label for display: `ours ("HEAD")`, or `ours` when the marker names nothing.
        func sideName(_ side: Side) -> String {
            let label = side == .ours ? oursLabel : theirsLabel
            return label.isEmpty ? side.rawValue : side.rawValue + " (\"" + DisplayText.escape(bytes: label) + "\")"
        }
    }

    /// The complete blocks, in file order (the first `blockLimit`).
    package private(set) var blocks: [Block] = []
    /// Complete blocks found in all (more than `blocks.count` when the limit was reached).
    package private(set) var blockCount = 0

    /// Blocks kept for the report and for resolution; a file with more is not resolved.
    package static let blockLimit = 10_000
    /// Bytes of a marker's label kept.
    static let labelLimit = 200

    /// The conflicts in `bytes`, or nil when there is no complete block.
    package static func find(_ bytes: UnsafeRawBufferPointer) -> MergeConflicts? {
        var found = MergeConflicts()
        var scanner = Scanner()
        var start = 0, line = 1
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            let next = end < bytes.count ? end + 1 : end
            if let block = scanner.take(bytes, ByteRange(start, next), line: line) {
                found.blockCount += 1
                if found.blocks.count < blockLimit { found.blocks.append(block) }
            }
            start = next
            line += 1
        }
        return found.blockCount > 0 ? found : nil
    }

    /// The conflicts in `input`'s bytes (ASCII-compatible text; UTF-16 text has none a git merge wrote).
    package static func find(_ input: InputBytes) -> MergeConflicts? { find(input.buffer) }

    /// The bytes with every block replaced by the lines of `side`, or nil when there were more blocks than
    /// `blockLimit` (not all are known, so the result would still hold conflicts).
    package func resolved(_ bytes: UnsafeRawBufferPointer, keeping side: Side) -> [UInt8]? {
        guard blockCount == blocks.count else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var position = 0
        for block in blocks {
            let kept = block.section(side).range
            out.append(contentsOf: bytes[position..<block.range.start])
            out.append(contentsOf: bytes[kept.start..<kept.end])
            position = block.range.end
        }
        out.append(contentsOf: bytes[position..<bytes.count])
        return out
    }

    /// The marker a line starts with.
    enum Marker {
        case ours, base, separator, theirs
    }

    /// The marker line `range` is, or nil: seven marker characters, then the line's end, or (for the
    /// three that carry a label) a space or tab and the label.
    static func marker(_ bytes: UnsafeRawBufferPointer, _ range: ByteRange) -> (Marker, label: [UInt8])? {
        guard range.count >= 7 else { return nil }
        let first = bytes[range.start]
        let kind: Marker
        switch first {
        case UInt8(ascii: "<"): kind = .ours
        case UInt8(ascii: "|"): kind = .base
        case UInt8(ascii: "="): kind = .separator
        case UInt8(ascii: ">"): kind = .theirs
        default: return nil
        }
        for i in range.start..<range.start + 7 where bytes[i] != first { return nil }
        var lineEnd = range.end
        while lineEnd > range.start + 7 && (bytes[lineEnd - 1] == 0x0A || bytes[lineEnd - 1] == 0x0D) { lineEnd -= 1 }
        let after = range.start + 7
        if after == lineEnd { return (kind, []) }
        // `=======` carries no label; any other character after seven marker characters makes an ordinary line.
        guard kind != .separator, bytes[after] == 0x20 || bytes[after] == 0x09 else { return nil }
        let labelStart = after + 1
        return (kind, Array(bytes[labelStart..<Swift.min(lineEnd, labelStart + labelLimit)]))
    }

    /// The state of the line-by-line scan: the block open so far, if any.
    struct Scanner {
        private var open: Block?
        private var phase: Marker = .ours

        /// Takes line `range` (number `line`); returns a block when this line completes one.
        mutating func take(_ bytes: UnsafeRawBufferPointer, _ range: ByteRange, line: Int) -> Block? {
            guard let (kind, label) = MergeConflicts.marker(bytes, range) else { return nil }
            // A new `<<<<<<<` starts a block afresh (a block never nests in git's output).
            if kind == .ours {
                let empty = Section(range: ByteRange(range.end, range.end), firstLine: line + 1, lineCount: 0)
                open = Block(range: range, startLine: line, startMarker: range, ours: empty, base: nil, theirs: empty, endLine: line,
                             oursLabel: label, theirsLabel: [])
                phase = .ours
                return nil
            }
            guard var block = open else { return nil }
            switch (phase, kind) {
            case (.ours, .base):
                block.ours = section(from: block.ours, to: range, line: line)
                block.base = Section(range: ByteRange(range.end, range.end), firstLine: line + 1, lineCount: 0)
                phase = .base
            case (.ours, .separator):
                block.ours = section(from: block.ours, to: range, line: line)
                block.theirs = Section(range: ByteRange(range.end, range.end), firstLine: line + 1, lineCount: 0)
                phase = .separator
            case (.base, .separator):
                block.base = block.base.map { section(from: $0, to: range, line: line) }
                block.theirs = Section(range: ByteRange(range.end, range.end), firstLine: line + 1, lineCount: 0)
                phase = .separator
            case (.separator, .theirs):
                block.theirs = section(from: block.theirs, to: range, line: line)
                block.theirsLabel = label
                block.endLine = line
                block.range = ByteRange(block.range.start, range.end)
                open = nil
                return block
            default:
                // A marker out of order: not git's block; forget it.
                open = nil
                return nil
            }
            open = block
            return nil
        }

        /// `section` (opened after a marker) closed by the marker line `marker` at line `line`.
        private func section(from section: Section, to marker: ByteRange, line: Int) -> Section {
            Section(range: ByteRange(section.range.start, marker.start), firstLine: section.firstLine, lineCount: line - section.firstLine)
        }
    }
}

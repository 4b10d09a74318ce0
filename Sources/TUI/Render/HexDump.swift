import ArchiveModel

/// The hex tab: the node's bytes with some context, the node's range highlighted.
///
/// Each line is `offset  hex bytes |ascii|`; 16 bytes per line when the pane is at least 76 columns
/// wide, else 8 or 4. Non-printable bytes show as `.` in the ASCII column.
public enum HexDump {
    /// Context shown before and after the range, in lines.
    static let contextLines = 2
    /// Longest stretch of the range dumped, in lines (the rest is summarised).
    static let maxLines = 1024

    /// Bytes per line that fit in `width` columns.
    public static func bytesPerLine(width: Int) -> Int {
        for b in [16, 8] where 12 + 4 * b <= width { return b }
        return 4
    }

    /// The dump of the node's range; `place` (where an embedded archive's range is in the file) is
    /// added to the title.
    static func lines(for node: OutlineNode, input: InputBytes, width: Int, place: String? = nil) -> [StyledLine] {
        guard let range = node.range else { return [[Span("no byte range for this row", Theme.marker)]] }
        let title = "bytes \(range), \(ValueFormatter.byteCount(range.count))" + (place.map { " · " + $0 } ?? "")
        return lines(range: range, input: input, width: width, title: title)
    }

    /// The dump of `range` (clamped to the input) with context lines around it, under `title` (by
    /// default the range and its length).
    public static func lines(range: ByteRange, input: InputBytes, width: Int, title: String? = nil) -> [StyledLine] {
        let clamped = input.clamp(range)
        var out: [StyledLine] = [[Span(title ?? "bytes \(range), \(ValueFormatter.byteCount(range.count))", Theme.heading)]]
        if clamped != range { out.append([Span("range runs past the end of the input (\(ValueFormatter.byteCount(input.count)))", Theme.error)]) }
        guard input.count > 0 else { return out + [[Span("empty input", Theme.marker)]] }
        let b = bytesPerLine(width: width)
        let anchor = min(clamped.start, input.count - 1)
        let first = max(0, anchor / b - contextLines)
        let rangeLines = (max(clamped.end, anchor + 1) - 1) / b - anchor / b + 1
        let last = min((input.count - 1) / b, anchor / b + min(rangeLines, maxLines) - 1 + contextLines)
        for lineIndex in first...max(first, last) {
            out.append(line(at: lineIndex * b, count: b, input: input, highlight: clamped))
        }
        if rangeLines > maxLines {
            out.append([Span("… \(clamped.count - maxLines * b) more bytes of the range", Theme.marker)])
        }
        return out
    }

    /// One dump line starting at `offset`.
    static func line(at offset: Int, count: Int, input: InputBytes, highlight: ByteRange) -> StyledLine {
        var spans: StyledLine = [Span(Hex.offset(offset) + "  ", Theme.marker)]
        var ascii: StyledLine = [Span(" |", Theme.marker)]
        for i in 0..<count {
            let at = offset + i
            let style = highlight.contains(at) ? Theme.highlight : Style.plain
            guard let byte = input.byte(at: at) else {
                spans.append(Span("   "))
                ascii.append(Span(" "))
                continue
            }
            spans.append(Span(Hex.byte(byte), style))
            if i + 1 < count { spans.append(Span(" ", highlight.contains(at + 1) ? style : .plain)) }
            ascii.append(Span(printable(byte), style))
        }
        ascii.append(Span("|", Theme.marker))
        return merge(spans + ascii)
    }

    /// The ASCII column's character for `byte`.
    static func printable(_ byte: UInt8) -> String {
        (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "."
    }

    /// Joins neighbouring spans of the same style.
    static func merge(_ spans: StyledLine) -> StyledLine {
        var out: StyledLine = []
        for s in spans {
            if let last = out.last, last.style == s.style { out[out.count - 1].text += s.text } else { out.append(s) }
        }
        return out
    }
}

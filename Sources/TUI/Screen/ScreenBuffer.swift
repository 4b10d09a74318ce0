/// One screen cell: a base character with any zero-width scalars that follow it, its width and style.
///
/// A wide character occupies its cell (width 2) and the next one (a continuation cell: empty text, width 0).
public struct Cell: Sendable, Hashable {
    public var text: String
    public var width: Int
    public var style: Style

    public static let blank = Cell(text: " ", width: 1, style: .plain)
}

/// A grid of cells the renderer draws into and the terminal seam presents.
///
/// Cells are stored packed: a code for the text (printable ASCII as itself, other texts as an index into
/// a table of this screen's texts), the width and the style, none of which needs retaining. A screen of
/// `String` cells spent a fifth of a render making, copying and freeing them.
public struct ScreenBuffer: Sendable {
    public let cols: Int
    public let rows: Int
    private var packed: [PackedCell]
    /// Texts other than one printable ASCII character, each once; `PackedCell.code` indexes them from
    /// `firstTableCode`.
    private var table: [String] = []
    private var tableCodes: [String: UInt32] = [:]

    /// One cell without its text: `code` is a printable ASCII byte (0x20...0x7E) standing for itself,
    /// `emptyCode` for the empty text of a wide character's second cell, or `firstTableCode + i` for
    /// `table[i]`.
    private struct PackedCell: Sendable, Equatable {
        var code: UInt32
        var width: UInt8
        var style: Style

        static let blank = PackedCell(code: 0x20, width: 1, style: .plain)
    }

    private static let emptyCode: UInt32 = 0
    private static let firstTableCode: UInt32 = 0x80

    /// Largest screen dimensions accepted; bigger requests are clamped.
    public static let maxCols = 4096
    public static let maxRows = 2048

    public init(cols: Int, rows: Int) {
        self.cols = min(Self.maxCols, max(0, cols))
        self.rows = min(Self.maxRows, max(0, rows))
        packed = Array(repeating: .blank, count: self.cols * self.rows)
    }

    public subscript(row: Int, col: Int) -> Cell {
        guard row >= 0, row < rows, col >= 0, col < cols else { return .blank }
        return cell(packed[row * cols + col])
    }

    /// Every cell, row by row.
    public var cells: [Cell] { packed.map(cell) }

    /// Each text some cell holds, once (what presenting this screen can write, for display-safety
    /// checks), in order of first appearance from the top left.
    public var distinctTexts: [String] {
        var seenASCII = [Bool](repeating: false, count: Int(Self.firstTableCode))
        var seenTable = [Bool](repeating: false, count: table.count)
        var texts: [String] = []
        for p in packed {
            if p.code < Self.firstTableCode {
                if seenASCII[Int(p.code)] { continue }
                seenASCII[Int(p.code)] = true
            } else {
                let i = Int(p.code - Self.firstTableCode)
                if seenTable[i] { continue }
                seenTable[i] = true
            }
            texts.append(text(p.code))
        }
        return texts
    }

    private func cell(_ p: PackedCell) -> Cell {
        Cell(text: text(p.code), width: Int(p.width), style: p.style)
    }

    private func text(_ code: UInt32) -> String {
        if code >= Self.firstTableCode { return table[Int(code - Self.firstTableCode)] }
        return code >= 0x20 && code < 0x7F ? TextLayout.asciiText[Int(code) - 0x20] : ""
    }

    /// The code for `text`, added to the table when new.
    private mutating func code(for text: String) -> UInt32 {
        var utf8 = text.utf8.makeIterator()
        if let first = utf8.next() {
            if utf8.next() == nil, first &- 0x20 < 0x5F { return UInt32(first) }
        } else {
            return Self.emptyCode
        }
        if let known = tableCodes[text] { return known }
        let code = Self.firstTableCode + UInt32(table.count)
        table.append(text)
        tableCodes[text] = code
        return code
    }

    /// Sets the cell at `index` (which must be on the screen).
    private mutating func set(_ index: Int, text: String, width: Int, style: Style) {
        packed[index] = PackedCell(code: code(for: text), width: UInt8(clamping: width), style: style)
    }

    /// Fills `count` cells from (row, col) with spaces in `style`.
    public mutating func fill(row: Int, col: Int, count: Int, style: Style) {
        guard row >= 0, row < rows, let span = columns(from: col, count: count) else { return }
        for c in span { packed[row * cols + c] = PackedCell(code: 0x20, width: 1, style: style) }
    }

    /// Writes `text` at (row, col) within `limit` columns (default: to the right edge) and returns
    /// the column after the last cell written. Text that does not fit ends in `…`; controls and
    /// invisible format characters are written as escapes, never raw.
    @discardableResult
    public mutating func write(_ text: String, row: Int, col: Int, style: Style = .plain, limit: Int? = nil) -> Int {
        guard row >= 0, row < rows, col >= 0, col < cols else { return col }
        let end = min(cols, col + max(0, limit ?? cols))
        if let x = writeASCII(text, row: row, col: col, end: end, style: style) { return x }
        let (glyphs, complete) = TextLayout.glyphs(text, upTo: end - col)
        return place(glyphs[...], row: row, col: col, end: end, fits: complete && glyphs.reduce(0) { $0 + $1.width } <= end - col, style: style)
    }

    /// `write` for text whose shown part is printable ASCII (one cell per byte, nothing to escape):
    /// nil when the bytes that decide what is shown (up to one past the room) are not all printable
    /// ASCII, or the text's UTF-8 is not contiguous; nothing is written then.
    private mutating func writeASCII(_ text: String, row: Int, col: Int, end: Int, style: Style) -> Int? {
        let room = end - col
        let written: Int?? = text.utf8.withContiguousStorageIfAvailable { utf8 -> Int? in
            let fits = utf8.count <= room
            let decisive = fits ? utf8.count : room + 1
            for i in 0..<decisive where utf8[i] &- 0x20 >= 0x5F { return nil }
            let shown = fits ? utf8.count : max(0, room - 1)
            // A run of one-column cells can split a wide character only at its two ends.
            if shown > 0 { clearWide(row: row, col: col) }
            if shown > 1 { clearWide(row: row, col: col + shown - 1) }
            let base = row * cols + col
            for i in 0..<shown {
                packed[base + i] = PackedCell(code: UInt32(utf8[i]), width: 1, style: style)
            }
            var x = col + shown
            if !fits, x < end {
                put(TextLayout.Glyph(text: "…", width: 1), row: row, col: x, style: style)
                x += 1
            }
            return x
        }
        return written ?? nil
    }

    /// Places laid-out `glyphs` from (row, col) up to column `end` (at most the right edge): all of them
    /// when they `fits`, else as many as leave one column, then `…`. Returns the column after the last
    /// cell written.
    mutating func place(_ glyphs: ArraySlice<TextLayout.Glyph>, row: Int, col: Int, end: Int, fits: Bool, style: Style) -> Int {
        var x = col
        for glyph in glyphs {
            let room = end - x - (fits ? 0 : 1)
            if glyph.width > room { break }
            put(glyph, row: row, col: x, style: style)
            x += glyph.width
        }
        if !fits, x < end {
            put(TextLayout.Glyph(text: "…", width: 1), row: row, col: x, style: style)
            x += 1
        }
        return x
    }

    private mutating func put(_ glyph: TextLayout.Glyph, row: Int, col: Int, style: Style) {
        clearWide(row: row, col: col)
        if glyph.width == 2 { clearWide(row: row, col: col + 1) }
        set(row * cols + col, text: glyph.text, width: glyph.width, style: style)
        if glyph.width == 2, col + 1 < cols { packed[row * cols + col + 1] = PackedCell(code: Self.emptyCode, width: 0, style: style) }
    }

    /// Overwriting half of a wide character blanks its other half.
    private mutating func clearWide(row: Int, col: Int) {
        guard col < cols else { return }
        let width = packed[row * cols + col].width
        if width == 2, col + 1 < cols { packed[row * cols + col + 1] = .blank }
        if width == 0, col > 0, packed[row * cols + col - 1].width == 2 { packed[row * cols + col - 1] = .blank }
    }

    /// Applies `style` to `count` cells from (row, col), keeping their text.
    public mutating func restyle(row: Int, col: Int, count: Int, style: Style) {
        guard row >= 0, row < rows, let span = columns(from: col, count: count) else { return }
        for c in span { packed[row * cols + c].style = style }
    }

    /// The columns of `count` cells from `col` that lie on the screen; nil when none do (a start past
    /// either edge, a count of zero or less).
    private func columns(from col: Int, count: Int) -> Range<Int>? {
        let (sum, overflow) = col.addingReportingOverflow(max(0, count))
        let start = max(0, col), end = overflow ? cols : min(cols, sum)
        return start < end ? start..<end : nil
    }

    /// The text of `row`, trailing spaces trimmed.
    public func line(_ row: Int) -> String {
        var text = ""
        for c in 0..<cols { text += self[row, c].text }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// All rows as plain text lines, trailing spaces trimmed.
    public var text: String { (0..<rows).map(line).joined(separator: "\n") }

    /// One line per row of style codes (see `Style.code`), runs written as `code*count`.
    public var styleMap: String {
        (0..<rows).map { row in
            var runs: [(String, Int)] = []
            for c in 0..<cols {
                let code = self[row, c].style.code
                if let last = runs.last, last.0 == code { runs[runs.count - 1].1 += 1 } else { runs.append((code, 1)) }
            }
            return runs.map { "\($0.0)*\($0.1)" }.joined(separator: " ")
        }.joined(separator: "\n")
    }
}

extension ScreenBuffer: Equatable {
    /// Same size and the same text, width and style in every cell (however each screen stores them).
    public static func == (lhs: ScreenBuffer, rhs: ScreenBuffer) -> Bool {
        guard lhs.cols == rhs.cols, lhs.rows == rhs.rows else { return false }
        if lhs.table == rhs.table { return lhs.packed == rhs.packed }
        return zip(lhs.packed, rhs.packed).allSatisfy { lhs.cell($0) == rhs.cell($1) }
    }
}

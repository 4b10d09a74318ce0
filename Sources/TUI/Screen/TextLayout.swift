/// Splits text into display glyphs: a base scalar plus the zero-width scalars that follow it.
///
/// Controls become visible escapes (`\e`, `\x07`) so nothing raw reaches the terminal; a leading
/// zero-width scalar gets a dotted-circle base so it cannot combine with the previous cell.
public enum TextLayout {
    /// One cell's worth of text.
    public struct Glyph: Sendable, Equatable {
        public var text: String
        public var width: Int
    }

    /// The glyphs of `text`, in order.
    public static func glyphs(_ text: String) -> [Glyph] { glyphs(text, upTo: .max).glyphs }

    /// The glyphs of `text` until their width passes `columns` (the glyph that passes it included), and
    /// whether that is all of `text`: a row of the screen never lays out more than fits on it.
    public static func glyphs(_ text: String, upTo columns: Int) -> (glyphs: [Glyph], complete: Bool) {
        var result: [Glyph] = []
        let complete = layOut(text, upTo: columns) { result.append($0) }
        return (result, complete)
    }

    /// Hands the glyphs of `text` to `add` in order until their width passes `columns` (the glyph that
    /// passes it included); returns whether that was all of `text`. What `glyphs(_:upTo:)` returns, without
    /// an array for callers that place glyphs as they come.
    static func layOut(_ text: String, upTo columns: Int, _ add: (Glyph) -> Void) -> Bool {
        var width = 0
        // A combining scalar joins the glyph before it, so each glyph is handed on once the next begins.
        var pending: Glyph?
        func emit(_ glyph: Glyph) {
            if let previous = pending { add(previous) }
            pending = glyph
            width += glyph.width
        }
        defer { if let last = pending { add(last) } }
        for scalar in text.unicodeScalars {
            if width > columns { return false }
            if scalar.value >= 0x20, scalar.value < 0x7F { // printable ASCII: one column, no table lookups
                emit(Glyph(text: asciiText[Int(scalar.value &- 0x20)], width: 1))
                continue
            }
            if DisplayEscape.isInvisible(scalar) {
                for c in DisplayEscape.hex(scalar).unicodeScalars { emit(Glyph(text: String(c), width: 1)) }
                continue
            }
            guard let w = CharWidth.width(scalar) else {
                for c in DisplayEscape.control(scalar).unicodeScalars { emit(Glyph(text: String(c), width: 1)) }
                continue
            }
            if w == 0 {
                if pending == nil {
                    emit(Glyph(text: "\u{25CC}" + String(scalar), width: 1))
                } else {
                    pending?.text.unicodeScalars.append(scalar)
                }
                continue
            }
            emit(Glyph(text: String(scalar), width: w))
        }
        return true
    }

    /// The one-character strings of printable ASCII (U+0020 to U+007E), so laying out plain text makes
    /// no string per character.
    static let asciiText: [String] = (0x20..<0x7F).map { String(Unicode.Scalar(UInt8($0))) }

    /// The number of leading bytes of `text`, up to `limit`, that are printable ASCII, when the text's
    /// UTF-8 is contiguous (native strings); nil otherwise.
    static func printableASCIIPrefix(_ text: String, limit: Int) -> Int? {
        text.utf8.withContiguousStorageIfAvailable { utf8 in
            let end = Swift.min(utf8.count, Swift.max(0, limit))
            var i = 0
            while i < end, utf8[i] >= 0x20, utf8[i] < 0x7F { i += 1 }
            return i
        }
    }

    /// Display width of `text` after escaping.
    public static func width(_ text: String) -> Int {
        let count = text.utf8.count
        if printableASCIIPrefix(text, limit: count) == count { return count }
        var width = 0
        _ = layOut(text, upTo: .max) { width += $0.width }
        return width
    }

    /// `text` cut to at most `columns` columns, ending in `…` when cut.
    public static func truncate(_ text: String, to columns: Int) -> String {
        let (glyphs, complete) = glyphs(text, upTo: columns)
        if complete, glyphs.reduce(0, { $0 + $1.width }) <= columns { return glyphs.map(\.text).joined() }
        var out = "", used = 0
        for g in glyphs {
            if used + g.width > columns - 1 { break }
            out += g.text
            used += g.width
        }
        return columns > 0 ? out + "…" : ""
    }
}

/// Escapes for scalars that must never reach the terminal raw (a safety net behind `DisplayText`).
enum DisplayEscape {
    static func control(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x0A: "\\n"
        case 0x09: "\\t"
        case 0x0D: "\\r"
        case 0x1B: "\\e"
        default: "\\x" + String(String(scalar.value, radix: 16, uppercase: true).suffix(2)).leftPad(2)
        }
    }

    static func hex(_ scalar: Unicode.Scalar) -> String { "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" }

    /// Zero-width scalars that do not combine visibly: bidi controls, zero-width spaces and joiners.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        switch v {
        case 0x061C, 0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF, 0xFFF9...0xFFFB, 0xE0000...0xE007F:
            return true
        default:
            return scalar.properties.generalCategory == .format
        }
    }
}

extension String {
    func leftPad(_ n: Int, with c: Character = "0") -> String {
        count >= n ? self : String(repeating: c, count: n - count) + self
    }
}

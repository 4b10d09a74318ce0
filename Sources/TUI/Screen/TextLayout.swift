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
        var width = 0
        func add(_ glyph: Glyph) {
            result.append(glyph)
            width += glyph.width
        }
        for scalar in text.unicodeScalars {
            if width > columns { return (result, false) }
            if scalar.value >= 0x20, scalar.value < 0x7F { // printable ASCII: one column, no table lookups
                add(Glyph(text: String(scalar), width: 1))
                continue
            }
            if DisplayEscape.isInvisible(scalar) {
                for c in DisplayEscape.hex(scalar).unicodeScalars { add(Glyph(text: String(c), width: 1)) }
                continue
            }
            guard let w = CharWidth.width(scalar) else {
                for c in DisplayEscape.control(scalar).unicodeScalars { add(Glyph(text: String(c), width: 1)) }
                continue
            }
            if w == 0 {
                if result.isEmpty {
                    add(Glyph(text: "\u{25CC}" + String(scalar), width: 1))
                } else {
                    result[result.count - 1].text.unicodeScalars.append(scalar)
                }
                continue
            }
            add(Glyph(text: String(scalar), width: w))
        }
        return (result, true)
    }

    /// Display width of `text` after escaping.
    public static func width(_ text: String) -> Int { glyphs(text).reduce(0) { $0 + $1.width } }

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

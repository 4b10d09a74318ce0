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
    public static func glyphs(_ text: String) -> [Glyph] {
        var result: [Glyph] = []
        for scalar in text.unicodeScalars {
            if DisplayEscape.isInvisible(scalar) {
                for c in DisplayEscape.hex(scalar).unicodeScalars { result.append(Glyph(text: String(c), width: 1)) }
                continue
            }
            guard let w = CharWidth.width(scalar) else {
                for c in DisplayEscape.control(scalar).unicodeScalars { result.append(Glyph(text: String(c), width: 1)) }
                continue
            }
            if w == 0 {
                if result.isEmpty {
                    result.append(Glyph(text: "\u{25CC}" + String(scalar), width: 1))
                } else {
                    result[result.count - 1].text.unicodeScalars.append(scalar)
                }
                continue
            }
            result.append(Glyph(text: String(scalar), width: w))
        }
        return result
    }

    /// Display width of `text` after escaping.
    public static func width(_ text: String) -> Int { glyphs(text).reduce(0) { $0 + $1.width } }

    /// `text` cut to at most `columns` columns, ending in `…` when cut.
    public static func truncate(_ text: String, to columns: Int) -> String {
        let glyphs = glyphs(text)
        if glyphs.reduce(0, { $0 + $1.width }) <= columns { return glyphs.map(\.text).joined() }
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

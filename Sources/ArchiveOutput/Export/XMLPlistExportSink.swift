import ArchiveCore

/// Writes the resolved document as an XML property list (`plutil`'s layout: tabs, one element per
/// line), formatted straight into an `OutputBuffer` (no `String` per value) and passed on in chunks
/// of about 1 MiB.
///
/// What a plist has no type for becomes a dictionary with one `$` key: null `{"$null": true}`; an
/// integer outside the 64-bit range `{"$integer": "<digits>"}`; a string with a character XML 1.0
/// cannot hold (controls other than tab, newline and CR; U+FFFE, U+FFFF) `{"$utf8": <data>}`; a
/// date with a fraction of a second, which an XML date cannot carry, `{"$date": <date>, "$seconds":
/// <real>}`. A UID is `{"CF$UID": n}`, as Apple writes it.
public struct XMLPlistExportSink: ExportSink {
    private var out: OutputBuffer
    private var depth = 0
    /// Keys that held a character XML 1.0 cannot hold, written with it as `\u{1}` (a key must be a
    /// `<key>`, so it cannot become `{"$utf8": …}`): lossy, which the command line says.
    package private(set) var replacedKeys = 0

    public init(write: @escaping ([UInt8]) -> Void) {
        out = OutputBuffer(write: write)
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.append("<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n")
        out.append("<plist version=\"1.0\">\n")
    }

    /// Most tabs written before an element: deeper ones are indented as this depth, so that a
    /// hostile nesting a million deep writes a linear number of tabs, not a quadratic one (no real
    /// property list nests this deep; until this depth the layout is `plutil`'s).
    package static let indentLimit = 64

    /// The tabs that start a line.
    @inline(__always)
    private mutating func indent() { out.append(repeating: UInt8(ascii: "\t"), count: Swift.min(depth, Self.indentLimit)) }

    /// The end of a line, and a chunk passed on when full.
    @inline(__always)
    private mutating func endLine() {
        out.append(UInt8(ascii: "\n"))
        out.flushIfFull()
    }

    private mutating func line(_ s: StaticString) {
        indent()
        out.append(s)
        endLine()
    }

    public mutating func beginArray() { line("<array>"); depth += 1 }
    public mutating func endArray() { depth -= 1; line("</array>") }
    public mutating func beginDictionary() { line("<dict>"); depth += 1 }
    public mutating func endDictionary() { depth -= 1; line("</dict>") }

    public mutating func key(_ key: String) {
        let mark = out.count
        indent()
        out.append("<key>")
        guard appendEscaped(key) else {
            out.truncate(to: mark)
            return replacedKey(key)
        }
        out.append("</key>")
        endLine()
    }

    /// A key with characters XML cannot hold, each written as `\u{hex}` text.
    private mutating func replacedKey(_ key: String) {
        replacedKeys += 1
        var text = ""
        for scalar in key.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: text.unicodeScalars.append(scalar)
            case 0..<0x20, 0xFFFE, 0xFFFF: text += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        indent()
        out.append("<key>")
        _ = appendEscaped(text)
        out.append("</key>")
        endLine()
    }

    public mutating func scalar(_ value: ExportScalar) {
        switch value {
        case .null: tagged("$null") { $0.line("<true/>") }
        case .bool(let b): line(b ? "<true/>" : "<false/>")
        case .integer(let i):
            if i >= Int128(Int64.min) && i <= Int128(UInt64.max) {
                indent(); out.append("<integer>"); out.decimal(i); out.append("</integer>"); endLine()
            } else {
                tagged("$integer") { $0.indent(); $0.out.append("<string>"); $0.out.decimal(i); $0.out.append("</string>"); $0.endLine() }
            }
        case .real(let d): real(d)
        case .string(let s): string(s)
        case .data(let d): data(d)
        case .date(let t): date(t)
        case .uid(let u): tagged("CF$UID") { $0.indent(); $0.out.append("<integer>"); $0.out.decimal(u); $0.out.append("</integer>"); $0.endLine() }
        }
    }

    /// `<real>…</real>`: as CF and Python read it back, the shortest round-trip form, `nan`,
    /// `+infinity`, `-infinity`.
    private mutating func real(_ d: Double) {
        indent()
        out.append("<real>")
        if d.isNaN { out.append("nan") } else if d.isInfinite { out.append(d < 0 ? "-infinity" : "+infinity") } else { out.real(d) }
        out.append("</real>")
        endLine()
    }

    private mutating func data(_ d: [UInt8]) {
        indent()
        out.append("<data>")
        out.base64(d)
        out.append("</data>")
        endLine()
    }

    /// A date: four-digit years only (what CF and Python parse), whole seconds only (what the
    /// element holds); otherwise `{"$date": <whole seconds>, "$seconds": <real>}`.
    private mutating func date(_ t: Double) {
        let whole = t.rounded(.down), plain = Self.isReadableDate(t)
        if plain, whole == t { return dateLine(t) }
        beginDictionary()
        if plain { key("$date"); dateLine(whole) }
        key("$seconds"); real(t)
        endDictionary()
    }

    /// Whether a date is one CF and Python read back: finite, in years 4 to 9922 (four-digit years
    /// in XML; Python's `datetime` holds years 1 to 9999).
    static func isReadableDate(_ t: Double) -> Bool {
        t.isFinite && t > -63_000_000_000 && t < 250_000_000_000
    }

    private mutating func dateLine(_ t: Double) {
        indent()
        out.append("<date>")
        out.isoDate(t)
        out.append("</date>")
        endLine()
    }

    /// `{"<key>": …}` with the value written by `body`.
    private mutating func tagged(_ key: String, _ body: (inout XMLPlistExportSink) -> Void) {
        beginDictionary()
        self.key(key)
        body(&self)
        endDictionary()
    }

    /// `<string>text</string>`, or `{"$utf8": <data>}` for text XML cannot carry.
    private mutating func string(_ s: String) {
        let mark = out.count
        indent()
        out.append("<string>")
        guard appendEscaped(s) else {
            out.truncate(to: mark)
            let bytes = Array(s.utf8)
            return tagged("$utf8") { $0.data(bytes) }
        }
        out.append("</string>")
        endLine()
    }

    /// Appends `s` with `&`, `<`, `>` as entities and CR as `&#13;` (a parser reads a raw CR as LF);
    /// false, with part of it appended, when the text holds a character XML 1.0 does not allow
    /// (controls other than tab and LF, U+FFFE and U+FFFF, whose UTF-8 is EF BF BE and EF BF BF).
    private mutating func appendEscaped(_ s: String) -> Bool {
        var text = s
        return text.withUTF8 { utf8 in
            let n = utf8.count
            var start = 0, i = 0
            while i < n {
                let b = utf8[i]
                if b >= 0x20, b != 0x26, b != 0x3C, b != 0x3E, b != 0xEF { i += 1; continue }
                out.append(UnsafeBufferPointer(rebasing: utf8[start..<i]))
                switch b {
                case 0x26: out.append("&amp;")
                case 0x3C: out.append("&lt;")
                case 0x3E: out.append("&gt;")
                case 0x0D: out.append("&#13;")
                case 0x09, 0x0A: out.append(b)
                case 0xEF:
                    if i + 2 < n, utf8[i + 1] == 0xBF, utf8[i + 2] == 0xBE || utf8[i + 2] == 0xBF { return false }
                    out.append(b)
                default: return false
                }
                i += 1
                start = i
            }
            out.append(UnsafeBufferPointer(rebasing: utf8[start..<n]))
            return true
        }
    }

    public mutating func finish() {
        out.append("</plist>\n")
        out.flush()
    }
}

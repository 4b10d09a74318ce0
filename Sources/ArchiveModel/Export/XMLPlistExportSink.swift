/// Writes the resolved document as an XML property list (`plutil`'s layout: tabs, one element per
/// line), streamed in chunks.
///
/// What a plist has no type for becomes a dictionary with one `$` key: null `{"$null": true}`; an
/// integer outside the 64-bit range `{"$integer": "<digits>"}`; a string with a character XML 1.0
/// cannot hold (controls other than tab, newline and CR; U+FFFE, U+FFFF) `{"$utf8": <data>}`; a
/// date with a fraction of a second, which an XML date cannot carry, `{"$date": <date>, "$seconds":
/// <real>}`. A UID is `{"CF$UID": n}`, as Apple writes it.
public struct XMLPlistExportSink: ExportSink {
    private var out: [UInt8] = []
    private var depth = 1
    private let write: ([UInt8]) -> Void

    public init(write: @escaping ([UInt8]) -> Void) {
        self.write = write
        text("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             + "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
             + "<plist version=\"1.0\">\n")
        depth = 0
    }

    private mutating func text(_ s: String) { out.append(contentsOf: s.utf8) }

    private mutating func line(_ s: String) {
        out.append(contentsOf: repeatElement(UInt8(ascii: "\t"), count: depth))
        text(s)
        out.append(UInt8(ascii: "\n"))
        if out.count > 1 << 16 { flush() }
    }

    private mutating func flush() {
        write(out)
        out.removeAll(keepingCapacity: true)
    }

    public mutating func beginArray() { line("<array>"); depth += 1 }
    public mutating func endArray() { depth -= 1; line("</array>") }
    public mutating func beginDictionary() { line("<dict>"); depth += 1 }
    public mutating func endDictionary() { depth -= 1; line("</dict>") }
    /// Keys that held a character XML 1.0 cannot hold, written with it as `\u{1}` (a key must be a
    /// `<key>`, so it cannot become `{"$utf8": …}`): lossy, which the command line says.
    public private(set) var replacedKeys = 0

    public mutating func key(_ key: String) {
        if let escaped = Self.escaped(key) { return line("<key>" + escaped + "</key>") }
        replacedKeys += 1
        var text = ""
        for scalar in key.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: text.unicodeScalars.append(scalar)
            case 0..<0x20, 0xFFFE, 0xFFFF: text += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        line("<key>" + (Self.escaped(text) ?? "") + "</key>")
    }

    public mutating func scalar(_ value: ExportScalar) {
        switch value {
        case .null: tagged("$null") { $0.line("<true/>") }
        case .bool(let b): line(b ? "<true/>" : "<false/>")
        case .integer(let i):
            if i >= Int128(Int64.min) && i <= Int128(UInt64.max) { line("<integer>\(i)</integer>") } else { tagged("$integer") { $0.line("<string>\(i)</string>") } }
        case .real(let d): line("<real>" + Self.real(d) + "</real>")
        case .string(let s): element("string", s)
        case .data(let d): line("<data>" + Base64.encode(d) + "</data>")
        case .date(let t):
            // Four-digit years only (what CF and Python parse), whole seconds only (what the element holds).
            let whole = t.rounded(.down), plain = t.isFinite && t > -63_000_000_000 && t < 250_000_000_000
            if plain, whole == t { line("<date>" + ValueFormatter.isoDate(t) + "</date>"); return }
            beginDictionary()
            if plain { key("$date"); line("<date>" + ValueFormatter.isoDate(whole) + "</date>") }
            key("$seconds"); line("<real>" + Self.real(t) + "</real>")
            endDictionary()
        case .uid(let u): tagged("CF$UID") { $0.line("<integer>\(u)</integer>") }
        }
    }

    /// `{"<key>": …}` with the value written by `body`.
    private mutating func tagged(_ key: String, _ body: (inout XMLPlistExportSink) -> Void) {
        beginDictionary()
        self.key(key)
        body(&self)
        endDictionary()
    }

    /// `<name>text</name>`, or `{"$utf8": <data>}` for text XML cannot carry.
    private mutating func element(_ name: String, _ s: String) {
        guard let escaped = Self.escaped(s) else {
            let bytes = Array(s.utf8)
            return tagged("$utf8") { $0.line("<data>" + Base64.encode(bytes) + "</data>") }
        }
        line("<\(name)>" + escaped + "</\(name)>")
    }

    /// `&`, `<`, `>` as entities and CR as `&#13;` (a parser reads a raw CR as LF); nil when the text
    /// holds a character XML 1.0 does not allow.
    static func escaped(_ s: String) -> String? {
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x26 && $0 != 0x3C && $0 != 0x3E && $0 < 0x7F }) { return s }
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0x26: out += "&amp;"
            case 0x3C: out += "&lt;"
            case 0x3E: out += "&gt;"
            case 0x0D: out += "&#13;"
            case 0x09, 0x0A: out.unicodeScalars.append(scalar)
            case 0..<0x20, 0xFFFE, 0xFFFF: return nil
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A real as CF and Python read it back: the shortest round-trip form, `nan`, `+infinity`, `-infinity`.
    static func real(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-infinity" : "+infinity" }
        return "\(d)"
    }

    public mutating func finish() {
        text("</plist>\n")
        flush()
    }
}

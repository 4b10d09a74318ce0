import ArchiveCore

/// A minimal streaming JSON writer: strings are escaped per RFC 8259 (controls as `\u00XX`), numbers
/// that JSON cannot express (NaN, infinities) are written as strings.
///
/// Objects and arrays are written with `beginObject()`/`endObject()` and `beginArray()`/`endArray()`;
/// each member begins with `field(_:)` and each array element with `element()`, which write the comma
/// when one is due (one bit per open container, no allocation per value), then the value follows as
/// `string`, `int`, `number`, `bool`, `null`, `raw` or a nested container:
///
///     w.beginObject(); w.field("ids"); w.beginArray()
///     for id in ids { w.element(); w.int(id) }
///     w.endArray(); w.field("name"); w.string(name); w.endObject()   // {"ids":[1,2],"name":"x"}
package struct JSONWriter {
    private var bytes: [UInt8] = []
    /// Whether each open container already holds a member, innermost in bit 0: a shift register of
    /// the 64 innermost levels, with the flags of deeper levels moved out to `outerLevels`. The level
    /// below every container (the document itself) is bit 0 when nothing is open, so consecutive
    /// `element()` calls there separate top-level values too.
    private var levels: UInt64 = 0
    /// Flags shifted out of `levels`, outermost first; empty unless more than 63 containers are open.
    private var outerLevels: [Bool] = []
    /// Containers open.
    private var depth = 0

    package init() {}

    /// The text written so far.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Bytes written so far.
    package var count: Int { bytes.count }

    package mutating func raw(_ s: String) {
        // Literals and native strings are contiguous UTF-8: one copy, no per-byte iteration.
        if s.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil { bytes.append(contentsOf: s.utf8) }
    }

    /// An integer in decimal, written without making a `String` of it.
    package mutating func int<T: BinaryInteger>(_ value: T) {
        guard let small = Int64(exactly: value) else { return raw(String(value)) }
        decimal(small)
    }

    /// `int(_:)` of an `Int` (ids, offsets, versions, widths: most numbers `--json` writes), a single
    /// digit appended as it is, without the generic conversion or the digit buffer.
    package mutating func int(_ value: Int) {
        if value >= 0, value < 10 { return bytes.append(UInt8(truncatingIfNeeded: value) &+ UInt8(ascii: "0")) }
        decimal(Int64(value))
    }

    /// `value` in decimal, written without making a `String` of it.
    private mutating func decimal(_ small: Int64) {
        if small < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = small.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 20 digits, written from the end
        withUnsafeMutableBytes(of: &digits) { buffer in
            var i = buffer.count
            repeat {
                i -= 1
                buffer[i] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[i...]))
        }
    }

    /// A name from the file system or a container (a path, a ZIP entry's name) as JSON output holds it:
    /// the exact text when its bytes are UTF-8, else escaped as every text output shows it
    /// (`bad\xff\e[31m`), since a JSON string holds only Unicode. The one rule for names in JSON: a
    /// single file's `file` (`ArchiveDocument.nameIsExact`), a source's `source`, `place` and `file`.
    package static func nameText(_ bytes: [UInt8]) -> String {
        String(validating: bytes, as: UTF8.self) ?? DisplayText.escape(bytes: bytes)
    }

    package mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = s
        text.withUTF8 { appendEscaped($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Valid UTF-8 (a `String`'s) as the inside of a JSON string, read byte by byte: runs that need no
    /// escape are copied whole, and a scalar is decoded only where a lead byte starts one, to tell
    /// whether it is written as `\uXXXX` (`escape(_:)` says which). Escaping a string scalar by scalar
    /// made a `String` of each scalar: a fifth of a typedstream's `--json`, whose strings have accents.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0, i = 0
        let n = utf8.count
        while i < n {
            let lead = utf8[i]
            if lead >= 0x20, lead < 0x7F, lead != 0x22, lead != 0x5C {
                i += 1
                continue
            }
            // A lead byte of valid UTF-8 says the length: 0xxxxxxx, 110xxxxx, 1110xxxx, 11110xxx.
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard i + length <= n else { break }
            var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0x7F >> length)
            for k in 1..<length { value = value << 6 | UInt32(utf8[i + k] & 0x3F) }
            if length > 1, !Self.isEscaped(value) {
                i += length
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
            escape(value)
            i += length
            runStart = i
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<n]))
    }

    /// Whether a scalar past ASCII is written as `\uXXXX`: C1 controls and invisible formats.
    private static func isEscaped(_ value: UInt32) -> Bool {
        (0x80..<0xA0).contains(value) || DisplayText.isInvisibleFormat(value)
    }

    /// An ASCII byte that needs an escape, or a scalar `isEscaped` names.
    private mutating func escape(_ value: UInt32) {
        switch value {
        case 0x22: raw("\\\"")
        case 0x5C: raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        case 0x10000...:
            // Above U+FFFF (the tag characters U+E0000…) as a UTF-16 surrogate pair, as JSON requires:
            // `\ue0001` would read as U+E000 followed by "1".
            let offset = value - 0x10000
            unicodeEscape(0xD800 + offset >> 10)
            unicodeEscape(0xDC00 + offset & 0x3FF)
        default:
            unicodeEscape(value)
        }
    }

    /// `\u` and four lower-case hex digits.
    private mutating func unicodeEscape(_ unit: UInt32) {
        let hex: StaticString = "0123456789abcdef"
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(hex.utf8Start[Int(unit >> UInt32(shift) & 0xF)])
        }
    }

    // MARK: Structure

    /// `{`, opening an object whose members are each begun with `field(_:)`.
    package mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        push()
    }

    /// `}`, closing the innermost container.
    package mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        pop()
    }

    /// `[`, opening an array whose elements are each begun with `element()`.
    package mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        push()
    }

    /// `]`, closing the innermost container.
    package mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        pop()
    }

    /// Begins a member of the innermost object: a comma when it is not the first, then `"key":`.
    /// The member's value follows.
    package mutating func field(_ key: String) {
        separate()
        string(key)
        bytes.append(UInt8(ascii: ":"))
    }

    /// `field(_:)` for a name quoted once (`JSONKey`): its bytes are copied as they are.
    package mutating func field(_ key: JSONKey) {
        separate()
        bytes.append(contentsOf: key.quoted)
    }

    /// Begins an element of the innermost array: a comma when it is not the first. The element's
    /// value follows.
    package mutating func element() {
        separate()
    }

    /// `true` or `false`.
    package mutating func bool(_ b: Bool) {
        raw(b ? "true" : "false")
    }

    /// `null`.
    package mutating func null() {
        raw("null")
    }

    private mutating func separate() {
        if levels & 1 != 0 { bytes.append(UInt8(ascii: ",")) }
        levels |= 1
    }

    private mutating func push() {
        if depth >= 63 { outerLevels.append(levels >> 63 != 0) }
        levels <<= 1
        depth += 1
    }

    private mutating func pop() {
        // Closing more than was opened is the caller's mistake; the bytes are written, the flags kept.
        guard depth > 0 else { return }
        depth -= 1
        levels >>= 1
        if depth >= 63, let outer = outerLevels.popLast(), outer { levels |= 1 << 63 }
    }

    package mutating func number(_ d: Double) {
        if d.isFinite { real(d) } else { string(ValueFormatter.real(d)) }
    }

    /// Writes `"key":` (with a comma before it unless `first`), outside the bookkeeping of
    /// `beginObject()` and `field(_:)`, which callers use instead.
    package mutating func key(_ k: String, first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        string(k)
        bytes.append(UInt8(ascii: ":"))
    }

    /// A finite real as Swift's shortest round-trip form (`"\(d)"`), formatted into the bytes.
    package mutating func real(_ d: Double) {
        ByteFormat.real(d, into: &bytes)
    }

    /// Data as a base64 string (`"AAEC"`), formatted into the bytes.
    package mutating func base64String(_ data: [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        ByteFormat.base64(data, into: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `ValueFormatter.isoDate(seconds)` as a string (its text needs no escape), formatted into the bytes.
    package mutating func isoDateString(_ seconds: Double) {
        bytes.append(UInt8(ascii: "\""))
        ByteFormat.isoDate(seconds, into: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Passes the bytes written so far to `write`, leaving the writer empty (no `String` made).
    package mutating func drain(_ write: ([UInt8]) -> Void) {
        guard !bytes.isEmpty else { return }
        write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Takes the text written so far, leaving the writer empty (for streaming large documents).
    package mutating func flush() -> String {
        defer { bytes.removeAll(keepingCapacity: true) }
        return text
    }
}

import ArchiveCore

/// Scans a quoted OpenStep string (`"…"` or `'…'`) and decodes its backslash escapes as CF's
/// `parseQuotedPlistString` and `getSlashedChar` do.
struct OpenStepQuotedString {
    /// The decoded text.
    var text = ""
    /// Offset one past the closing quote, or the end of the input when unterminated.
    var end = 0
    var terminated = false
    /// Problems found, each with the bytes it is about.
    var issues: [(OpenStepIssue, ByteRange)] = []

    /// UTF-8 of the text, built only once an escape is seen (a plain string is decoded in one go).
    private var out: [UInt8] = []
    /// A `\U` high surrogate waiting for a `\U` low surrogate right after it: the unit and its bytes.
    private var pendingHigh: (unit: UInt32, range: ByteRange)?

    /// Scans the string whose opening quote is at `start`.
    static func scan(_ r: OpenStepReader, at start: Int) -> OpenStepQuotedString {
        var s = OpenStepQuotedString()
        let quote = r.byte(at: start)
        let count = r.count
        var i = start + 1
        var segment = i
        var escaped = false
        while i < count {
            let b = r.bytes[i]
            if b == quote {
                s.terminated = true
                break
            }
            guard b == UInt8(ascii: "\\") else {
                i += 1
                continue
            }
            escaped = true
            s.appendLiteral(r, segment, i)
            guard i + 1 < count else {
                // A backslash as the last byte: CF's "unterminated backslash sequence".
                i = count
                segment = count
                break
            }
            let next = s.decodeEscape(r, at: i)
            i = next.resume
            segment = next.segment
        }
        let stop = min(i, count)
        if escaped {
            s.appendLiteral(r, segment, stop)
            s.flushHigh()
            s.text = String(decoding: s.out, as: UTF8.self)
        } else {
            s.text = r.text(ByteRange(start + 1, stop))
        }
        s.end = s.terminated ? stop + 1 : count
        if !s.terminated {
            let quoteText = quote == UInt8(ascii: "'") ? "\"'\"" : "'\"'"
            s.issues.append((.unterminatedString(quote: quoteText, length: count - start), ByteRange(start, count)))
        }
        return s
    }

    /// Appends the literal bytes `[from, to)`.
    private mutating func appendLiteral(_ r: OpenStepReader, _ from: Int, _ to: Int) {
        guard from < to else { return }
        flushHigh()
        out.append(contentsOf: UnsafeRawBufferPointer(rebasing: r.bytes[from..<to]))
    }

    private mutating func appendScalar(_ scalar: Unicode.Scalar) {
        out.append(contentsOf: String(Character(scalar)).utf8)
    }

    /// A pending high surrogate that found no low half becomes U+FFFD.
    private mutating func flushHigh() {
        guard let high = pendingHigh else { return }
        pendingHigh = nil
        issues.append((.loneSurrogate(unit: high.unit), high.range))
        appendScalar("\u{FFFD}")
    }

    /// Decodes the escape whose backslash is at `i` (a byte follows it). Returns where scanning
    /// resumes and where the next literal segment starts.
    private mutating func decodeEscape(_ r: OpenStepReader, at i: Int) -> (resume: Int, segment: Int) {
        let c = r.bytes[i + 1]
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            return octal(r, at: i)
        case UInt8(ascii: "U"):
            return unicode(r, at: i)
        case UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"),
             UInt8(ascii: "t"), UInt8(ascii: "v"):
            flushHigh()
            appendScalar(Self.control(c))
            return (i + 2, i + 2)
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"), 0x0A, 0x0D:
            break
        default:
            let length = r.characterLength(at: i + 1)
            issues.append((.unknownEscape(escape: r.text(ByteRange(i, i + 1 + length))), ByteRange(i, i + 1 + length)))
        }
        // CF keeps the character after the backslash: it starts the next literal segment. Skipping
        // its first byte keeps an escaped quote from ending the string.
        flushHigh()
        return (i + 2, i + 1)
    }

    /// `\ooo`: at most three octal digits. CF maps the resulting byte through the NeXTSTEP encoding
    /// (`kCFStringEncodingNextStepLatin`); here the byte value is taken as the Unicode scalar of the
    /// same number (ASCII is identical; bytes 0x80–0xFF differ from NeXTSTEP's table).
    private mutating func octal(_ r: OpenStepReader, at i: Int) -> (resume: Int, segment: Int) {
        var value = 0
        var j = i + 1
        while j < i + 4, let d = r.byte(at: j), d >= UInt8(ascii: "0"), d <= UInt8(ascii: "7") {
            value = value * 8 + Int(d - UInt8(ascii: "0"))
            j += 1
        }
        let byte = UInt8(truncatingIfNeeded: value)
        if value > 0xFF {
            issues.append((.octalOverflow(escape: r.text(ByteRange(i, j)), byte: byte), ByteRange(i, j)))
        }
        flushHigh()
        appendScalar(Unicode.Scalar(byte))
        return (j, j)
    }

    /// `\Uxxxx`: up to four hex digits, one UTF-16 unit; a high and a low surrogate in a row combine.
    private mutating func unicode(_ r: OpenStepReader, at i: Int) -> (resume: Int, segment: Int) {
        var unit: UInt32 = 0
        var j = i + 2
        while j < i + 6, let d = r.byte(at: j), let v = OpenStepReader.hexValue(d) {
            unit = unit << 4 | UInt32(v)
            j += 1
        }
        let range = ByteRange(i, j)
        if j < i + 6 { issues.append((.shortUnicodeEscape(escape: r.text(range)), range)) }
        switch unit {
        case 0xD800...0xDBFF:
            flushHigh()
            pendingHigh = (unit, range)
        case 0xDC00...0xDFFF:
            if let high = pendingHigh {
                pendingHigh = nil
                let combined = 0x10000 + ((high.unit - 0xD800) << 10) + (unit - 0xDC00)
                appendScalar(Unicode.Scalar(combined) ?? "\u{FFFD}")
            } else {
                issues.append((.loneSurrogate(unit: unit), range))
                appendScalar("\u{FFFD}")
            }
        default:
            flushHigh()
            appendScalar(Unicode.Scalar(unit) ?? "\u{FFFD}")
        }
        return (j, j)
    }

    /// The control character of `\a \b \f \n \r \t \v`.
    private static func control(_ c: UInt8) -> Unicode.Scalar {
        switch c {
        case UInt8(ascii: "a"): "\u{07}"
        case UInt8(ascii: "b"): "\u{08}"
        case UInt8(ascii: "f"): "\u{0C}"
        case UInt8(ascii: "n"): "\n"
        case UInt8(ascii: "r"): "\r"
        case UInt8(ascii: "t"): "\t"
        default: "\u{0B}"
        }
    }
}

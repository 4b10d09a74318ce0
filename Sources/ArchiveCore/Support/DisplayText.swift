/// Makes text from an input safe to show on a terminal or in a text dump.
///
/// C0/C1 controls, DEL, bidi overrides, zero-width and other invisible format characters and U+FFFD
/// (from invalid UTF-8) are shown as visible escapes, so nothing from a file can move the cursor,
/// change colours or reorder text.
public enum DisplayText {
    /// `text` with every unsafe scalar escaped (`\n`, `\t`, `\e`, `\u{202E}` …) and backslashes doubled.
    public static func escape(_ text: String) -> String {
        // Printable ASCII needs no escape but for the backslash: most keys, names and values. Checked
        // over contiguous bytes, one unsigned compare each (every row's label and summary comes here).
        if isPlainASCII(text) { return text }
        return escapeScalars(text, keepingBackslashes: false)
    }

    /// Bytes that should be UTF-8 text (a file name as the shell passed it), made safe to show: valid
    /// runs as `escape` shows text, and each byte that is not part of valid UTF-8 as `\xff`. A name
    /// with invalid bytes never reaches a `String` intact (they would become U+FFFD), so this is the
    /// one faithful display of it.
    public static func escape(bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return escape(text) }
        var out = "", runStart = 0, offset = 0
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        func flushRun() {
            if runStart < offset { out += escape(String(decoding: bytes[runStart..<offset], as: UTF8.self)) }
        }
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
            case .error(let length):
                flushRun()
                for byte in bytes[offset..<Swift.min(offset + length, bytes.count)] { out += "\\x" + byteHex(byte) }
                offset = Swift.min(offset + length, bytes.count)
                runStart = offset
            case .emptyInput:
                flushRun()
                return out
            }
        }
    }

    /// A message the library wrote (a diagnostic's, an invalid value's or a dangling reference's
    /// reason), made safe to show. Messages quote text from the file through `ValueFormatter.quoted`
    /// and the decoders' excerpts, which escape it as the message is made, so a backslash in a message
    /// belongs to one of those escapes and is kept (doubling it would show `\\"` for a quote); every
    /// other scalar `escape` replaces still is, so a message that carried raw text stays safe.
    package static func escapeMessage(_ message: String) -> String {
        if message.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return message }
        return escapeScalars(message, keepingBackslashes: true)
    }

    /// `text` with the scalars `escapeSequence` names replaced; runs that need none are copied whole.
    private static func escapeScalars(_ text: String, keepingBackslashes: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        let scalars = text.unicodeScalars
        var runStart = scalars.startIndex, i = runStart
        while i < scalars.endIndex {
            let next = scalars.index(after: i)
            if !(keepingBackslashes && scalars[i] == "\\"), let replacement = escapeSequence(for: scalars[i]) {
                out += text[runStart..<i]
                out += replacement
                runStart = next
            }
            i = next
        }
        out += text[runStart..<scalars.endIndex]
        return out
    }

    /// Whether `text` is printable ASCII without a backslash (so needs no escaping).
    static func isPlainASCII(_ text: String) -> Bool {
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte &- 0x20 >= 0x5F || byte == 0x5C { return false }
            return true
        }
        return plain ?? text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x5C })
    }

    /// Whether `text` needs no escaping.
    public static func isSafe(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { escapeSequence(for: $0) == nil }
    }

    static func escapeSequence(for scalar: Unicode.Scalar) -> String? {
        let v = scalar.value
        switch v {
        case 0x0A: return "\\n"
        case 0x09: return "\\t"
        case 0x0D: return "\\r"
        case 0x1B: return "\\e"
        case 0x5C: return "\\\\"
        case 0x00..<0x20, 0x7F..<0xA0: return "\\x" + byteHex(UInt8(truncatingIfNeeded: v))
        case 0xFFFD: return "\\u{FFFD}"
        default: break
        }
        if isInvisibleFormat(v) { return "\\u{" + String(v, radix: 16, uppercase: true) + "}" }
        return nil
    }

    /// Bidi controls, zero-width characters, line/paragraph separators and other invisible formats.
    package static func isInvisibleFormat(_ v: UInt32) -> Bool {
        switch v {
        case 0x00AD, 0x061C, 0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF, 0xFFF9...0xFFFB,
             0xE0000...0xE007F:
            return true
        default:
            return false
        }
    }
}

/// One-line, display-safe renderings of scalar values.
package enum ValueFormatter {
    /// Longest string shown in a summary before it is cut with `…`.
    package static let summaryLimit = 200

    /// A display-safe summary: strings quoted and escaped, data as size plus leading hex, dates in ISO 8601.
    package static func summary(_ value: ScalarValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .integer(let i, _): return String(i)
        case .real(let d, _): return real(d)
        case .string(let s): return quoted(s)
        case .data(let bytes): return dataSummary(bytes)
        case .date(let t): return isoDate(t)
        case .uid(let u): return "UID \(u)"
        }
    }

    /// `"text"`, escaped and cut to `summaryLimit` characters.
    package static func quoted(_ s: String) -> String { quoted(s, limit: summaryLimit) }

    /// `"text"`, escaped and cut to `limit` characters.
    package static func quoted(_ s: String, limit: Int) -> String {
        "\"" + DisplayText.escape(cut(s, limit: limit)).replacingQuotes() + "\""
    }

    /// Text from the file as a message or label quotes it: cut to `summaryLimit` characters, escaped.
    /// A diagnostic raised for each of many objects must not carry a long key or name in full each time.
    package static func excerpt(_ s: String) -> String {
        DisplayText.escape(cut(s))
    }

    /// `s` cut to `limit` characters with `…` after it, reading only what it keeps (counting the
    /// characters of a 50 MB string at every row that shows it would read all of it each time). At most
    /// two scalars per character are kept: one character can hold any number of combining marks, and a
    /// key of one letter with 100,000 accents on it must be cut too.
    package static func cut(_ s: String, limit: Int = summaryLimit) -> String {
        cutMarked(s, limit: limit).text
    }

    /// `cut(_:limit:)`, and whether it cut anything.
    package static func cutMarked(_ s: String, limit: Int = summaryLimit) -> (text: String, wasCut: Bool) {
        guard s.utf8.count > limit else { return (s, false) }
        let scalarEnd = s.unicodeScalars.index(s.startIndex, offsetBy: limit * 2, limitedBy: s.endIndex) ?? s.endIndex
        // A copy of at most 2 × limit scalars: character breaks in a slice of one long character would
        // be looked for through the whole character.
        let head = String(s[..<scalarEnd])
        let shown = head.prefix(limit)
        return scalarEnd == s.endIndex && shown.endIndex == head.endIndex ? (s, false) : (String(shown) + "…", true)
    }

    /// `"text"` escaped and whole, however long (`--dump --full-values`).
    package static func quotedInFull(_ s: String) -> String {
        "\"" + DisplayText.escape(s).replacingQuotes() + "\""
    }

    /// `N bytes <hex of every byte>` (`--dump --full-values`).
    package static func dataInFull(_ bytes: [UInt8]) -> String {
        var hex = ""
        hex.reserveCapacity(bytes.count * 2)
        for b in bytes { hex += byteHex(b) }
        return "\(byteCount(bytes.count)) <\(hex)>"
    }

    /// `16 bytes <0a1b…>`.
    package static func dataSummary(_ bytes: [UInt8]) -> String {
        let head = bytes.prefix(16).map { byteHex($0) }.joined()
        return "\(byteCount(bytes.count)) <\(head)\(bytes.count > 16 ? "…" : "")>"
    }

    /// `1 byte`, `0 bytes`, `16 bytes`.
    package static func byteCount(_ n: Int) -> String { n == 1 ? "1 byte" : "\(n) bytes" }

    /// A real without a trailing `.0` noise for whole numbers, and `nan`/`inf` spelled out.
    package static func real(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        return "\(d)"
    }

    /// ISO 8601 (UTC) for seconds since 2001-01-01T00:00:00Z, with fractional seconds when present.
    package static func isoDate(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return "invalid date (\(real(seconds)) s since 2001)" }
        let whole = seconds.rounded(.down)
        let total = Int64(whole) + 978_307_200 // 2001-01-01 in Unix time
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secs = total - days * 86_400
        let (y, m, d) = civil(fromDays: days)
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        var text = "\(y)-\(two(m))-\(two(d))T\(two(secs / 3600)):\(two(secs / 60 % 60)):\(two(secs % 60))"
        let fraction = seconds - whole
        if fraction > 0 {
            let ms = Int64((fraction * 1000).rounded())
            if ms > 0 && ms < 1000 { text += "." + String(String(ms + 1000).dropFirst()) }
        }
        return text + "Z"
    }

    /// Proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
    package static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

extension String {
    /// Each `"` preceded by a backslash (a quote byte never occurs inside a multi-byte character).
    fileprivate func replacingQuotes() -> String {
        guard utf8.contains(0x22) else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 8)
        for b in utf8 {
            if b == 0x22 { out.append(0x5C) }
            out.append(b)
        }
        return String(decoding: out, as: UTF8.self)
    }
}

import ArchiveCore
import XMLPlist

/// Scans an OpenStep data value `<0fbd 77>` (CF `parsePlistData`/`getDataBytes`), a GNUstep typed
/// value `<*I5>`, or GNUstep base64 data `<[D6+3]>`, starting at its `<`.
struct OpenStepDataScanner {
    var value: PlistValue = .data([])
    /// Offset one past the `>`, or where scanning stopped.
    var end = 0
    var issues: [(OpenStepIssue, ByteRange)] = []

    /// Longest GNUstep value text quoted in a message.
    static let quoteLimit = 60

    static func scan(_ r: OpenStepReader, at start: Int) -> OpenStepDataScanner {
        if r.byte(at: start + 1) == UInt8(ascii: "*") { return gnustep(r, at: start) }
        if r.byte(at: start + 1) == UInt8(ascii: "[") { return gnustepBase64(r, at: start) }
        var s = OpenStepDataScanner()
        var bytes: [UInt8] = []
        var i = start + 1
        while true {
            guard let b = r.byte(at: i) else {
                s.issues.append((.unterminatedData(found: r.describe(at: i)), ByteRange(start, i)))
                break
            }
            if b == UInt8(ascii: ">") {
                i += 1
                break
            }
            if let high = OpenStepReader.hexValue(b) {
                // Digits come in pairs; whitespace may separate pairs but not split one.
                if let c = r.byte(at: i + 1), let low = OpenStepReader.hexValue(c) {
                    bytes.append(high << 4 | low)
                    i += 2
                } else {
                    s.issues.append((.unevenData(digit: r.describe(at: i)), ByteRange(i, i + 1)))
                    i += 1
                }
                continue
            }
            let space = spaceLength(r, at: i)
            if space > 0 {
                i += space
                continue
            }
            if endsData(b) {
                // Most likely the '>' was lost: end the data here and let the container go on.
                s.issues.append((.unterminatedData(found: r.describe(at: i)), ByteRange(start, i)))
                break
            }
            let junkEnd = invalidRunEnd(r, from: i)
            s.issues.append((.invalidDataCharacter(found: r.describe(at: i)), ByteRange(i, junkEnd)))
            i = junkEnd
        }
        s.value = .data(bytes)
        s.end = i
        return s
    }

    /// Whitespace CF allows inside data: space, LF, tab, CR, U+2028, U+2029 (not VT or FF).
    private static func spaceLength(_ r: OpenStepReader, at i: Int) -> Int {
        switch r.byte(at: i) {
        case 0x20, 0x0A, 0x09, 0x0D: 1
        default: r.isLineSeparator(at: i) ? 3 : 0
        }
    }

    /// Punctuation that cannot be inside data but can follow a value.
    private static func endsData(_ b: UInt8) -> Bool {
        OpenStepReader.isStructural(b) && !OpenStepReader.isUnquoted(b)
    }

    /// End of a run of bytes that are neither hex digits, whitespace, `>` nor punctuation.
    private static func invalidRunEnd(_ r: OpenStepReader, from i: Int) -> Int {
        var j = i + max(1, r.characterLength(at: i))
        while let b = r.byte(at: j), OpenStepReader.hexValue(b) == nil, b != UInt8(ascii: ">"),
              spaceLength(r, at: j) == 0, !endsData(b) {
            j += max(1, r.characterLength(at: j))
        }
        return j
    }

    /// `<*` type letter, payload, `>` on one line.
    private static func gnustep(_ r: OpenStepReader, at start: Int) -> OpenStepDataScanner {
        var s = OpenStepDataScanner()
        var i = start + 2
        while let b = r.byte(at: i), b != UInt8(ascii: ">"), b != 0x0A, b != 0x0D { i += 1 }
        guard r.byte(at: i) == UInt8(ascii: ">") else {
            s.issues.append((.unterminatedData(found: r.describe(at: i)), ByteRange(start, i)))
            s.value = .invalid("GNUstep typed value without its closing '>'")
            s.end = i
            return s
        }
        s.end = i + 1
        let range = ByteRange(start, s.end)
        let payload = Array(UnsafeRawBufferPointer(rebasing: r.bytes[(start + 2)..<i]))
        var text = r.text(ByteRange(start, min(s.end, start + quoteLimit)))
        if s.end > start + quoteLimit { text += "…" }
        switch OpenStepGNUstepValue.decode(payload) {
        case .success(let value):
            s.value = value
            s.issues.append((.gnustepValue(text: text, meaning: OpenStepGNUstepValue.describe(value, payload: payload)), range))
        case .failure(let reason):
            s.value = .invalid("malformed GNUstep typed value: \(reason.text)")
            s.issues.append((.gnustepMalformed(text: text, reason: reason.text), range))
        }
        return s
    }

    /// GNUstep's base64 data, `<[` base64 `]>` (GNUstep's parser reads up to the `]`, then wants `>`).
    private static func gnustepBase64(_ r: OpenStepReader, at start: Int) -> OpenStepDataScanner {
        var s = OpenStepDataScanner()
        var i = start + 2
        while let b = r.byte(at: i), b != UInt8(ascii: "]") { i += 1 }
        guard r.byte(at: i) == UInt8(ascii: "]") else {
            s.issues.append((.unterminatedData(found: r.describe(at: i)), ByteRange(start, i)))
            s.value = .invalid("GNUstep base64 data without its closing ']>'")
            s.end = i
            return s
        }
        let decoded = XMLBase64Decoder.decode(UnsafeRawBufferPointer(rebasing: r.bytes[(start + 2)..<i]))
        let closed = r.byte(at: i + 1) == UInt8(ascii: ">")
        s.end = closed ? i + 2 : i + 1
        s.value = .data(decoded.bytes)
        let range = ByteRange(start, s.end)
        // Base64 may run over lines: the quote is escaped (`\n`), as messages hold no control characters.
        var text = DisplayText.escape(r.text(ByteRange(start, min(s.end, start + quoteLimit))))
        if s.end > start + quoteLimit { text += "…" }
        var problems: [String] = []
        if !closed { problems.append("']' is not followed by '>'") }
        if decoded.invalidCount + decoded.ignoredCount > 0 {
            problems.append(English.count(decoded.invalidCount + decoded.ignoredCount, "character") + " that are not base64, skipped")
        }
        if decoded.leftoverDigits > 0 { problems.append(English.count(decoded.leftoverDigits, "base64 digit") + " after the last group of 4, dropped") }
        if problems.isEmpty {
            s.issues.append((.gnustepBase64(text: text, count: decoded.bytes.count), range))
        } else {
            s.issues.append((.gnustepMalformed(text: text, reason: problems.joined(separator: "; ")), range))
        }
        return s
    }
}

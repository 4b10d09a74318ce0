import ArchiveCore

/// Decodes the content of a text element: expands the entity references CF knows
/// (`&lt; &gt; &amp; &apos; &quot; &#NNN; &#xHHHH;`, FORMATS.md §B.2), appends CDATA payloads verbatim,
/// drops comments, and records control characters and invalid UTF-8 on the way. Unknown references
/// are kept literally. Linear in the content length.
package struct XMLTextDecoder {
    let buffer: UnsafeRawBufferPointer

    package init(buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
    }

    /// Decodes `segments` (the content of one element, in order).
    package func decode(_ segments: [XMLLeafSegment]) -> XMLLeafText {
        var result = XMLLeafText()
        // Fast path: a single stretch of text without `&` is its own decoding.
        if segments.count == 1, case .text(let range) = segments[0] {
            let hasAmpersand = scan(range, into: &result.findings)
            if !hasAmpersand {
                result.raw = range
                return result
            }
        } else if segments.isEmpty {
            return result
        }
        var out: [UInt8] = []
        for segment in segments {
            switch segment {
            case .text(let range):
                if segments.count != 1 { _ = scan(range, into: &result.findings) }
                expand(range, into: &out, findings: &result.findings)
            case .cdata(let range):
                _ = scan(range, into: &result.findings)
                if result.findings.firstCDATA == nil { result.findings.firstCDATA = range }
                append(range, to: &out)
            case .skipped(let kind, let range):
                if result.findings.firstSkipped == nil { result.findings.firstSkipped = (kind, range) }
            case .literal(let range):
                append(range, to: &out)
            }
        }
        result.bytes = out
        return result
    }

    /// Counts control characters and checks UTF-8 in `range`; returns whether it contains `&`.
    private func scan(_ range: ByteRange, into findings: inout XMLTextFindings) -> Bool {
        var hasAmpersand = false
        var hasNonASCII = false
        var i = range.start
        while i < range.end {
            let b = buffer[i]
            if b < 0x20 {
                if b != 0x09 && b != 0x0A && b != 0x0D {
                    findings.controlCount += 1
                    findings.controlSet |= 1 << UInt32(b)
                    if findings.firstControl == nil { findings.firstControl = i }
                }
            } else if b == UInt8(ascii: "&") {
                hasAmpersand = true
            } else if b >= 0x80 {
                hasNonASCII = true
            }
            i += 1
        }
        if hasNonASCII { validateUTF8(range, into: &findings) }
        return hasAmpersand
    }

    /// Expands entity references in `range`, appending to `out`.
    private func expand(_ range: ByteRange, into out: inout [UInt8], findings: inout XMLTextFindings) {
        var runStart = range.start
        var i = range.start
        while i < range.end {
            guard let amp = find(UInt8(ascii: "&"), in: ByteRange(i, range.end)) else { break }
            append(ByteRange(runStart, amp), to: &out)
            if findings.firstEntity == nil { findings.firstEntity = amp }
            i = expandReference(at: amp, end: range.end, into: &out, findings: &findings)
            runStart = i
        }
        append(ByteRange(runStart, range.end), to: &out)
    }

    /// Expands the reference starting at `amp` (a `&`); returns the offset after what was consumed.
    private func expandReference(at amp: Int, end: Int, into out: inout [UInt8], findings: inout XMLTextFindings) -> Int {
        // A reference is `&` + up to 32 name characters + `;`.
        var j = amp + 1
        while j < end, j - amp <= 33, isReferenceByte(buffer[j]) { j += 1 }
        guard j < end, buffer[j] == UInt8(ascii: ";"), j > amp + 1 else {
            findings.noteEntityProblem(.unterminated, ByteRange(amp, Swift.min(j + 1, end)))
            out.append(UInt8(ascii: "&"))
            return amp + 1
        }
        let reference = ByteRange(amp, j + 1)
        let name = UnsafeRawBufferPointer(rebasing: buffer[(amp + 1)..<j])
        if let ascii = Self.namedEntity(name) {
            out.append(ascii)
        } else if name[0] == UInt8(ascii: "#") {
            if let scalar = Self.characterReference(name) {
                Self.appendUTF8(scalar, to: &out)
            } else {
                findings.noteEntityProblem(.invalidCodePoint, reference)
                append(reference, to: &out)
            }
        } else {
            findings.noteEntityProblem(.unknown, reference)
            append(reference, to: &out)
        }
        return j + 1
    }

    /// `lt gt amp apos quot` (allocation-free: this runs for every reference).
    static func namedEntity(_ name: UnsafeRawBufferPointer) -> UInt8? {
        func spells(_ word: StaticString) -> Bool {
            guard name.count == word.utf8CodeUnitCount else { return false }
            for k in 0..<name.count where name[k] != word.utf8Start[k] { return false }
            return true
        }
        if spells("lt") { return UInt8(ascii: "<") }
        if spells("gt") { return UInt8(ascii: ">") }
        if spells("amp") { return UInt8(ascii: "&") }
        if spells("apos") { return UInt8(ascii: "'") }
        if spells("quot") { return UInt8(ascii: "\"") }
        return nil
    }

    /// Appends the UTF-8 encoding of `scalar`.
    static func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        let v = scalar.value
        switch v {
        case 0..<0x80:
            out.append(UInt8(v))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (v >> 6)))
            out.append(UInt8(0x80 | (v & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (v >> 12)))
            out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (v & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (v >> 18)))
            out.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    /// `#NNN` or `#xHHHH` (lowercase `x`, as CF) naming a Unicode scalar value; nil otherwise.
    static func characterReference(_ name: UnsafeRawBufferPointer) -> Unicode.Scalar? {
        var i = 1
        var radix: UInt32 = 10
        if name.count > 1, name[1] == UInt8(ascii: "x") {
            radix = 16
            i = 2
        }
        guard i < name.count else { return nil }
        var value: UInt32 = 0
        while i < name.count {
            guard let digit = hexValue(name[i]), digit < radix else { return nil }
            value = value * radix + digit
            if value > 0x10FFFF { return nil }
            i += 1
        }
        return Unicode.Scalar(value)
    }

    static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    @inline(__always)
    private func isReferenceByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "#")
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: ":")
    }

    // MARK: - UTF-8

    /// Records the invalid UTF-8 sequences in `range` (overlong forms, surrogates and values above
    /// U+10FFFF included), counting each maximal invalid prefix once, as `String(decoding:)` repairs them.
    private func validateUTF8(_ range: ByteRange, into findings: inout XMLTextFindings) {
        var i = range.start
        while i < range.end {
            let b = buffer[i]
            if b < 0x80 {
                i += 1
                continue
            }
            let length = validSequenceLength(at: i, end: range.end)
            if length > 0 {
                i += length
            } else {
                findings.invalidUTF8Count += 1
                if findings.firstInvalidUTF8 == nil { findings.firstInvalidUTF8 = i }
                i += Swift.max(1, invalidPrefixLength(at: i, end: range.end))
            }
        }
    }

    /// Length of the valid multi-byte sequence at `i`, or 0.
    private func validSequenceLength(at i: Int, end: Int) -> Int {
        let b = buffer[i]
        let (length, low, high): (Int, UInt8, UInt8)
        switch b {
        case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
        case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, low, high) = (3, 0x80, 0xBF)
        case 0xED: (length, low, high) = (3, 0x80, 0x9F)
        case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
        case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
        case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
        default: return 0
        }
        guard end - i >= length else { return 0 }
        let second = buffer[i + 1]
        guard second >= low, second <= high else { return 0 }
        for k in 2..<length where buffer[i + k] & 0xC0 != 0x80 { return 0 }
        return length
    }

    /// How many bytes one replacement character covers: the lead byte plus the continuation bytes that
    /// could still have completed it.
    private func invalidPrefixLength(at i: Int, end: Int) -> Int {
        var k = i + 1
        let lead = buffer[i]
        let expected = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 1
        while k < end, k - i < expected, buffer[k] & 0xC0 == 0x80 { k += 1 }
        return k - i
    }

    // MARK: - Helpers

    private func append(_ range: ByteRange, to out: inout [UInt8]) {
        guard range.count > 0 else { return }
        out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[range.start..<range.end]))
    }

    private func find(_ value: UInt8, in range: ByteRange) -> Int? {
        guard range.count > 0, let base = buffer.baseAddress else { return nil }
        guard let hit = Platform.firstByte(value, in: base + range.start, count: range.count) else { return nil }
        return base.distance(to: hit)
    }
}

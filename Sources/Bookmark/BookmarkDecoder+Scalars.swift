import ArchiveCore

extension BookmarkDecoder {
    /// Mac absolute time of 1984-01-01T00:00:00Z and 2100-01-01T00:00:00Z: dates outside are shown,
    /// with `bookmark.date.implausible` (no Mac file predates 1984; a date past 2100 is damage).
    static let plausibleDates: Range<Double> = -536_544_000..<3_124_137_600

    /// The value of a non-container item read from its payload, with the problems of its size, type,
    /// text or date; containers get `.raw` here and their links in `close`.
    mutating func scalar(_ type: BookmarkItemType, payload: ByteRange, cut: Bool, header: ByteRange) -> BookmarkValue {
        let lengthField = ByteRange(start: header.start, count: 4), typeField = ByteRange(start: header.start + 4, count: 4)
        if case .unknown(let code) = type {
            report(.itemUnknownType(code: code, at: header.start), typeField)
            return .raw
        }
        if let expected = Self.sizeProblem(type, payload.count) {
            // A cut payload was reported as such: its size says nothing about the type.
            if !cut {
                report(.itemBadSize(type: type, size: payload.count, expected: expected), lengthField,
                       notes: [DiagnosticNote("the type code", range: typeField)])
            }
            if type.requiredSize != nil { return .raw }
        }
        switch type {
        case .string: return .string(valid: checkText(type, payload))
        case .url: return .url(valid: checkText(type, payload))
        case .data: return .data
        case .integer(let width): return reader.signedLE(payload.start, width: width).map { .integer($0) } ?? .raw
        case .real(let width): return reader.realLE(payload.start, width: width).map { .real($0) } ?? .raw
        case .date:
            // Payload: a big-endian float64, seconds since 2001-01-01T00:00:00Z.
            guard let seconds = reader.doubleBE(payload.start) else { return .raw }
            if !Self.plausibleDates.contains(seconds) { report(.dateImplausible(seconds: seconds, key: nil), payload) }
            return .date(seconds)
        case .bool(let b): return .bool(b)
        case .uuid: return .uuid(reader.bytes(payload))
        case .null: return .null
        case .array, .dictionary, .relativeURL, .unknown: return .raw
        }
    }

    /// What the payload size should be, when `size` does not fit `type`.
    static func sizeProblem(_ type: BookmarkItemType, _ size: Int) -> String? {
        if let required = type.requiredSize, size != required {
            return required == 0 ? "the type has no payload" : "the type needs exactly \(English.count(required, "byte"))"
        }
        if let multiple = type.sizeMultiple, size % multiple != 0 {
            return "the payload must be a multiple of \(multiple) bytes (\(multiple == 4 ? "one offset per element" : "a key and a value offset per entry"))"
        }
        return nil
    }

    /// Whether the payload is valid UTF-8 (reported when not). Past `Limits.textScan` bytes checked in
    /// all, text is taken as valid unchecked: overlapping items in damaged data could make the scan
    /// quadratic in the input's size.
    mutating func checkText(_ type: BookmarkItemType, _ payload: ByteRange) -> Bool {
        guard textScanned <= Limits.textScan - payload.count else { return true }
        textScanned += payload.count
        let bytes = reader.bytes(payload)
        guard String(validating: bytes, as: UTF8.self) == nil else { return true }
        report(.itemInvalidUTF8(type: type, shown: DisplayText.escape(bytes: Array(bytes.prefix(64))) + (bytes.count > 64 ? "…" : "")), payload)
        return false
    }
}

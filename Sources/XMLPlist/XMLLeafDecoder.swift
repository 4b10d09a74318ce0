import ArchiveCore

/// A problem found in the content of a text element, before it is counted and located.
struct XMLLeafIssue: Sendable {
    var issue: XMLPlistIssue
    /// Bytes of the problem, in the text the scan read.
    var range: ByteRange
}

/// Decodes the content of one text element (`<string>`, `<integer>`, …) into its value and the
/// problems in it, from the content's bytes alone: the structural scan records where the content is,
/// and this runs when the node is read (or, for every node in order, in the full check).
struct XMLLeafDecoder {
    let buffer: UnsafeRawBufferPointer
    /// Maps offsets into a transcoded text back to the file (for offsets quoted in messages).
    let offsetMap: TextOffsetMap?

    private var decoded: PlistValue = .invalid("")
    private var issues: [XMLLeafIssue] = []
    private var withValue = true

    init(buffer: UnsafeRawBufferPointer, offsetMap: TextOffsetMap?) {
        self.buffer = buffer
        self.offsetMap = offsetMap
    }

    /// The value of a `kind` element whose content is `content`, and the problems in it in the order
    /// the decoder reports them; without `withValue` a string's value is left out (the check needs only
    /// the problems).
    static func decode(_ kind: XMLElementKind, content: ByteRange, buffer: UnsafeRawBufferPointer,
                       offsetMap: TextOffsetMap?, withValue: Bool = true) -> (value: PlistValue, issues: [XMLLeafIssue]) {
        var decoder = XMLLeafDecoder(buffer: buffer, offsetMap: offsetMap)
        decoder.withValue = withValue
        decoder.run(kind, content: content)
        return (decoder.decoded, decoder.issues)
    }

    /// The content of `content` as the parser met it: text, CDATA, skipped markup and stray `<`s. A tag
    /// ends a text element, so the only tag the content can hold is one cut off by the end of the input,
    /// which the parser does not read: reading the content again gives the same pieces.
    static func segments(_ content: ByteRange, in buffer: UnsafeRawBufferPointer) -> [XMLLeafSegment] {
        guard content.start < content.end, content.end <= buffer.count, content.start >= 0 else { return [] }
        var reader = XMLMarkupReader(UnsafeRawBufferPointer(rebasing: buffer[0..<content.end]), start: content.start)
        var segments: [XMLLeafSegment] = []
        while true {
            switch reader.next() {
            case .end: return segments
            case .text(let range): segments.append(.text(range))
            case .markup(let markup):
                switch markup.kind {
                case .cdata: segments.append(.cdata(markup.content))
                case let kind: segments.append(.skipped(kind, markup.range))
                }
            case .invalid(let range): segments.append(.literal(range))
            case .tag: return segments
            }
        }
    }

    private mutating func run(_ kind: XMLElementKind, content contentRange: ByteRange) {
        let text = XMLTextDecoder(buffer: buffer).decode(Self.segments(contentRange, in: buffer))
        reportMarkup(in: text.findings, kind: kind)
        switch kind {
        case .string, .key:
            if withValue { decoded = .string(text.string(in: buffer)) }
            reportTextProblems(text.findings, kind: kind)
        case .integer: finishInteger(text, content: contentRange)
        case .real: finishReal(text, content: contentRange)
        case .date: finishDate(text, content: contentRange)
        case .data: finishData(text, content: contentRange)
        default: decoded = .invalid("<\(kind.name)> is not a text element")
        }
    }

    private mutating func report(_ issue: XMLPlistIssue, _ range: ByteRange) {
        issues.append(XMLLeafIssue(issue: issue, range: range))
    }

    private func fileOffset(_ offset: Int) -> Int { offsetMap?.fileOffset(offset) ?? offset }

    // MARK: - Scalars

    private mutating func finishInteger(_ text: XMLLeafText, content: ByteRange) {
        let result = text.withBytes(in: buffer) { XMLNumberParser.parseInteger($0) }
        if result.problem == nil, let value = result.value {
            decoded = .integer(value, width: 0)
            return
        }
        let shown = excerpt(text)
        var issue: XMLPlistIssue?
        var at = content
        switch result.problem {
        case nil: break
        case .empty?: issue = .integerEmpty
        case .incomplete?: issue = .integerInvalid(text: shown, detail: "has a sign or 0x but no digits")
        case .unexpected(let index)?:
            issue = .integerInvalid(text: shown, detail: "has an unexpected \(describeByte(text, index))")
            at = exactRange(text, index, content)
        case .hexDigitInDecimal(let index)?:
            issue = .integerInvalid(text: shown, detail: "has a hex digit \(describeByte(text, index)) but no 0x prefix")
            at = exactRange(text, index, content)
        case .trailingWhitespace(let index)?:
            issue = .integerInvalid(text: shown, detail: "has whitespace after its digits, which CF rejects")
            at = exactRange(text, index, content)
        case .overflow(let negative)?: issue = .integerOverflow(text: shown, negative: negative)
        }
        if let value = result.value {
            decoded = .integer(value, width: 0)
        } else {
            decoded = .invalid(issue?.message ?? "invalid <integer>")
        }
        if let issue { report(issue, at) }
    }

    private mutating func finishReal(_ text: XMLLeafText, content: ByteRange) {
        let result = text.withBytes(in: buffer) { XMLNumberParser.parseReal($0) }
        if let value = result.value {
            decoded = .real(value, width: 0)
            return
        }
        let issue: XMLPlistIssue
        var at = content
        switch result.problem {
        case .unexpected(let index)?:
            issue = .realInvalid(text: excerpt(text), detail: "is not a number (unexpected \(describeByte(text, index)))")
            at = exactRange(text, index, content)
        default:
            issue = .realInvalid(text: excerpt(text), detail: "is empty")
        }
        decoded = .invalid(issue.message)
        report(issue, at)
    }

    private mutating func finishDate(_ text: XMLLeafText, content: ByteRange) {
        let parsed = text.withBytes(in: buffer) { XMLDateParser.parse($0) }
        switch parsed {
        case .success(let date):
            decoded = .date(date.seconds)
            if date.fieldCount < 6 { report(.dateTruncated(text: excerpt(text), fields: date.fieldCount), content) }
            if !date.outOfRange.isEmpty {
                report(.dateOutOfRange(text: excerpt(text), fields: date.outOfRange), content)
            }
        case .failure(let failure):
            let issue = XMLPlistIssue.dateInvalid(
                text: excerpt(text),
                detail: "is not in the form YYYY-MM-DDTHH:MM:SSZ (expected \(failure.expected) at character \(failure.index + 1))")
            decoded = .invalid(issue.message)
            report(issue, exactRange(text, failure.index, content))
        }
    }

    private mutating func finishData(_ text: XMLLeafText, content: ByteRange) {
        let result = text.withBytes(in: buffer) { XMLBase64Decoder.decode($0) }
        decoded = .data(result.bytes)
        if let first = result.firstInvalid {
            let byte = text.withBytes(in: buffer) { $0[first] }
            report(.dataInvalidCharacter(byte: byte, offset: text.inputOffset(of: first).map(fileOffset), count: result.invalidCount),
                   exactRange(text, first, content))
        }
        if let first = result.firstIgnored {
            let byte = text.withBytes(in: buffer) { $0[first] }
            report(.dataIgnoredCharacter(byte: byte, offset: text.inputOffset(of: first).map(fileOffset), count: result.ignoredCount),
                   exactRange(text, first, content))
        }
        if result.leftoverDigits > 0 { report(.dataLeftoverDigits(count: result.leftoverDigits), content) }
    }

    // MARK: - Text findings

    /// Control characters, invalid UTF-8 and entity problems of a `<string>` or `<key>`.
    private mutating func reportTextProblems(_ findings: XMLTextFindings, kind: XMLElementKind) {
        if let offset = findings.firstControl {
            report(.controlCharacters(element: kind.name, count: findings.controlCount, characters: findings.controlCharacters, offset: fileOffset(offset)),
                   ByteRange(start: offset, count: 1))
        }
        if let offset = findings.firstInvalidUTF8 {
            report(.invalidUTF8(element: kind.name, count: findings.invalidUTF8Count, first: buffer[offset], offset: fileOffset(offset)),
                   ByteRange(start: offset, count: 1))
        }
    }

    /// Entity problems (all text elements), and markup CF does not accept inside this element.
    private mutating func reportMarkup(in findings: XMLTextFindings, kind: XMLElementKind) {
        for problem in findings.entityProblems {
            let written = XMLPlistIssue.excerpt(UnsafeRawBufferPointer(rebasing: buffer[problem.range.start..<problem.range.end]))
            let issue: XMLPlistIssue = switch problem.kind {
            case .unknown: .entityUnknown(reference: written, more: problem.count - 1)
            case .unterminated: .entityUnterminated(text: written, more: problem.count - 1)
            case .invalidCodePoint: .entityInvalidCodePoint(reference: written, more: problem.count - 1)
            }
            report(issue, problem.range)
        }
        if let skipped = findings.firstSkipped {
            report(.contentMarkup(element: kind.name, what: English.article(skipped.kind.label)), skipped.range)
        } else if kind == .integer || kind == .date || kind == .data {
            // CF reads these byte by byte: it expands no entity and knows no CDATA here.
            if let entity = findings.firstEntity {
                report(.contentMarkup(element: kind.name, what: "an entity reference"), ByteRange(start: entity, count: 1))
            } else if let cdata = findings.firstCDATA {
                report(.contentMarkup(element: kind.name, what: "a CDATA section"), cdata)
            }
        }
    }

    // MARK: - Helpers

    /// The decoded text, quoted and shortened, for messages.
    private func excerpt(_ text: XMLLeafText) -> String {
        text.withBytes(in: buffer) { XMLPlistIssue.excerpt($0) }
    }

    /// The input byte at decoded index `index` when the text maps 1:1 to the input, else the content.
    private func exactRange(_ text: XMLLeafText, _ index: Int, _ content: ByteRange) -> ByteRange {
        guard let offset = text.inputOffset(of: index), offset < content.end else { return content }
        return ByteRange(start: offset, count: 1)
    }

    /// `"x" (0x78)` for the decoded byte at `index`, or "end of text".
    private func describeByte(_ text: XMLLeafText, _ index: Int) -> String {
        text.withBytes(in: buffer) { bytes in
            guard index >= 0, index < bytes.count else { return "end of text" }
            let b = bytes[index]
            let shown = b >= 0x21 && b < 0x7F ? "\"\(Character(Unicode.Scalar(b)))\" " : ""
            return "character \(shown)(0x\(byteHex(b)))"
        }
    }
}

extension XMLPlistParser {
    /// Decodes the content of a closed text element into its node.
    mutating func finishLeaf(_ kind: XMLElementKind, _ frame: XMLFrame, _ range: ByteRange, contentEnd: Int) {
        let id = frame.nodeID
        nodes[id].range = range
        let contentRange = ByteRange(Swift.min(frame.openTag.end, contentEnd), contentEnd)
        if kind == .true || kind == .false {
            nodes[id].value = .bool(kind == .true)
            if !leafSegments.isEmpty {
                let excerpt = XMLPlistIssue.excerpt(UnsafeRawBufferPointer(rebasing: buffer[contentRange.start..<contentRange.end]))
                report(.boolNotEmpty(element: kind.name, excerpt: excerpt), contentRange, onNode: id)
            }
            return
        }
        let text = XMLTextDecoder(buffer: buffer).decode(leafSegments)
        reportMarkup(in: text.findings, kind: kind, node: id)
        switch kind {
        case .string, .key:
            nodes[id].value = .string(text.string(in: buffer))
            reportTextProblems(text.findings, kind: kind, node: id, content: contentRange)
        case .integer: finishInteger(text, node: id, content: contentRange)
        case .real: finishReal(text, node: id, content: contentRange)
        case .date: finishDate(text, node: id, content: contentRange)
        case .data: finishData(text, node: id, content: contentRange)
        default: nodes[id].value = .invalid("<\(kind.name)> is not a text element")
        }
    }

    /// `<string/>`, `<true/>`, `<data/>`, …
    mutating func finishEmpty(_ kind: XMLElementKind, id: Int) {
        let range = nodes[id].range ?? ByteRange(0, 0)
        switch kind {
        case .dict: nodes[id].value = .dict(keys: [], values: [])
        case .array: nodes[id].value = .array([])
        case .string, .key: nodes[id].value = .string("")
        case .true, .false: nodes[id].value = .bool(kind == .true)
        case .data:
            nodes[id].value = .data([])
            report(.emptyElement(element: kind.name), range, onNode: id)
        case .integer, .real, .date, .plist:
            let issue = XMLPlistIssue.emptyElement(element: kind.name)
            nodes[id].value = .invalid(issue.message)
            report(issue, range, onNode: id)
        }
    }

    // MARK: - Scalars

    private mutating func finishInteger(_ text: XMLLeafText, node id: Int, content: ByteRange) {
        let result = text.withBytes(in: buffer) { XMLNumberParser.parseInteger($0) }
        if result.problem == nil, let value = result.value {
            nodes[id].value = .integer(value, width: 0)
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
            nodes[id].value = .integer(value, width: 0)
        } else {
            nodes[id].value = .invalid(issue?.message ?? "invalid <integer>")
        }
        if let issue { report(issue, at, onNode: id) }
    }

    private mutating func finishReal(_ text: XMLLeafText, node id: Int, content: ByteRange) {
        let result = text.withBytes(in: buffer) { XMLNumberParser.parseReal($0) }
        if let value = result.value {
            nodes[id].value = .real(value, width: 0)
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
        nodes[id].value = .invalid(issue.message)
        report(issue, at, onNode: id)
    }

    private mutating func finishDate(_ text: XMLLeafText, node id: Int, content: ByteRange) {
        let parsed = text.withBytes(in: buffer) { XMLDateParser.parse($0) }
        switch parsed {
        case .success(let date):
            nodes[id].value = .date(date.seconds)
            if date.fieldCount < 6 { report(.dateTruncated(text: excerpt(text), fields: date.fieldCount), content, onNode: id) }
            if !date.outOfRange.isEmpty {
                report(.dateOutOfRange(text: excerpt(text), fields: date.outOfRange), content, onNode: id)
            }
        case .failure(let failure):
            let issue = XMLPlistIssue.dateInvalid(
                text: excerpt(text),
                detail: "is not in the form YYYY-MM-DDTHH:MM:SSZ (expected \(failure.expected) at character \(failure.index + 1))")
            nodes[id].value = .invalid(issue.message)
            report(issue, exactRange(text, failure.index, content), onNode: id)
        }
    }

    private mutating func finishData(_ text: XMLLeafText, node id: Int, content: ByteRange) {
        let result = text.withBytes(in: buffer) { XMLBase64Decoder.decode($0) }
        nodes[id].value = .data(result.bytes)
        if let first = result.firstInvalid {
            let byte = text.withBytes(in: buffer) { $0[first] }
            report(.dataInvalidCharacter(byte: byte, offset: text.inputOffset(of: first).map(fileOffset), count: result.invalidCount),
                   exactRange(text, first, content), onNode: id)
        }
        if let first = result.firstIgnored {
            let byte = text.withBytes(in: buffer) { $0[first] }
            report(.dataIgnoredCharacter(byte: byte, offset: text.inputOffset(of: first).map(fileOffset), count: result.ignoredCount),
                   exactRange(text, first, content), onNode: id)
        }
        if result.leftoverDigits > 0 { report(.dataLeftoverDigits(count: result.leftoverDigits), content, onNode: id) }
    }

    // MARK: - Text findings

    /// Control characters, invalid UTF-8 and entity problems of a `<string>` or `<key>`.
    private mutating func reportTextProblems(_ findings: XMLTextFindings, kind: XMLElementKind, node id: Int, content: ByteRange) {
        if let offset = findings.firstControl {
            report(.controlCharacters(element: kind.name, count: findings.controlCount, characters: findings.controlCharacters, offset: fileOffset(offset)),
                   ByteRange(start: offset, count: 1), onNode: id)
        }
        if let offset = findings.firstInvalidUTF8 {
            report(.invalidUTF8(element: kind.name, count: findings.invalidUTF8Count, first: buffer[offset], offset: fileOffset(offset)),
                   ByteRange(start: offset, count: 1), onNode: id)
        }
    }

    /// Entity problems (all text elements), and markup CF does not accept inside this element.
    private mutating func reportMarkup(in findings: XMLTextFindings, kind: XMLElementKind, node id: Int) {
        for problem in findings.entityProblems {
            let written = XMLPlistIssue.excerpt(UnsafeRawBufferPointer(rebasing: buffer[problem.range.start..<problem.range.end]))
            let issue: XMLPlistIssue = switch problem.kind {
            case .unknown: .entityUnknown(reference: written, more: problem.count - 1)
            case .unterminated: .entityUnterminated(text: written, more: problem.count - 1)
            case .invalidCodePoint: .entityInvalidCodePoint(reference: written, more: problem.count - 1)
            }
            report(issue, problem.range, onNode: id)
        }
        if let skipped = findings.firstSkipped {
            report(.contentMarkup(element: kind.name, what: English.article(skipped.kind.label)), skipped.range, onNode: id)
        } else if kind == .integer || kind == .date || kind == .data {
            // CF reads these byte by byte: it expands no entity and knows no CDATA here.
            if let entity = findings.firstEntity {
                report(.contentMarkup(element: kind.name, what: "an entity reference"), ByteRange(start: entity, count: 1), onNode: id)
            } else if let cdata = findings.firstCDATA {
                report(.contentMarkup(element: kind.name, what: "a CDATA section"), cdata, onNode: id)
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

import ArchiveCore

extension TypedstreamDecoding {
    /// Longest type string a resynchronisation scan accepts as a group start.
    static let maxResyncTypeString = 256

    /// Closes every open value and object when decoding ends early; partial arrays and structs are
    /// kept as shorter lists, and each open object is marked as unterminated.
    mutating func unwindAll(reason: String? = nil) {
        if reason == nil, reader.isAtEnd { noteEnding(nil) }
        let end = reader.offset
        let why = reason ?? (reader.isAtEnd ? "the input ends at offset \(input.count)" : "decoding stopped at offset \(end)")
        while let frame = frames.last {
            switch frame.kind {
            case .object(let id):
                report(.objectUnterminated(id: id, className: className(of: id), start: frame.start, why: why),
                       range: ByteRange(frame.start, end), to: id)
                setObjectEnd(id, end)
                frames.removeLast()
                if openObjects.last == id { openObjects.removeLast() }
                endTally(of: id, outerFields: frame.count, outerNextCheckpoint: frame.next, outerRunStart: frame.typeRange?.start ?? 0,
                         outerRunType: frame.typeStringIndex ?? -1, keeping: false)
                deliver(.reference(.object(id)), range: ByteRange(frame.start, end))
            case .group:
                frames.removeLast()
            case .compound:
                frames.removeLast()
                deliver(.list(frame.items), range: ByteRange(frame.start, end))
            }
        }
    }

    /// Pops groups and compounds down to the innermost open object (keeping partial values).
    private mutating func unwindToObject() {
        while let frame = frames.last {
            switch frame.kind {
            case .object:
                return
            case .group:
                frames.removeLast()
            case .compound:
                frames.removeLast()
                deliver(.list(frame.items), range: ByteRange(frame.start, reader.offset))
            }
        }
    }

    /// After an error whose value length is unknown: looks from `scanFrom` for the next place where
    /// the stream plausibly goes on (an `86` that ends the open object, or a literal type string), so
    /// later objects are still found. Skipped bytes are reported; scans never overlap, so the total
    /// work stays linear.
    mutating func resync(scanFrom: Int) {
        unwindToObject()
        resyncCount += 1
        let from = Swift.min(input.count, Swift.max(scanFrom, lastResume + 1, 0))
        guard resyncCount <= Self.maxResyncs else {
            skipRest(from: from, because: "too many errors (more than \(Self.maxResyncs) places where decoding had to resume)")
            return
        }
        let inObject = !frames.isEmpty
        var q = from
        var found: String?
        while q < input.count {
            if inObject, input.byte(at: q) == TypedstreamTag.end, plausibleAfterEnd(q + 1) {
                found = "an end-of-object marker"
                break
            }
            if isLiteralGroupStart(q) || isObjectGroupStart(q) {
                found = "a type string"
                break
            }
            q += 1
        }
        guard let found else {
            skipRest(from: from, because: "no place to resume decoding was found after the error")
            return
        }
        if q > from {
            report(.resyncSkipped(count: q - from, from: from, found: found, resumeAt: q), range: ByteRange(from, q))
        }
        reader.offset = q
        lastResume = q
    }

    private mutating func skipRest(from: Int, because why: String) {
        if from < input.count {
            report(.resyncFailed(why: why, count: input.count - from, from: from), range: ByteRange(from, input.count))
        }
        reader.offset = input.count
        lastResume = input.count
    }

    /// After an `86`: the end of the input, another `86`, or the start of a group.
    private func plausibleAfterEnd(_ p: Int) -> Bool {
        guard let b = input.byte(at: p) else { return p == input.count }
        if b == TypedstreamTag.end || isLiteralGroupStart(p) { return true }
        // A one-byte reference to a type string already used by a group.
        guard !TypedstreamTag.isTag(b) else { return false }
        let index = Int(Int8(bitPattern: b)) + 110
        return index >= 0 && index < typeCache.count && (typeCache[index]?.isFullyDecodable ?? false)
    }

    /// A one-byte reference to an `@` type string already used by a group, then a new object whose
    /// class is new or a known class record: the most common group there is.
    private func isObjectGroupStart(_ q: Int) -> Bool {
        guard let b = input.byte(at: q), !TypedstreamTag.isTag(b) else { return false }
        let index = Int(Int8(bitPattern: b)) + 110
        guard index >= 0, index < typeCache.count, let types = typeCache[index], types.isFullyDecodable,
              let first = types.roots.first, types.nodes[first].kind == .scalar(UInt8(ascii: "@")),
              input.byte(at: q + 1) == TypedstreamTag.new, let classHead = input.byte(at: q + 2) else { return false }
        if classHead == TypedstreamTag.new { return true }
        guard !TypedstreamTag.isTag(classHead) else { return false }
        let classIndex = Int(Int8(bitPattern: classHead)) + 110
        return classIndex >= 0 && classIndex < table.count && table.kind(classIndex) == .classRecord
    }

    /// `84`, a short length, then printable bytes that parse as decodable type encodings.
    private func isLiteralGroupStart(_ q: Int) -> Bool {
        guard input.byte(at: q) == TypedstreamTag.new, let lengthHead = input.byte(at: q + 1),
              !TypedstreamTag.isTag(lengthHead) else { return false }
        let length = Int(lengthHead)
        guard length >= 1, length <= Self.maxResyncTypeString, q + 2 + length <= input.count else { return false }
        let bytes = input.bytes(in: ByteRange(start: q + 2, count: length))
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return false }
        let types = TypeEncoding(bytes)
        return types.isFullyDecodable && !types.roots.isEmpty
    }
}

extension TypedstreamDecoding {
    /// A tag where `expected` should have been; decoding resumes by scanning from the tag itself.
    func unexpectedTag(_ head: UInt8, at offset: Int, expected: String) -> TypedstreamStop {
        .desync(TypedstreamIssue.unexpectedTag(tag: head, offset: offset, expected: expected).diagnostic(ByteRange(offset, offset + 1)),
                scanFrom: offset)
    }

    /// A length (or array size) that needs more bytes than the input has left.
    /// `declared`: whether `claimed` is the value's own length (a byte string's), not the least an array
    /// of its elements could take. Noted as where the input ended when nothing ended it before.
    mutating func lengthPastEnd(_ what: String, start: Int, claimed: Int128, declared: Bool = true) -> TypedstreamStop {
        if claimed > Int128(reader.remaining) {
            noteEnding(TypedstreamEnding.CutValue(start: start, what: what, missing: Int(clamping: claimed - Int128(reader.remaining)),
                                                  declared: declared))
        }
        return .desync(TypedstreamIssue.lengthPastEnd(what: what, start: start, claimed: claimed, remaining: reader.remaining)
                    .diagnostic(ByteRange(start, Swift.max(reader.offset, Swift.min(start + 1, input.count)))),
                scanFrom: reader.offset)
    }

    func stringReferenceDiagnostic(_ index: Int128, range: ByteRange, what: String, consequence: String) -> Diagnostic {
        TypedstreamIssue.stringRefOutOfRange(index: index, what: what, offset: range.start, tableSize: sharedStrings.count,
                                             consequence: consequence).diagnostic(range)
    }

    /// An unsupported or malformed element of the current group's type string was reached.
    func typeProblem(_ node: TypeEncoding.Node) -> TypedstreamStop {
        let group = frames.last { frame in
            if case .group = frame.kind { return true }
            return false
        }
        let typeRange = group?.typeRange ?? ByteRange(reader.offset, reader.offset)
        let text = ValueFormatter.excerpt(group?.types.map { String(decoding: $0.bytes, as: UTF8.self) } ?? "?")
        let definedAt = group?.typeStringIndex.flatMap { $0 < sharedStrings.count ? sharedStrings[$0].start : nil }
        func location(_ position: Int) -> String { definedAt.map { "offset \($0 + position)" } ?? "position \(position)" }
        let issue: TypedstreamIssue
        switch node.kind {
        case .malformed(let why, let position):
            issue = .typeMalformed(types: text, why: why, location: location(position), from: reader.offset)
        case .unsupported(let code, let position):
            let shown = DisplayText.escape(String(decoding: [code], as: UTF8.self))
            issue = .typeUnsupported(code: shown, location: location(position), types: text, stopsAt: reader.offset)
        default:
            issue = .typeUndecodable(types: text, offset: reader.offset)
        }
        return .desync(issue.diagnostic(typeRange), scanFrom: reader.offset)
    }

    func valueLimit() -> TypedstreamStop {
        .limit(TypedstreamIssue.limitValues(budget: valueBudget, inputSize: input.count, offset: reader.offset)
                .diagnostic(ByteRange(reader.offset, reader.offset)))
    }
}

import ArchiveCore

/// One step of the parser for each container state, and the recovery taken on each problem.
///
/// Every step consumes at least one byte, or pops a container, or moves to a state whose step will
/// consume one, so parsing always ends and stays linear in the input size.
extension OpenStepParser {
    /// Handles the next token for the innermost open container.
    mutating func step() {
        skipSpace()
        guard let top = stack.indices.last, let b = reader.current else { return endOfInput() }
        // A snapshot without the frame's arrays, so appending to them never copies.
        let frame = FrameInfo(kind: stack[top].kind, state: stack[top].state, start: stack[top].start,
                              pendingKey: stack[top].pendingKey)
        switch frame.kind {
        case .array: arrayStep(b, frame)
        case .dict, .stringsFile: dictStep(b, frame)
        }
    }

    // MARK: Arrays

    private mutating func arrayStep(_ b: UInt8, _ frame: FrameInfo) {
        let at = reader.offset
        if b == UInt8(ascii: ")") {
            consume(to: at + 1)
            return finish(end: at + 1)
        }
        // A '}' or ';' that belongs to an enclosing dictionary: this array lost its ')'.
        if (b == UInt8(ascii: "}") && openBracedDicts > 0)
            || (b == UInt8(ascii: ";") && (openBracedDicts > 0 || stack.first?.kind == .stringsFile)) {
            report(.arrayMissingClose(opened: position(frame.start), found: reader.describe(at: at)), charRange(at))
            return finish(end: lastEnd)
        }
        let isValue = OpenStepReader.isValueStart(b)
        switch frame.state {
        case .separator:
            if b == UInt8(ascii: ",") {
                consume(to: at + 1)
                setState(.value)
            } else if isValue {
                report(.arrayMissingComma(found: reader.describe(at: at)), charRange(at))
                setState(.value)
                startValue()
            } else {
                skipUnexpected(context: "after an array element")
            }
        default:
            if b == UInt8(ascii: ",") {
                report(.arrayMissingValue(found: "','"), charRange(at))
                consume(to: at + 1)
            } else if isValue {
                startValue()
            } else {
                skipUnexpected(context: "where an array element should be")
            }
        }
    }

    // MARK: Dictionaries

    private mutating func dictStep(_ b: UInt8, _ frame: FrameInfo) {
        let at = reader.offset
        // A ')' that belongs to an enclosing array: this dictionary lost its '}'.
        if b == UInt8(ascii: ")"), openArrays > 0 {
            report(.dictMissingClose(opened: position(frame.start), found: "')'"), charRange(at))
            return finish(end: lastEnd)
        }
        let braced = frame.kind == .dict
        if braced, b == UInt8(ascii: "}") { return closeBrace(frame, at: at) }
        switch frame.state {
        case .equals: equalsStep(b, frame)
        case .dictValue: valueStep(b, frame)
        case .semicolon: semicolonStep(b, frame)
        case .skipEntry: skipEntryStep(b)
        default: keyStep(b, braced: braced)
        }
    }

    /// `}` closes the dictionary in every state; it is an error unless a key was expected.
    private mutating func closeBrace(_ frame: FrameInfo, at: Int) {
        let found = "'}'"
        switch frame.state {
        case .equals: report(.missingEquals(key: keyLabel(frame.pendingKey), found: found), charRange(at))
        case .dictValue: report(.missingValue(key: keyLabel(frame.pendingKey), found: found), charRange(at))
        case .semicolon: report(.missingSemicolon(key: lastKeyLabel(), found: found), charRange(at))
        default: break
        }
        consume(to: at + 1)
        finish(end: at + 1)
    }

    private mutating func keyStep(_ b: UInt8, braced: Bool) {
        let at = reader.offset
        if !braced, !OpenStepReader.isStringStart(b) {
            // CF's strings-file loop ends at the first token that is not a key and keeps what it read.
            report(.stringsTrailingContent(found: reader.describe(at: at), count: reader.count - at),
                   ByteRange(at, reader.count))
            reader.offset = reader.count
            return finish(end: lastEnd)
        }
        if OpenStepReader.isStringStart(b) {
            startValue()
        } else if OpenStepReader.isValueStart(b) {
            report(.keyNotString(found: reader.describe(at: at)), charRange(at))
            startValue()
        } else if b == UInt8(ascii: ";") {
            report(.missingKey(found: "';'"), charRange(at))
            consume(to: at + 1)
        } else {
            skipUnexpected(context: "where a dictionary key should be")
        }
    }

    private mutating func equalsStep(_ b: UInt8, _ frame: FrameInfo) {
        let at = reader.offset
        if b == UInt8(ascii: "=") {
            consume(to: at + 1)
            setState(.dictValue)
        } else if b == UInt8(ascii: ";") {
            // `key;` means key = key (CF's strings-file shortcut, accepted in every dictionary).
            consume(to: at + 1)
            if let key = frame.pendingKey {
                let value = duplicate(key)
                stack[stack.count - 1].items += [key, value]
            }
            stack[stack.count - 1].pendingKey = nil
            setState(.key)
        } else {
            report(.missingEquals(key: keyLabel(frame.pendingKey), found: reader.describe(at: at)), charRange(at))
            if OpenStepReader.isValueStart(b) {
                // Most likely the '=' was lost: read the value.
                setState(.dictValue)
                startValue()
            } else {
                // Give up on this entry: the key keeps an invalid value, the rest of it is skipped.
                consume(to: junkEnd(from: at))
                deliver(append(.invalid("missing value"), ByteRange(at, at)))
                setState(.skipEntry)
            }
        }
    }

    private mutating func skipEntryStep(_ b: UInt8) {
        if b == UInt8(ascii: ";") {
            consume(to: reader.offset + 1)
            setState(.key)
        } else if OpenStepReader.isValueStart(b) {
            setState(.key)
        } else {
            skipUnexpected(context: "in a dictionary entry")
        }
    }

    private mutating func valueStep(_ b: UInt8, _ frame: FrameInfo) {
        let at = reader.offset
        if OpenStepReader.isValueStart(b) {
            startValue()
        } else if b == UInt8(ascii: ";") {
            report(.missingValue(key: keyLabel(frame.pendingKey), found: "';'"), charRange(at))
            deliver(append(.invalid("missing value"), ByteRange(at, at)))
        } else {
            skipUnexpected(context: "where the value for key \(keyLabel(frame.pendingKey)) should be")
        }
    }

    private mutating func semicolonStep(_ b: UInt8, _ frame: FrameInfo) {
        let at = reader.offset
        if b == UInt8(ascii: ";") {
            consume(to: at + 1)
            setState(.key)
            return
        }
        report(.missingSemicolon(key: lastKeyLabel(), found: reader.describe(at: at)), charRange(at))
        setState(.key)
        // A token that can start the next entry is kept; anything else is skipped.
        if !OpenStepReader.isValueStart(b) { consume(to: junkEnd(from: at)) }
    }

    // MARK: End of input and junk

    /// The input ended inside containers: one error for the innermost braced one (naming how many
    /// enclose it), then every open container is closed with what it has.
    private mutating func endOfInput() {
        guard let top = stack.indices.last else { return }
        let frame = FrameInfo(kind: stack[top].kind, state: stack[top].state, start: stack[top].start,
                              pendingKey: stack[top].pendingKey)
        let end = reader.count
        let found = reader.describe(at: end)
        if frame.kind == .stringsFile {
            switch frame.state {
            case .equals: report(.missingSemicolon(key: keyLabel(frame.pendingKey), found: found), ByteRange(end, end))
            case .dictValue: report(.missingValue(key: keyLabel(frame.pendingKey), found: found), ByteRange(end, end))
            case .semicolon: report(.missingSemicolon(key: lastKeyLabel(), found: found), ByteRange(end, end))
            default: break
            }
        } else {
            let enclosing = openArrays + openBracedDicts - 1
            let opened = position(frame.start)
            let issue: OpenStepIssue = frame.kind == .array
                ? .unterminatedArray(opened: opened, enclosing: enclosing)
                : .unterminatedDict(opened: opened, enclosing: enclosing)
            report(issue, ByteRange(frame.start, end))
        }
        while !stack.isEmpty { finish(end: lastEnd) }
    }

    /// Reports the unexpected character at the cursor and skips it with any junk that follows.
    mutating func skipUnexpected(context: String) {
        let at = reader.offset
        let end = junkEnd(from: at)
        var found = reader.describe(at: at)
        let extra = end - at - reader.characterLength(at: at)
        if extra > 0 { found += " (and \(English.count(extra, "more byte")))" }
        report(.unexpectedCharacter(found: found, context: context), ByteRange(at, end))
        consume(to: end)
    }

    /// End of the character at `at` and of the run of bytes after it that have no meaning in the
    /// syntax (stops at whitespace, punctuation and string bytes).
    private func junkEnd(from at: Int) -> Int {
        var i = at + max(1, reader.characterLength(at: at))
        while let b = reader.byte(at: i), !OpenStepReader.isStructural(b), reader.spaceLength(at: i) == 0 {
            i += max(1, reader.characterLength(at: i))
        }
        return min(i, reader.count)
    }

    private func charRange(_ at: Int) -> ByteRange { ByteRange(start: at, count: reader.characterLength(at: at)) }

    private mutating func setState(_ state: Frame.State) { stack[stack.count - 1].state = state }

    private func keyLabel(_ id: Int?) -> String {
        guard let id, case .string(let text) = nodes[id].value else { return "(unknown)" }
        return quoted(text)
    }

    /// The key of the last complete entry of the innermost dictionary.
    private func lastKeyLabel() -> String {
        guard let top = stack.indices.last else { return "(unknown)" }
        let count = stack[top].items.count
        return count >= 2 ? keyLabel(stack[top].items[count - 2]) : "(unknown)"
    }

    /// What a step needs to know about the innermost container.
    struct FrameInfo {
        let kind: Frame.Kind
        let state: Frame.State
        let start: Int
        let pendingKey: Int?
    }
}

import ArchiveCore

extension XMLPlistParser {
    /// Unknown closing tags are looked for this far down the stack (known ones are counted exactly).
    private static let unknownSearchLimit = 64

    /// A closing tag: closes the top element, or recovers from a mismatch.
    mutating func handleClose(_ tag: XMLTag) {
        guard !stack.isEmpty else {
            if topLevelClosed { return reportTrailing(from: tag.range.start) }
            return report(.tagUnmatched(close: text(tag.name)), tag.range)
        }
        let top = stack[stack.count - 1]
        if !tag.terminated {
            report(.tagUnterminated(name: text(tag.name), close: true), tag.range)
            if tag.range.end >= buffer.count { return }
        } else if tag.hasJunk {
            report(.tagMalformed(name: text(tag.name)), tag.range)
        }
        let kind = XMLElementKind.classify(buffer, tag.name)
        if matches(top, tag, kind) { return closeTop(end: tag.range.end, contentEnd: tag.range.start) }
        let closeName = kind?.name ?? text(tag.name)
        if let index = matchingFrame(tag, kind) {
            let extra = stack.count - 1 - index
            let outcome = extra > 1 ? "; the \(extra) elements inside <\(closeName)> are closed with it" : ""
            report(.tagMismatched(close: closeName, open: frameName(top), openedAt: position(top), outcome: outcome), tag.range)
            while stack.count - 1 > index { closeTop(end: tag.range.start) }
            closeTop(end: tag.range.end, contentEnd: tag.range.start)
        } else if top.isLeaf || top.role == .unknown {
            // Most likely a damaged closing tag (`</strin>`): it ends the element it stands for.
            report(.tagMismatched(close: closeName, open: frameName(top), openedAt: position(top),
                                  outcome: "; read as its closing tag"), tag.range)
            closeTop(end: tag.range.end, contentEnd: tag.range.start)
        } else {
            report(.tagMismatched(close: closeName, open: frameName(top), openedAt: position(top), outcome: "; ignored"),
                   tag.range)
        }
    }

    /// Whether `tag` closes `frame`.
    private func matches(_ frame: XMLFrame, _ tag: XMLTag, _ kind: XMLElementKind?) -> Bool {
        if let frameKind = frame.kind { return frameKind == kind }
        guard kind == nil, frame.name.count == tag.name.count else { return false }
        for i in 0..<frame.name.count where buffer[frame.name.start + i] != buffer[tag.name.start + i] { return false }
        return true
    }

    /// The stack index of an open element below the top that `tag` closes, if any.
    private func matchingFrame(_ tag: XMLTag, _ kind: XMLElementKind?) -> Int? {
        if let kind, openCounts[Int(kind.rawValue)] == 0 { return nil }
        let lowest = kind == nil ? Swift.max(0, stack.count - 1 - Self.unknownSearchLimit) : 0
        var i = stack.count - 2
        while i >= lowest {
            if matches(stack[i], tag, kind) { return i }
            i -= 1
        }
        return nil
    }

    /// Pops the top element and finishes its node; `end` is where the element ends, `contentEnd` where
    /// its content ends (the start of its closing tag; `end` when it has none).
    mutating func closeTop(end: Int, contentEnd: Int? = nil) {
        guard let frame = stack.popLast() else { return }
        if let kind = frame.kind { openCounts[Int(kind.rawValue)] -= 1 }
        let range = ByteRange(frame.start, end)
        switch frame.role {
        case .plist:
            if frame.objectCount == 0 && rootID == nil {
                rootMissingReported = true
                report(.rootMissing(reason: "<plist> opened at \(position(frame)) contains no object"), range)
            }
        case .dict:
            finishDict(frame, range)
        case .array:
            table.setArray(frame.nodeID, children[frame.childStart...])
            table.setEnd(frame.nodeID, end)
        case .leaf(let kind):
            finishLeaf(kind, frame, range, contentEnd: contentEnd ?? end)
        case .unknown:
            table.setEnd(frame.nodeID, end)
        case .transparent:
            break
        }
        if frame.role == .dict || frame.role == .array { children.removeSubrange(frame.childStart...) }
        if stack.isEmpty && (rootID != nil || frame.role == .plist) {
            topLevelClosed = true
            topLevelEnd = end
        }
    }

    /// Fills in a dict node: pairing problems, duplicate keys, and the `CF$UID` form (FORMATS.md §B.3).
    private mutating func finishDict(_ frame: XMLFrame, _ range: ByteRange) {
        let id = frame.nodeID
        table.setEnd(id, range.end)
        if let pending = frame.pendingKey { reportKeyWithoutValue(pending, dict: frame) }
        let pairs = children[frame.childStart...]
        let pairCount = pairs.count / 2
        if pairCount > 1 { reportDuplicateKeys(pairs, frame) }
        if pairCount == 1 {
            let key = Int(pairs[pairs.startIndex]), value = Int(pairs[pairs.startIndex + 1])
            if let uid = uidValue(frame, key: key, value: value) {
                table.set(id, .uid, a: UInt32(truncatingIfNeeded: uid), b: UInt32(truncatingIfNeeded: uid >> 32))
                return absorbUIDChildren(id, key: key, value: value)
            }
        }
        table.setDict(id, pairs: pairs)
    }

    /// A text element's content when it is one stretch of text with nothing to expand (then it is its
    /// own decoding), else nil.
    private func plainContent(_ id: Int, _ kind: XMLNodeTable.Kind) -> ByteRange? {
        guard table.kind(id) == kind else { return nil }
        return XMLPlistTree.plainText(table.content(id), in: buffer)
    }

    /// The UID of a `<dict><key>CF$UID</key><integer>n</integer></dict>`, read as CF does (32 bits).
    private mutating func uidValue(_ frame: XMLFrame, key keyID: Int, value valueID: Int) -> UInt64? {
        switch table.kind(keyID) {
        case .key, .string:
            if let raw = plainContent(keyID, table.kind(keyID)) {
                guard raw.count == 6, reader.matches("CF$UID", at: raw.start) else { return nil }
            } else if keyText(keyID) != "CF$UID" {
                return nil
            }
        default:
            return nil
        }
        guard table.kind(valueID) == .integer else { return nil }
        let parsed: Int128?
        if let raw = plainContent(valueID, .integer) {
            parsed = XMLNumberParser.parseInteger(UnsafeRawBufferPointer(rebasing: buffer[raw.start..<raw.end])).value
        } else if case .integer(let v, _) = XMLLeafDecoder.decode(.integer, content: table.content(valueID), buffer: buffer,
                                                                 offsetMap: offsetMap).value {
            parsed = v
        } else {
            parsed = nil
        }
        guard let value = parsed else { return nil }
        let range = table.range(frame.nodeID)
        if value < 0 {
            let read = UInt32(truncatingIfNeeded: value)
            report(.uidNegative(value: value, read: read), range, onNode: frame.nodeID)
            return UInt64(read)
        }
        if value > Int128(UInt32.max) { report(.uidWide(value: value), range, onNode: frame.nodeID) }
        return UInt64(truncatingIfNeeded: value)
    }

    /// Drops the key and integer nodes of a UID dict when they are the last nodes (the usual case),
    /// keeping their problems for the UID node (decoded here only when their bytes can hold any).
    private mutating func absorbUIDChildren(_ id: Int, key: Int, value: Int) {
        guard key == id + 1, value == id + 2, table.count == id + 3 else { return }
        var moved: [XMLLeafIssue] = []
        for child in [key, value] {
            let kind = table.kind(child)
            if let raw = plainContent(child, kind), isCleanLeaf(raw, kind) { continue }
            if let element = kind.leafElement {
                moved += XMLLeafDecoder.decode(element, content: table.content(child), buffer: buffer, offsetMap: offsetMap).issues
            }
        }
        table.removeLast(2)
        if !moved.isEmpty { table.absorbed[Int32(truncatingIfNeeded: id), default: []] += moved }
    }

    /// Whether plain content `raw` of a `kind` node certainly decodes without a problem: printable ASCII
    /// for a key, ASCII digits (after an optional `-`) for an integer.
    private func isCleanLeaf(_ raw: ByteRange, _ kind: XMLNodeTable.Kind) -> Bool {
        guard raw.count > 0 else { return kind != .integer }
        var i = raw.start
        if kind == .integer {
            if buffer[i] == UInt8(ascii: "-") { i += 1 }
            guard i < raw.end else { return false }
            while i < raw.end {
                guard buffer[i] >= UInt8(ascii: "0"), buffer[i] <= UInt8(ascii: "9") else { return false }
                i += 1
            }
            return raw.count <= 18
        }
        while i < raw.end {
            guard buffer[i] >= 0x20, buffer[i] < 0x7F else { return false }
            i += 1
        }
        return true
    }

    /// Reports each key that repeats an earlier key of the same dict.
    private mutating func reportDuplicateKeys(_ pairs: ArraySlice<Int32>, _ frame: XMLFrame) {
        var keys: [Int] = []
        keys.reserveCapacity(pairs.count / 2)
        for (n, child) in pairs.enumerated() where n & 1 == 0 { keys.append(Int(child)) }
        if keys.count <= 8 {
            // Small dicts (most of a keyed archive): pairwise, by bytes when both keys are plain ASCII.
            for (n, keyID) in keys.enumerated() {
                guard isText(keyID) else { continue }
                for earlier in keys[..<n] where isText(earlier) && sameKey(earlier, keyID) {
                    report(.duplicateKey(key: keyText(keyID), first: position(ofNode: earlier)), table.range(keyID),
                           onNode: frame.nodeID)
                    break
                }
            }
            return
        }
        var firstByKey: [LiteralText: Int] = [:]  // by code units, as CF compares keys
        firstByKey.reserveCapacity(keys.count)
        for keyID in keys where isText(keyID) {
            let key = keyText(keyID)
            if let first = firstByKey[LiteralText(key)] {
                report(.duplicateKey(key: key, first: position(ofNode: first)), table.range(keyID), onNode: frame.nodeID)
            } else {
                firstByKey[LiteralText(key)] = keyID
            }
        }
    }

    /// Whether node `id` is a string (a key is one).
    private func isText(_ id: Int) -> Bool {
        switch table.kind(id) {
        case .key, .string, .emptyString: true
        default: false
        }
    }

    /// Whether text nodes `x` and `y` decode to the same code units; plain ASCII content is compared
    /// as bytes, anything else decoded.
    private func sameKey(_ x: Int, _ y: Int) -> Bool {
        if let rx = asciiContent(x), let ry = asciiContent(y) {
            guard rx.count == ry.count else { return false }
            return buffer[rx.start..<rx.end].elementsEqual(buffer[ry.start..<ry.end])
        }
        return keyText(x).isLiterally(keyText(y))
    }

    /// The content of text node `id` when it is plain ASCII (its own decoding), else nil.
    private func asciiContent(_ id: Int) -> ByteRange? {
        if table.kind(id) == .emptyString { return ByteRange(0, 0) }
        guard let raw = XMLPlistTree.plainText(table.content(id), in: buffer) else { return nil }
        for i in raw.start..<raw.end where buffer[i] >= 0x80 { return nil }
        return raw
    }
}

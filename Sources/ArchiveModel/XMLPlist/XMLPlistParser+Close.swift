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
            report(.tagMismatched(close: closeName, open: frameName(top), openedAt: top.position, outcome: outcome), tag.range)
            while stack.count - 1 > index { closeTop(end: tag.range.start) }
            closeTop(end: tag.range.end, contentEnd: tag.range.start)
        } else if top.isLeaf || top.role == .unknown {
            // Most likely a damaged closing tag (`</strin>`): it ends the element it stands for.
            report(.tagMismatched(close: closeName, open: frameName(top), openedAt: top.position,
                                  outcome: "; read as its closing tag"), tag.range)
            closeTop(end: tag.range.end, contentEnd: tag.range.start)
        } else {
            report(.tagMismatched(close: closeName, open: frameName(top), openedAt: top.position, outcome: "; ignored"),
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
                report(.rootMissing(reason: "<plist> opened at \(frame.position) contains no object"), range)
            }
        case .dict:
            finishDict(frame, range)
        case .array:
            nodes[frame.nodeID].value = .array(Array(children[frame.childStart...]))
            nodes[frame.nodeID].range = range
        case .leaf(let kind):
            finishLeaf(kind, frame, range, contentEnd: contentEnd ?? end)
        case .unknown:
            nodes[frame.nodeID].range = range
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
        nodes[id].range = range
        if let pending = frame.pendingKey { reportKeyWithoutValue(pending, dict: frame) }
        let pairs = children[frame.childStart...]
        var keys: [Int] = []
        var values: [Int] = []
        keys.reserveCapacity(pairs.count / 2)
        values.reserveCapacity(pairs.count / 2)
        for (n, child) in pairs.enumerated() {
            if n & 1 == 0 { keys.append(child) } else { values.append(child) }
        }
        if keys.count > 1 { reportDuplicateKeys(keys, frame) }
        if keys.count == 1, values.count == 1, let uid = uidValue(frame, key: keys[0], value: values[0]) {
            nodes[id].value = .uid(uid)
            absorbUIDChildren(id, key: keys[0], value: values[0])
        } else {
            nodes[id].value = .dict(keys: keys, values: values)
        }
    }

    /// The UID of a `<dict><key>CF$UID</key><integer>n</integer></dict>`, read as CF does (32 bits).
    private mutating func uidValue(_ frame: XMLFrame, key keyID: Int, value valueID: Int) -> UInt64? {
        guard case .string(let key) = nodes[keyID].value, key == "CF$UID",
              case .integer(let value, _) = nodes[valueID].value else { return nil }
        let range = nodes[frame.nodeID].range ?? frame.openTag
        if value < 0 {
            let read = UInt32(truncatingIfNeeded: value)
            report(.uidNegative(value: value, read: read), range, onNode: frame.nodeID)
            return UInt64(read)
        }
        if value > Int128(UInt32.max) { report(.uidWide(value: value), range, onNode: frame.nodeID) }
        return UInt64(truncatingIfNeeded: value)
    }

    /// Drops the key and integer nodes of a UID dict when they are the last nodes (the usual case),
    /// keeping their diagnostics on the UID node.
    private mutating func absorbUIDChildren(_ id: Int, key: Int, value: Int) {
        let moved = nodes[key].diagnostics + nodes[value].diagnostics
        guard key == id + 1, value == id + 2, nodes.count == id + 3 else { return }
        nodes.removeLast(2)
        nodes[id].diagnostics.append(contentsOf: moved)
    }

    /// Reports each key that repeats an earlier key of the same dict.
    private mutating func reportDuplicateKeys(_ keys: [Int], _ frame: XMLFrame) {
        if keys.count <= 8 {
            // Small dicts (most of a keyed archive): pairwise, without hashing.
            for (n, keyID) in keys.enumerated() {
                guard case .string(let key) = nodes[keyID].value else { continue }
                for earlier in keys[..<n] {
                    guard case .string(let other) = nodes[earlier].value, other.isLiterally(key) else { continue }
                    report(.duplicateKey(key: key, first: nodes[earlier].position), nodes[keyID].range ?? frame.openTag,
                           onNode: frame.nodeID)
                    break
                }
            }
            return
        }
        var firstByKey: [LiteralText: Int] = [:]  // by code units, as CF compares keys
        firstByKey.reserveCapacity(keys.count)
        for keyID in keys {
            guard case .string(let key) = nodes[keyID].value else { continue }
            if let first = firstByKey[LiteralText(key)] {
                report(.duplicateKey(key: key, first: nodes[first].position), nodes[keyID].range ?? frame.openTag,
                       onNode: frame.nodeID)
            } else {
                firstByKey[LiteralText(key)] = keyID
            }
        }
    }
}

import ArchiveCore

extension XMLPlistParser {
    /// A start tag or empty-element tag.
    mutating func handleOpen(_ tag: XMLTag) {
        if stack.isEmpty && topLevelClosed { return reportTrailing(from: tag.range.start) }
        if !tag.terminated {
            report(.tagUnterminated(name: text(tag.name), close: false), tag.range)
            // A tag cut off by the end of the file is not read as an element.
            if tag.range.end >= buffer.count { return }
        }
        if topIsLeaf {
            let top = stack[stack.count - 1]
            let before = "<\(text(tag.name))> at \(lines.position(of: tag.range.start))"
            report(.tagUnclosed(open: frameName(top), openedAt: position(top), before: before), tag.range)
            closeTop(end: tag.range.start)
        }
        if stack.count >= Self.maxDepth {
            if !depthReported {
                depthReported = true
                report(.depthExceeded(limit: Self.maxDepth), tag.range)
            }
            if !tag.isEmpty { skipDepth = 1 }
            return
        }
        let context = stack.isEmpty ? -1 : stack[stack.count - 1].context
        switch XMLElementKind.classify(buffer, tag.name) {
        case nil: openUnknown(tag, context: context)
        case .plist?: openPlist(tag, context: context)
        case .key?: openKey(tag, context: context)
        case let kind?: openObject(kind, tag, context: context)
        }
    }

    /// `<dict>`, `<array>` or a value element.
    private mutating func openObject(_ kind: XMLElementKind, _ tag: XMLTag, context: Int) {
        let id = reserveNode(tag)
        attach(id, element: kind.name, tag.range, context: context)
        if tag.isEmpty { return finishEmpty(kind, id: id) }
        // A clean UID reference inside a container whose key and integer can still be opened (see
        // `maxDepth`) is read at once; anything else goes through the frames.
        if kind == .dict, tag.terminated, !stack.isEmpty, stack.count + 1 < Self.maxDepth,
           let (uid, end) = cleanUIDDict(at: tag.range.end) {
            table.set(id, .uid, a: uid)
            table.setEnd(id, end)
            return reader.skip(to: end)
        }
        let role: XMLFrame.Role = kind == .dict ? .dict : kind == .array ? .array : .leaf(kind)
        push(XMLFrame(role: role, kind: kind, name: tag.name, openTag: tag.range, nodeID: id,
                      context: stack.count))
    }

    /// `<key>`: the next key of a dict; elsewhere an error, and at the top the sign of a lost `<dict>`.
    private mutating func openKey(_ tag: XMLTag, context: Int) {
        let contextRole = context >= 0 ? stack[context].role : nil
        if contextRole != .dict {
            let rootFree = context < 0 ? rootID == nil : (contextRole == .plist && stack[context].objectCount == 0)
            report(.keyOutsideDict(context: placeDescription(context), synthesizesDict: rootFree), tag.range)
            if !rootFree {
                let id = reserveNode(tag)
                return tag.isEmpty ? finishEmpty(.key, id: id) : pushLeaf(.key, tag, id: id)
            }
            // The file most likely lost a `<dict>` opening tag (a cut-off head): build that dict.
            let dictID = reserveNode(tag)
            attach(dictID, element: "dict", tag.range, context: context)
            push(XMLFrame(role: .dict, kind: .dict, name: tag.name, openTag: ByteRange(tag.range.start, tag.range.start),
                          nodeID: dictID, context: stack.count))
            return openKey(tag, context: stack.count - 1)
        }
        let id = reserveNode(tag)
        if let pending = stack[context].pendingKey { reportKeyWithoutValue(pending, dict: stack[context]) }
        stack[context].pendingKey = id
        if tag.isEmpty { return finishEmpty(.key, id: id) }
        pushLeaf(.key, tag, id: id)
    }

    /// `<plist>`: the wrapper at the top; anywhere else misplaced.
    private mutating func openPlist(_ tag: XMLTag, context: Int) {
        if context < 0 && !sawPlist && rootID == nil {
            sawPlist = true
            if tag.isEmpty {
                rootMissingReported = true
                topLevelClosed = stack.isEmpty
                return report(.rootMissing(reason: "<plist/> is empty; CF rejects a plist without an object"), tag.range)
            }
            return push(XMLFrame(role: .plist, kind: .plist, name: tag.name, openTag: tag.range, nodeID: -1, context: stack.count))
        }
        report(.elementMisplaced(name: "plist", context: placeDescription(context), empty: tag.isEmpty), tag.range)
        if context < 0 || stack[context].role == .plist {
            if !tag.isEmpty {
                push(XMLFrame(role: .transparent, kind: .plist, name: tag.name, openTag: tag.range, nodeID: -1, context: context))
            }
        } else {
            openInvalidValue(tag, context: context, kind: .plist, reason: "misplaced <plist>")
        }
    }

    /// An element the plist DTD does not define.
    private mutating func openUnknown(_ tag: XMLTag, context: Int) {
        let name = text(tag.name)
        report(.elementUnknown(name: name, context: placeDescription(context)), tag.range)
        if context < 0 || stack[context].role == .plist {
            // A damaged wrapper (`<plistx>`): read through it.
            if !tag.isEmpty {
                push(XMLFrame(role: .transparent, kind: nil, name: tag.name, openTag: tag.range, nodeID: -1, context: context))
            }
        } else {
            openInvalidValue(tag, context: context, kind: nil, reason: "unknown element <\(name)>")
        }
    }

    /// An `.invalid` node standing where a value belongs, so dict keys keep their pairing.
    private mutating func openInvalidValue(_ tag: XMLTag, context: Int,
                                           kind: XMLElementKind?, reason: String) {
        let id = reserveNode(tag)
        table.setInvalid(id, reason)
        attach(id, element: text(tag.name), tag.range, context: context)
        if !tag.isEmpty {
            push(XMLFrame(role: .unknown, kind: kind, name: tag.name, openTag: tag.range, nodeID: id, context: stack.count))
        }
    }

    // MARK: - Helpers

    /// Appends a placeholder node for the element starting at `tag`; closing it fills it in.
    mutating func reserveNode(_ tag: XMLTag) -> Int {
        table.append(tag.range)
    }

    private mutating func pushLeaf(_ kind: XMLElementKind, _ tag: XMLTag, id: Int) {
        push(XMLFrame(role: .leaf(kind), kind: kind, name: tag.name, openTag: tag.range, nodeID: id, context: stack.count))
    }

    private mutating func push(_ frame: XMLFrame) {
        var frame = frame
        if let kind = frame.kind { openCounts[Int(kind.rawValue)] += 1 }
        frame.childStart = children.count
        stack.append(frame)
    }

    /// Hooks node `id` into the container that receives objects at `context`.
    mutating func attach(_ id: Int, element: String, _ range: ByteRange, context: Int) {
        guard context >= 0 else {
            if let root = rootID {
                return report(.rootExtraObject(element: element, rootAt: position(ofNode: root)), range)
            }
            rootID = id
            return report(.plistMissing(element: element), range)
        }
        guard context < stack.count else { return }  // contexts are frames on the stack
        switch stack.withUnsafeBufferPointer({ $0[context].role }) {
        case .plist:
            stack[context].objectCount += 1
            if stack[context].objectCount == 1 && rootID == nil {
                rootID = id
            } else {
                let rootAt = rootID.map { position(ofNode: $0) } ?? position(stack[context])
                report(.rootExtraObject(element: element, rootAt: rootAt), range)
            }
        case .dict:
            if let key = stack.withUnsafeBufferPointer({ $0[context].pendingKey }) {
                children.append(Int32(truncatingIfNeeded: key))
                children.append(Int32(truncatingIfNeeded: id))
                stack.withUnsafeMutableBufferPointer { $0[context].pendingKey = nil }
            } else {
                report(.valueWithoutKey(element: element, at: lines.position(of: range.start)), range, onNode: stack[context].nodeID)
            }
        case .array:
            children.append(Int32(truncatingIfNeeded: id))
        case .unknown, .transparent, .leaf:
            break  // the content of an unknown element is not part of the tree
        }
    }

    /// A dict key that was followed by another key or by the end of the dict.
    mutating func reportKeyWithoutValue(_ keyID: Int, dict: XMLFrame) {
        let key = keyText(keyID)
        let range = keyID >= 0 && keyID < table.count ? table.range(keyID) : dict.openTag
        report(.keyWithoutValue(key: key, at: position(ofNode: keyID)), range, onNode: dict.nodeID)
    }

    /// Trailing content after the top-level element: reported once, and not read.
    mutating func reportTrailing(from offset: Int) {
        let end = topLevelEnd.map { lines.position(of: $0) }
        report(.trailingContent(byteCount: buffer.count - offset, rootEnd: end), ByteRange(offset, buffer.count))
        stopped = true
    }
}

import ArchiveCore

extension XMLPlistParser {
    /// The fast lane of the scan: inside a `<dict>` or `<array>`, the well-formed constructs that make up
    /// nearly all of a large plist (whitespace between elements, `<key>…</key>` and other text elements
    /// whose content holds no markup, `<dict>`, `<array>` and their closing tags) read straight from
    /// the bytes, with the same effect on the node table as the token loop; anything else is left to
    /// it. Returns whether it read anything.
    mutating func fastStep() -> Bool {
        let depth = stack.count
        guard depth > 0, depth < Self.maxDepth else { return false }
        // Read through a pointer: the array's subscript would copy the whole frame.
        let role = stack.withUnsafeBufferPointer { $0[depth - 1].role }
        guard role == .dict || role == .array else { return false }
        let n = buffer.count
        let start = reader.offset
        var i = start
        while i < n, isSpace(buffer[i]) { i += 1 }
        // Whitespace before anything but a tag is part of a text token, which the token loop reads whole.
        guard i + 1 < n, buffer[i] == UInt8(ascii: "<") else { return false }
        let skipped = i > start
        reader.skip(to: i)
        if buffer[i + 1] == UInt8(ascii: "/") {
            if role == .dict, reader.matchesShort("</dict>", at: i) {
                reader.skip(to: i + 7)
                closeTop(end: i + 7, contentEnd: i)
                return true
            }
            if role == .array, reader.matchesShort("</array>", at: i) {
                reader.skip(to: i + 8)
                closeTop(end: i + 8, contentEnd: i)
                return true
            }
            return skipped
        }
        guard let (kind, length) = plainOpenTag(at: i) else { return skipped }
        let tag = XMLTag(range: ByteRange(i, i + length), name: ByteRange(i + 1, i + length - 1), isClose: false,
                         isEmpty: false, terminated: true, hasJunk: false)
        switch kind {
        case .dict, .array:
            // A clean UID reference gets what `openObject` gives it, without the token loop's checks (none
            // of them applies inside a container below the depth limit).
            if kind == .dict, depth + 1 < Self.maxDepth, let (uid, end) = cleanUIDDict(at: tag.range.end) {
                reader.skip(to: end)
                let id = table.append(.uid, ByteRange(i, end), a: uid, b: 0)
                attach(id, element: "dict", tag.range, context: depth - 1)
                return true
            }
            reader.skip(to: tag.range.end)
            handleOpen(tag)
            return true
        case .key where role != .dict:
            return skipped
        default:
            break
        }
        // A text element: its content must run to its own closing tag with no markup in between.
        let contentStart = tag.range.end
        guard let base = buffer.baseAddress, contentStart < n,
              let hit = Platform.firstByte(UInt8(ascii: "<"), in: base + contentStart, count: n - contentStart) else { return skipped }
        let contentEnd = base.distance(to: hit)
        let closeLength = length + 1
        guard contentEnd + closeLength <= n, buffer[contentEnd + 1] == UInt8(ascii: "/"),
              Platform.bytesEqual(base + contentEnd + 2, base + i + 1, count: length - 1) else { return skipped }
        guard let leaf = XMLNodeTable.Kind.leaf(kind) else { return skipped }
        let end = contentEnd + closeLength
        reader.skip(to: end)
        let id = table.append(leaf, ByteRange(i, end), a: UInt32(truncatingIfNeeded: contentStart),
                              b: UInt32(truncatingIfNeeded: contentEnd))
        if kind == .key {
            if stack.withUnsafeBufferPointer({ $0[depth - 1].pendingKey }) != nil, let pending = stack[depth - 1].pendingKey {
                reportKeyWithoutValue(pending, dict: stack[depth - 1])
            }
            stack.withUnsafeMutableBufferPointer { $0[depth - 1].pendingKey = id }
        } else {
            attach(id, element: kind.name, tag.range, context: depth - 1)
        }
        return true
    }

    /// The kind and length of a plain opening tag at `i` (`<dict>`, `<key>`, `<string>`, … with no
    /// attributes or spaces), nil for anything else.
    private func plainOpenTag(at i: Int) -> (XMLElementKind, Int)? {
        guard i + 2 < buffer.count else { return nil }
        switch buffer[i + 1] {
        case UInt8(ascii: "k"): return reader.matchesShort("<key>", at: i) ? (.key, 5) : nil
        case UInt8(ascii: "d"):
            if reader.matchesShort("<dict>", at: i) { return (.dict, 6) }
            if reader.matchesShort("<data>", at: i) { return (.data, 6) }
            return reader.matchesShort("<date>", at: i) ? (.date, 6) : nil
        case UInt8(ascii: "a"): return reader.matchesShort("<array>", at: i) ? (.array, 7) : nil
        case UInt8(ascii: "s"): return reader.matchesShort("<string>", at: i) ? (.string, 8) : nil
        case UInt8(ascii: "i"): return reader.matchesShort("<integer>", at: i) ? (.integer, 9) : nil
        case UInt8(ascii: "r"): return reader.matchesShort("<real>", at: i) ? (.real, 6) : nil
        default: return nil
        }
    }
}

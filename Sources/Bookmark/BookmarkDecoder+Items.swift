import ArchiveCore

extension BookmarkDecoder {
    /// A container being read: its item, the offsets its payload holds, and the items found so far.
    struct Frame {
        let item: Int
        let links: [(field: ByteRange, offset: UInt32)]
        var resolved: [Int?] = []
    }

    /// The item at data offset `offset` (named by the 4 bytes at `field`) and everything it contains,
    /// read depth-first with an explicit stack: a link to a container still being read is a cycle
    /// (`bookmark.item.cycle`), and nothing deeper than `Limits.depth` is read.
    mutating func resolve(_ offset: UInt32, from field: ByteRange, depth: Int) -> Int? {
        guard let (root, fresh) = enter(offset, from: field, depth: depth) else { return nil }
        guard fresh, items[root].type.isContainer else { return root }
        var open: Set<Int> = [root]
        var stack = [Frame(item: root, links: links(of: root))]
        while let top = stack.indices.last {
            guard stack[top].resolved.count < stack[top].links.count else {
                let frame = stack.removeLast()
                open.remove(frame.item)
                close(frame)
                continue
            }
            let link = stack[top].links[stack[top].resolved.count]
            let parent = items[stack[top].item]
            if let seen = itemAt[link.offset], open.contains(seen) {
                report(.itemCycle(offset: link.offset, container: items[seen].headerRange.start), link.field,
                       notes: [DiagnosticNote("the container it leads back to", range: items[seen].headerRange)])
            } else if itemAt[link.offset] == nil, parent.depth >= Limits.depth {
                report(.itemTooDeep(limit: Limits.depth), link.field)
            } else if let (child, fresh) = enter(link.offset, from: link.field, depth: parent.depth + 1) {
                stack[top].resolved.append(child)
                if fresh, items[child].type.isContainer {
                    open.insert(child)
                    stack.append(Frame(item: child, links: links(of: child)))
                }
                continue
            }
            // The link leads nowhere: reported above or by `enter`.
            stack[top].resolved.append(nil)
        }
        return root
    }

    /// The item at `offset`: its index, and whether it was read just now (false when read before).
    /// Nil, after a diagnostic at `field`, when no item header fits there or the item limit is reached.
    mutating func enter(_ offset: UInt32, from field: ByteRange, depth: Int) -> (Int, Bool)? {
        if let seen = itemAt[offset] { return (seen, false) }
        let start = dataOffset + Int(offset)
        // Item header: 0 payload length, 4 type code.
        guard let length = reader.u32(start), let code = reader.u32(start + 4) else {
            report(.itemOutOfRange(offset: offset, absolute: start, size: reader.count), field,
                   notes: [DiagnosticNote("the bookmark ends at \(reader.count)", range: ByteRange(start: reader.count, count: 0))])
            return nil
        }
        guard items.count < Limits.items else {
            reportLimit(.itemTooMany(what: "items", limit: Limits.items), field, key: "items")
            return nil
        }
        let payloadStart = start + 8, available = reader.count - payloadStart
        let header = ByteRange(start: start, count: 8)
        if Int(length) > available {
            report(.itemLengthTooLarge(length: length, at: start, available: available), ByteRange(start: start, count: 4),
                   notes: [DiagnosticNote("the bookmark ends at \(reader.count)", range: ByteRange(start: reader.count, count: 0))])
        }
        let payload = ByteRange(start: payloadStart, count: Swift.min(Int(length), available))
        let type = BookmarkItemType(code: code)
        let value = scalar(type, payload: payload, cut: Int(length) > available, header: header)
        items.append(BookmarkItem(offset: offset, headerRange: header, payloadRange: payload, declaredLength: length,
                                  typeCode: code, type: type, value: value, depth: depth))
        itemAt[offset] = items.count - 1
        return (items.count - 1, true)
    }

    /// The offsets a container's payload holds: 4-byte words for an array and a relative URL, in pairs
    /// for a dictionary (read as words here, paired in `close`). Counted against `Limits.links`.
    mutating func links(of index: Int) -> [(field: ByteRange, offset: UInt32)] {
        let item = items[index]
        guard case .raw = item.value else { return [] }
        var words = item.payloadRange.count / 4
        if item.type == .dictionary { words -= words % 2 }
        if item.type == .relativeURL { words = Swift.min(words, 2) }
        if linkCount + words > Limits.links {
            reportLimit(.itemTooMany(what: "offsets inside arrays and dictionaries", limit: Limits.links), item.headerRange, key: "links")
            words = Swift.max(0, Limits.links - linkCount)
        }
        linkCount += words
        return (0..<words).compactMap { i in
            let at = item.payloadRange.start + 4 * i
            return reader.u32(at).map { (ByteRange(start: at, count: 4), $0) }
        }
    }

    /// Gives a container its value once all its links are resolved.
    mutating func close(_ frame: Frame) {
        let old = items[frame.item]
        let links = zip(frame.links, frame.resolved).map { BookmarkLink(field: $0.0.field, offset: $0.0.offset, item: $0.1) }
        let value: BookmarkValue
        switch old.type {
        case .dictionary:
            value = .dictionary(stride(from: 0, to: links.count - 1, by: 2).map { BookmarkPair(key: links[$0], value: links[$0 + 1]) })
        case .relativeURL where links.count == 2:
            value = .relativeURL(base: links[0], relative: links[1])
        case .array:
            value = .array(links)
        default:
            return
        }
        items[frame.item] = BookmarkItem(offset: old.offset, headerRange: old.headerRange, payloadRange: old.payloadRange,
                                         declaredLength: old.declaredLength, typeCode: old.typeCode, type: old.type,
                                         value: value, depth: old.depth)
    }
}

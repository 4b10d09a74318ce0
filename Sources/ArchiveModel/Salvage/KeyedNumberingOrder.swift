/// The order NSKeyedArchiver numbers objects in: it gives an object the next UID when it first
/// encodes it and then encodes its fields, so the object that first refers to an entry (its encoder)
/// comes before it, and every entry between the two lies below that encoder too: `$objects` is a
/// depth-first (preorder) listing of the encoding tree. A UID read wrongly (a repair's guess) usually
/// breaks this; `violations` counts the entries whose first referrer is not on the path from the
/// top to the entry before them.
enum KeyedNumberingOrder {
    /// Entries of a keyed archive in `tree` out of preorder (0 for a plist that is not a keyed archive).
    static func violations(_ tree: any PlistTree) -> Int {
        guard KeyedArchiveHeader.looksKeyed(tree) else { return 0 }
        let header = KeyedArchiveHeader(tree: tree)
        let entries = header.objectNodeIDs
        let n = entries.count
        guard n > 1, n <= 1_000_000 else { return 0 }
        // Each violation scans the path: stop counting at `limit`, which keeps hostile files linear enough.
        let limit = 1_000
        // First referrer of each entry: -1 for the top, n for none yet.
        var encoder = [Int](repeating: n, count: n)
        if let top = header.topID, case .dict(_, let values) = tree.node(top).value {
            for v in values { if case .uid(let u) = tree.node(v).value, u > 0, u < UInt64(n) { encoder[Int(u)] = -1 } }
        }
        for (id, nodeID) in entries.enumerated() {
            guard case .dict(_, let values) = tree.node(nodeID).value else { continue }
            for v in values {
                for u in uids(tree, v) where u > 0 && u < UInt64(n) && encoder[Int(u)] == n { encoder[Int(u)] = id }
            }
        }
        var path: [Int] = [-1]
        var count = 0
        for id in 1..<n where encoder[id] != n {
            let parent = encoder[id]
            guard parent < id, let depth = path.lastIndex(of: parent) else {
                count += 1
                if count >= limit { return count }
                continue
            }
            path.removeSubrange((depth + 1)...)
            path.append(id)
        }
        return count
    }

    /// The UIDs of a field value: itself, or the elements of an inline array.
    private static func uids(_ tree: any PlistTree, _ id: Int) -> [UInt64] {
        let node = tree.node(id)
        switch node.value {
        case .uid(let u): return [u]
        case .array(let ids): return ids.prefix(100_000).compactMap { if case .uid(let u) = tree.node($0).value { u } else { nil } }
        default: return []
        }
    }
}

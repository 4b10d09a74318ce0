/// An inline array (a plist array stored as a field value, not as an object) that several objects list.
///
/// NSKeyedArchiver never writes one, but a binary plist may point any number of dictionaries at the
/// same array node (Python's plistlib does, for a list used twice). Expanded in every holder, 4,000
/// objects sharing a 4,000-UID list are 16 million references from 80 KB, so whole-file passes
/// (full check, index, dump) show such a list under one object, its owner, and link the other
/// holders to it.
public struct SharedInlineList: Sendable, Equatable {
    /// The plist node of the array.
    public var node: Int
    /// The object whose field shows the list: the lowest id among the holders.
    public var owner: ObjectID
    /// How many objects list it.
    public var holders: Int
    /// Number of items.
    public var count: Int
}

/// A reference to a shared inline list kept on a `GraphObject`: it keeps the list's targets reachable
/// from every holder without repeating its items.
public struct SharedListLink: Sendable, Equatable {
    /// The plist node of the array.
    public var node: Int
    /// For the owner, the index of the field that shows the list; nil for the other holders.
    public var ownerField: Int?
}

extension KeyedArchiveGraph {
    /// Lists with more items than this count as shared when several objects list them (shorter ones
    /// are repeated: at most `repeatedInlineLimit` values per holder).
    static var sharedListMinimum: Int { sharedChildMinimum }

    /// Inline arrays listed by more than one object, by plist node. One pass over the object
    /// dictionaries (no list is read), on first use.
    func findSharedInlineLists() -> [Int: SharedInlineList] {
        let n = objectCount
        let tree = self.tree, objectNodeIDs = self.objectNodeIDs
        typealias Seen = [Int: SharedInlineList]
        let parts: [Seen] = Parallel.map(count: n, progress: { _ in true }) { range, _ -> Seen in
            var seen: Seen = [:]
            for id in range {
                guard case .dict(_, let values) = tree.node(objectNodeIDs[id]).value else { continue }
                var listedHere = Set<Int>()
                for value in values {
                    guard let elements = tree.arrayElements(value), elements.count > Self.sharedListMinimum,
                          listedHere.insert(value).inserted else { continue }
                    seen[value, default: SharedInlineList(node: value, owner: id, holders: 0, count: elements.count)].holders += 1
                }
            }
            return seen
        } ?? []
        var merged: [Int: SharedInlineList] = [:]
        for part in parts {
            for (node, entry) in part {
                if var known = merged[node] {
                    known.holders += entry.holders
                    known.owner = Swift.min(known.owner, entry.owner)
                    merged[node] = known
                } else {
                    merged[node] = entry
                }
            }
        }
        return merged.filter { $0.value.holders > 1 }
    }

    /// The field value a holder other than the owner shows.
    static func sharedListStandIn(_ list: SharedInlineList) -> FieldValue {
        .invalid("the inline array of #\(list.owner) (plist object \(list.node), \(list.count) items), listed by \(list.holders) objects; shown under #\(list.owner)")
    }

    /// The diagnostic the owner carries, once per shared list.
    static func sharedListDiagnostic(_ list: SharedInlineList, range: ByteRange?) -> Diagnostic {
        Diagnostic("keyed.inline.shared", .warning,
                   "inline array (plist object \(list.node), \(list.count) items) is listed by \(list.holders) objects; NSKeyedArchiver never shares one. Whole-file views show it under #\(list.owner) and link the other holders to it",
                   range: range, object: list.owner)
    }
}

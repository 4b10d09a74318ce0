import ArchiveCore

/// The nodes of an XML plist as the structural scan leaves them: flat arrays of fixed-size fields
/// (struct of arrays), no `String` and no per-node allocation. A text element keeps only the bytes of
/// its content; its value and its problems are decoded when the node is read (`XMLLeafDecoder`).
///
/// Offsets are into the UTF-8 text the scan read (the file, or a transcoded copy of it) and fit in 32
/// bits: `XMLPlistDecoder` reads at most `maxTextLength` bytes.
struct XMLNodeTable: Sendable {
    /// What a node is. Leaf kinds (`string` … `data`) have their content range in `a`/`b`.
    enum Kind: UInt8, Sendable {
        /// Nothing decodable: the message is in `reasons` (none while an element is still open).
        case invalid
        /// `a` is the first child in `children` (the keys, then the values), `b` the number of keys.
        case dict
        /// `a` is the first child in `children`, `b` the number of elements.
        case array
        /// A `CF$UID` dict: the value's low 32 bits in `a`, high 32 bits in `b`.
        case uid
        case boolTrue, boolFalse
        case string, key, integer, real, date, data
        /// `<string/>` and `<key/>`.
        case emptyString
        /// `<data/>`.
        case emptyData

        /// The element kind of a text element's content, nil for other kinds.
        var leafElement: XMLElementKind? {
            switch self {
            case .string: .string
            case .key: .key
            case .integer: .integer
            case .real: .real
            case .date: .date
            case .data: .data
            default: nil
            }
        }

        /// The kind that stores a text element of `element`'s content, nil for non-text elements.
        static func leaf(_ element: XMLElementKind) -> Kind? {
            switch element {
            case .string: .string
            case .key: .key
            case .integer: .integer
            case .real: .real
            case .date: .date
            case .data: .data
            default: nil
            }
        }
    }

    /// The fixed fields of one node: its bytes, and two kind-dependent words.
    struct Record: Sendable {
        var start: UInt32
        var end: UInt32
        var a: UInt32
        var b: UInt32
    }

    private(set) var kinds: [UInt8] = []
    private(set) var records: [Record] = []
    /// The child ids of every dict and array, each container's in one run.
    private(set) var children: [Int32] = []
    /// Messages of `.invalid` nodes (absent: the empty message of a placeholder).
    var reasons: [Int32: String] = [:]
    /// Problems the scan found in nodes (already counted against the per-id limit), in report order.
    var diagnostics: [Int32: [Diagnostic]] = [:]
    /// Problems in the key and integer of a `CF$UID` dict folded into its node, not yet counted: they
    /// are text-element problems, counted in node order with the others when the check replays them.
    var absorbed: [Int32: [XMLLeafIssue]] = [:]

    /// A table with room for about `expected` nodes (untouched capacity costs no memory).
    init(expected: Int) {
        let n = Swift.max(0, expected)
        kinds.reserveCapacity(n)
        records.reserveCapacity(n)
        children.reserveCapacity(n)
    }

    var count: Int { kinds.count }

    /// Appends a placeholder for an element spanning `range`; returns its id.
    mutating func append(_ range: ByteRange) -> Int {
        kinds.append(Kind.invalid.rawValue)
        records.append(Record(start: UInt32(truncatingIfNeeded: range.start), end: UInt32(truncatingIfNeeded: range.end), a: 0, b: 0))
        return kinds.count - 1
    }

    /// Drops the last `n` nodes (the key and integer of a `CF$UID` dict).
    mutating func removeLast(_ n: Int) {
        if !diagnostics.isEmpty || !reasons.isEmpty || !absorbed.isEmpty {
            for id in (kinds.count - n)..<kinds.count {
                let key = Int32(truncatingIfNeeded: id)
                diagnostics[key] = nil
                reasons[key] = nil
                absorbed[key] = nil
            }
        }
        kinds.removeLast(n)
        records.removeLast(n)
    }

    func kind(_ id: Int) -> Kind { Kind(rawValue: kinds[id]) ?? .invalid }

    func range(_ id: Int) -> ByteRange { ByteRange(Int(records[id].start), Int(records[id].end)) }

    func start(_ id: Int) -> Int { Int(records[id].start) }

    /// The first kind-dependent word of node `id`.
    func a(_ id: Int) -> UInt32 { records[id].a }

    /// The second kind-dependent word of node `id`.
    func b(_ id: Int) -> UInt32 { records[id].b }

    /// The content of text element `id` (between its tags).
    func content(_ id: Int) -> ByteRange { ByteRange(Int(records[id].a), Int(records[id].b)) }

    mutating func setEnd(_ id: Int, _ end: Int) { records[id].end = UInt32(truncatingIfNeeded: end) }

    mutating func set(_ id: Int, _ kind: Kind, a first: UInt32 = 0, b second: UInt32 = 0) {
        kinds[id] = kind.rawValue
        records[id].a = first
        records[id].b = second
    }

    /// Appends a finished node of `kind` spanning `range`; returns its id.
    mutating func append(_ kind: Kind, _ range: ByteRange, a first: UInt32, b second: UInt32) -> Int {
        kinds.append(kind.rawValue)
        records.append(Record(start: UInt32(truncatingIfNeeded: range.start), end: UInt32(truncatingIfNeeded: range.end),
                              a: first, b: second))
        return kinds.count - 1
    }

    /// Makes `id` an `.invalid` node with `reason`.
    mutating func setInvalid(_ id: Int, _ reason: String) {
        kinds[id] = Kind.invalid.rawValue
        reasons[Int32(truncatingIfNeeded: id)] = reason
    }

    /// Makes `id` an array of `elements`.
    mutating func setArray<C: Collection>(_ id: Int, _ elements: C) where C.Element == Int32 {
        let first = children.count
        children.append(contentsOf: elements)
        set(id, .array, a: UInt32(truncatingIfNeeded: first), b: UInt32(truncatingIfNeeded: elements.count))
    }

    /// Makes `id` a dict of `pairs` (key, value, key, value, …; an odd last key is dropped).
    mutating func setDict<C: Collection>(_ id: Int, pairs: C) where C.Element == Int32 {
        let first = children.count
        var n = 0
        for (i, child) in pairs.enumerated() where i & 1 == 0 && i + 1 < pairs.count {
            children.append(child)
            n += 1
        }
        for (i, child) in pairs.enumerated() where i & 1 == 1 { children.append(child) }
        set(id, .dict, a: UInt32(truncatingIfNeeded: first), b: UInt32(truncatingIfNeeded: n))
    }

    /// Children `[first, first + count)` of the flat child list, as node ids.
    func childIDs(_ first: Int, _ count: Int) -> [Int] {
        guard count > 0 else { return [] }
        return children[first..<(first + count)].map { Int($0) }
    }

    /// Reports `diagnostic` on node `id`.
    mutating func add(_ diagnostic: Diagnostic, to id: Int) {
        diagnostics[Int32(truncatingIfNeeded: id), default: []].append(diagnostic)
    }

    /// The structural diagnostics of node `id`.
    func diagnostics(_ id: Int) -> [Diagnostic] {
        diagnostics.isEmpty ? [] : diagnostics[Int32(truncatingIfNeeded: id)] ?? []
    }

    /// The problems of the key and integer folded into `CF$UID` dict `id`.
    func absorbed(_ id: Int) -> [XMLLeafIssue] {
        absorbed.isEmpty ? [] : absorbed[Int32(truncatingIfNeeded: id)] ?? []
    }
}

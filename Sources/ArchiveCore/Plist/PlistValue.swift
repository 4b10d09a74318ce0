/// One decoded property-list value. Containers hold node ids (indices into their `PlistTree`), so
/// shared children and cycles cost nothing; an id outside the tree is a broken reference.
@usableFromInline package enum PlistValue: Sendable, Equatable {
    /// bplist `00` (CF reads it even in bplist00).
    case null
    /// bplist `0F` fill byte (CF rejects it).
    case fill
    case bool(Bool)
    /// An integer, with the byte width it was stored in (0 for text formats).
    case integer(Int128, width: Int)
    /// A real, with its byte width (4 or 8; 0 for text formats).
    case real(Double, width: Int)
    /// Seconds since 2001-01-01T00:00:00Z.
    case date(Double)
    case data([UInt8])
    case string(String)
    /// NSKeyedArchiver UID (bplist `8n`, or XML `CF$UID` dict).
    case uid(UInt64)
    case array([Int])
    case set([Int])
    /// Keys and values in file order, parallel arrays.
    case dict(keys: [Int], values: [Int])
    /// Nothing decodable; the message says why.
    case invalid(String)

    /// A short type name: `dict`, `integer`, …
    package var typeName: String {
        switch self {
        case .null: "null"
        case .fill: "fill"
        case .bool: "bool"
        case .integer: "integer"
        case .real: "real"
        case .date: "date"
        case .data: "data"
        case .string: "string"
        case .uid: "uid"
        case .array: "array"
        case .set: "set"
        case .dict: "dict"
        case .invalid: "invalid"
        }
    }

    /// The type as a message names it, with its article: "an integer", "a dictionary", "a UID", "an
    /// undecodable value" (`typeName` is the short form rows show).
    package var typeNoun: String {
        switch self {
        case .dict: "a dictionary"
        case .uid: "a UID"
        case .fill: "a fill byte"
        case .invalid: "an undecodable value"
        default: English.article(typeName)
        }
    }

    /// Child node ids of a container, in file order (dict: keys then values interleaved as pairs).
    package var childIDs: [Int] {
        switch self {
        case .array(let ids), .set(let ids): ids
        case .dict(let keys, let values):
            zip(keys, values).reduce(into: [Int]()) { ids, pair in
                ids.reserveCapacity(2 * keys.count)
                ids.append(pair.0)
                ids.append(pair.1)
            }
        default: []
        }
    }

    /// Whether the value holds other nodes.
    var isContainer: Bool {
        switch self {
        case .array, .set, .dict: true
        default: false
        }
    }
}

/// A decoded node: its value, where it is, and the problems found in it.
@usableFromInline package struct PlistNode: Sendable, Equatable {
    @usableFromInline package var value: PlistValue
    /// Bytes of the whole object (marker, counts, payload, refs).
    @usableFromInline package var range: ByteRange?
    /// Start line:column, for text formats.
    @usableFromInline package var position: TextPosition?
    /// Problems found while decoding this node.
    @usableFromInline package var diagnostics: [Diagnostic]

    @inlinable
    package init(_ value: PlistValue, range: ByteRange?, position: TextPosition? = nil, diagnostics: [Diagnostic] = []) {
        self.value = value
        self.range = range
        self.position = position
        self.diagnostics = diagnostics
    }
}

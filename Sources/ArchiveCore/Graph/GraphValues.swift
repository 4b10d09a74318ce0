/// An object's address within an `ObjectGraph` (for keyed archives: its index in `$objects`).
public typealias ObjectID = Int

/// A plain value stored inline or as a bare object.
public enum ScalarValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// An integer with the byte width it was stored in (0 when unknown or textual).
    case integer(Int128, width: Int)
    /// A real with its byte width (4 = float, 8 = double, 0 = unknown).
    case real(Double, width: Int)
    case string(String)
    case data([UInt8])
    /// Seconds since 2001-01-01T00:00:00Z.
    case date(Double)
    /// A UID outside a keyed archive (a plain plist that holds one).
    case uid(UInt64)

    /// Short type name used in summaries and JSON.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .integer: "integer"
        case .real: "real"
        case .string: "string"
        case .data: "data"
        case .date: "date"
        case .uid: "uid"
        }
    }
}

/// Where a reference leads. The four states a debugger must keep apart are `.object` (and a key that
/// is absent, which is simply no field), `.null`, `.conditionalNull` and `.dangling`.
public enum Reference: Sendable, Equatable, Hashable {
    /// A valid object.
    case object(ObjectID)
    /// An explicit nil (UID 0 in keyed archives, `85` in typedstreams).
    case null
    /// A non-zero slot that holds `$null`: a conditional object that was never encoded unconditionally.
    case conditionalNull(ObjectID)
    /// A reference that leads nowhere: out of range or of the wrong type. `raw` is the stored number.
    case dangling(raw: UInt64, reason: String)

    /// The target id when the reference is to a real object.
    public var objectID: ObjectID? {
        if case .object(let id) = self { return id }
        return nil
    }
}

/// The value of one field of an object.
public enum FieldValue: Sendable, Equatable {
    case reference(Reference)
    case scalar(ScalarValue)
    /// An inline list (e.g. `NS.objects` of UIDs, a typedstream array or struct members); a long
    /// keyed-archive list reads its items on demand (see `FieldList`).
    case list(FieldList)
    /// A value that could not be decoded; the message says why.
    case invalid(String)
    /// Content written once in the file and shown under another object, its owner: a holder's copy of
    /// an inline list several objects share, or a `$objects` entry whose dictionary is another's.
    /// Front ends show it like a reference to the owner (following it leads there); it is not a
    /// reference, so it adds no referrer: the index links it through `SharedListLink`s.
    case sameAs(SameContent)

    /// The referenced object id, if this is a reference to a real object.
    public var objectID: ObjectID? {
        if case .reference(let r) = self { return r.objectID }
        return nil
    }
}

/// Where content written once in the file is shown (see `FieldValue.sameAs`).
public struct SameContent: Sendable, Equatable {
    /// The object that shows the content.
    public var owner: ObjectID
    /// The plist node that holds it.
    public var node: Int
    /// What it is, for people: `the inline array of #3 (plist object 9, 4,000 items), listed by 4,000 objects`.
    public var description: String

    package init(owner: ObjectID, node: Int, description: String) {
        self.owner = owner
        self.node = node
        self.description = description
    }
}

/// One key/value (or index/value) pair of an object.
public struct Field: Sendable, Equatable {
    /// The key as a user sees it: un-mangled (`$$x` is shown as `$x`), or `$0`, or a typedstream index.
    public var key: String
    /// The key exactly as stored, when it differs from `key`.
    public var rawKey: String?
    /// The field's value: a reference, a scalar, an inline list, or what could not be decoded.
    public var value: FieldValue
    /// The typedstream type encoding of the value (`@`, `i`, `{_NSRange=II}` …), if any.
    public var typeEncoding: String?
    /// Bytes that hold the value (or the key and value), when known.
    public var range: ByteRange?
    /// True for the non-keyed values `$0`, `$1`, … of a keyed archive and for typedstream values.
    public var isPositional: Bool
    /// True for a top-level row a front end shows as a way in (a nib's connections, its top-level
    /// objects) rather than something the file stores there: its references are not references of the
    /// file, so the index counts no referrer and no reachability for them.
    public var isShortcut: Bool

    @inlinable
    package init(key: String, rawKey: String? = nil, value: FieldValue, typeEncoding: String? = nil,
                range: ByteRange? = nil, isPositional: Bool = false, isShortcut: Bool = false) {
        self.key = key
        self.rawKey = rawKey
        self.value = value
        self.typeEncoding = typeEncoding
        self.range = range
        self.isPositional = isPositional
        self.isShortcut = isShortcut
    }
}

/// A class in an object's class chain.
public struct ClassInfo: Sendable, Equatable {
    /// The class name as the file gives it (escape it with `DisplayText` before printing).
    public var name: String
    /// typedstream class version; nil for keyed archives.
    public var version: Int?
    package init(name: String, version: Int? = nil) {
        self.name = name
        self.version = version
    }
}

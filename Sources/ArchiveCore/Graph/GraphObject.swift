/// What an object slot holds.
public enum ObjectKind: String, Sendable, Equatable {
    /// An encoded object with a class and fields.
    case instance
    /// A bare value (keyed archives store NSString/NSNumber/NSData as plain plist values).
    case value
    /// A keyed-archive class description (`$classname`, `$classes`).
    case classDescription
    /// `$objects[0]`-style `$null` marker.
    case nullMarker
    /// A typedstream class record.
    case classRecord
    /// A plain property-list container (array, dict or set) of a non-archive plist.
    case container
    /// Nothing decodable.
    case invalid
}

/// One object of an `ObjectGraph`, decoded on demand.
public struct GraphObject: Sendable, Equatable {
    /// The object's id in its graph.
    public var id: ObjectID
    /// What the object is: an instance, a bare value, a class description, …
    public var kind: ObjectKind
    /// `$classname` (or typedstream class name, or the plist container type); nil for bare values.
    public var className: String?
    /// The full class chain, most derived first (`$classes`, or the typedstream superclass chain).
    public var classChain: [ClassInfo]
    /// The class-description object this instance points to (`$class`), if any.
    public var classObjectID: ObjectID?
    /// Other objects this one keeps alive without a field (plain-plist dictionary keys): they count
    /// for reachability but not as referrers.
    package var auxiliaryReferences: [ObjectID] = []
    /// Links to content the file writes once and this object lists with others: a shared inline list
    /// (`SharedInlineList`), a shared `$objects` dictionary (`SharedEntry`) or a repeated offset. Whole-file
    /// reads record them; the index reaches the content's targets through them (`EdgeEndpoint`).
    package var sharedListLinks: [SharedListLink] = []
    /// The bare value, for `.value` objects.
    public var value: ScalarValue?
    /// Fields in archive order (a typedstream object with very many fields makes them when asked).
    public var fields: FieldCollection
    /// Bytes of the object in the input.
    public var range: ByteRange?
    /// Line:column of the object, for text formats.
    public var position: TextPosition?
    /// Problems found while decoding this object.
    public var diagnostics: [Diagnostic]

    @inlinable
    package init(id: ObjectID, kind: ObjectKind, className: String? = nil, classChain: [ClassInfo] = [],
                classObjectID: ObjectID? = nil, value: ScalarValue? = nil, fields: [Field] = [], range: ByteRange? = nil,
                position: TextPosition? = nil, diagnostics: [Diagnostic] = []) {
        self.id = id
        self.kind = kind
        self.className = className
        self.classChain = classChain
        self.classObjectID = classObjectID
        self.value = value
        self.fields = FieldCollection(fields)
        self.range = range
        self.position = position
        self.diagnostics = diagnostics
    }

    /// The first field with `key`, if any.
    public func field(_ key: String) -> Field? {
        // Each stored field's key read from the array itself: a search through a closure copied
        // every field it passed (its key, value and type retained and released), 1,460 instructions a
        // lookup of an NSDictionary's `NS.keys` (issue 39).
        guard case .stored(let items) = fields.storage else { return fields.first { $0.key.isLiterally(key) } }
        for i in items.indices where items[i].key.isLiterally(key) { return items[i] }
        return nil
    }
}

extension FieldValue {
    /// Calls `body` for every reference inside this value, in order (descending into inline lists
    /// iteratively). A list's items are each read once; of a lazily read list only the first
    /// `lazyItemLimit` items are visited.
    public func forEachReference(lazyItemLimit: Int = .max, _ body: (Reference) -> Void) {
        switch self {
        case .reference(let r): body(r)
        case .scalar, .invalid, .sameAs: return
        case .list(let items):
            for item in items.isLazy ? items.prefix(lazyItemLimit) : items[...] {
                switch item {
                case .reference(let r): body(r)
                case .list: item.forEachNestedReference(body)
                case .scalar, .invalid, .sameAs: continue
                }
            }
        }
    }

    /// `forEachReference` for a nested list, with an explicit stack (nesting is input-controlled).
    private func forEachNestedReference(_ body: (Reference) -> Void) {
        var pending: [FieldValue] = [self]
        while let next = pending.popLast() {
            switch next {
            case .reference(let r): body(r)
            case .list(let items): pending.append(contentsOf: items.reversed())
            case .scalar, .invalid, .sameAs: break
            }
        }
    }
}

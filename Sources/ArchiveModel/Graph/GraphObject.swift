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
    public var id: ObjectID
    public var kind: ObjectKind
    /// `$classname` (or typedstream class name, or the plist container type); nil for bare values.
    public var className: String?
    /// The full class chain, most derived first (`$classes`, or the typedstream superclass chain).
    public var classChain: [ClassInfo]
    /// The class-description object this instance points to (`$class`), if any.
    public var classObjectID: ObjectID?
    /// Other objects this one keeps alive without a field (plain-plist dictionary keys): they count
    /// for reachability but not as referrers.
    public var auxiliaryReferences: [ObjectID] = []
    /// Inline arrays this object lists that other objects list too (keyed archives; see `SharedInlineList`).
    public var sharedListLinks: [SharedListLink] = []
    /// The bare value, for `.value` objects.
    public var value: ScalarValue?
    /// Fields in archive order.
    public var fields: [Field]
    /// Bytes of the object in the input.
    public var range: ByteRange?
    /// Line:column of the object, for text formats.
    public var position: TextPosition?
    /// Problems found while decoding this object.
    public var diagnostics: [Diagnostic]

    public init(id: ObjectID, kind: ObjectKind, className: String? = nil, classChain: [ClassInfo] = [],
                classObjectID: ObjectID? = nil, value: ScalarValue? = nil, fields: [Field] = [], range: ByteRange? = nil,
                position: TextPosition? = nil, diagnostics: [Diagnostic] = []) {
        self.id = id
        self.kind = kind
        self.className = className
        self.classChain = classChain
        self.classObjectID = classObjectID
        self.value = value
        self.fields = fields
        self.range = range
        self.position = position
        self.diagnostics = diagnostics
    }

    /// The first field with `key`, if any.
    public func field(_ key: String) -> Field? { fields.first { $0.key.isLiterally(key) } }
}

/// One model for every archive format: objects addressed by id, resolved lazily.
public protocol ObjectGraph: AnyObject, Sendable {
    /// The container format the graph was read from.
    var container: ContainerFormat { get }
    /// What kind of archive this is: `NSKeyedArchiver` (or the `$archiver` found), `typedstream`, `plist`.
    var archiveKind: String { get }
    /// The raw input, for hex views.
    var input: InputBytes { get }
    /// Number of object ids (`0..<objectCount`).
    var objectCount: Int { get }
    /// Entry points: `$top` keys of a keyed archive, the root of a plist, the top-level values of a typedstream.
    var topLevel: [Field] { get }
    /// The object with `id` and the problems met decoding it (validation rules run apart:
    /// `ruleDiagnostics`, `GraphValidation`); an id out of range yields an `.invalid` object.
    func object(_ id: ObjectID) -> GraphObject
    /// The per-object validation rules' diagnostics for `object` (as `object(_:)` decoded it); of a
    /// lazily read list they look at the first `itemLimit` items. None by default.
    func ruleDiagnostics(of object: GraphObject, itemLimit: Int) -> [Diagnostic]
    /// The whole-graph validation rules' diagnostics (unreachable objects), given the index of a full
    /// check. None by default.
    func graphRuleDiagnostics(index: GraphIndex) -> [Diagnostic]
    /// The object's class, fields and references without running validation rules (cheaper; used by
    /// whole-graph passes). Diagnostics may be incomplete.
    func structure(_ id: ObjectID) -> GraphObject
    /// A `structure` reader for one thread of a whole-graph pass (it may keep a cache of its own).
    func makeStructureReader() -> (ObjectID) -> GraphObject
    /// Problems found while opening (cheap: header, trailer, top level).
    var openDiagnostics: [Diagnostic] { get }
    /// Every diagnostic: container checks plus archive validation rules. May be slow on huge inputs;
    /// `progress` receives a fraction and returns false to cancel.
    func fullCheck(progress: (Double) -> Bool) -> [Diagnostic]
}

extension ObjectGraph {
    public func structure(_ id: ObjectID) -> GraphObject { object(id) }
    public func makeStructureReader() -> (ObjectID) -> GraphObject { { self.structure($0) } }
    public func ruleDiagnostics(of object: GraphObject, itemLimit: Int) -> [Diagnostic] { [] }
    public func graphRuleDiagnostics(index: GraphIndex) -> [Diagnostic] { [] }

    /// `fullCheck` without progress reporting.
    public func fullCheck() -> [Diagnostic] { fullCheck(progress: { _ in true }) }
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

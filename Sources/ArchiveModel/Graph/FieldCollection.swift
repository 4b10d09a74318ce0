/// Fields listed in order: stored, or made one at a time when asked (the `[0]`, `[1]` … rows of a
/// collection with millions of elements, or the million stored fields of a typedstream array, are
/// never all built).
public struct FieldCollection: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    /// What a generated collection knows about its fields' type encodings without making any: from
    /// `start` on, every field has type encoding `encoding` (a typedstream array's `@` elements after
    /// its `i` count).
    public struct UniformTail: Sendable, Equatable {
        public var start: Int
        public var encoding: String

        public init(start: Int, encoding: String) {
            self.start = start
            self.encoding = encoding
        }
    }

    private enum Storage: Sendable {
        case stored([Field])
        case generated(count: Int, identity: FieldList.Identity?, tail: UniformTail?, make: @Sendable (Int) -> Field)
    }

    private var storage: Storage

    /// Stored fields.
    public init(_ fields: [Field]) { storage = .stored(fields) }

    public init(arrayLiteral elements: Field...) { storage = .stored(elements) }

    /// `count` fields, field *i* being `make(i)`, made on each access.
    public init(count: Int, make: @escaping @Sendable (Int) -> Field) {
        storage = .generated(count: Swift.max(0, count), identity: nil, tail: nil, make: make)
    }

    /// `count` fields read from the input on access; two collections with the same `identity` and
    /// count hold the same fields (they compare equal without making any). `tail`, when given, tells
    /// the fields' type encodings from some position on.
    public init(count: Int, identity: FieldList.Identity, tail: UniformTail?, make: @escaping @Sendable (Int) -> Field) {
        storage = .generated(count: Swift.max(0, count), identity: identity, tail: tail, make: make)
    }

    /// `[0]`, `[1]` … for each item of `items`, as stored (no decoding), made on access.
    public static func elements(_ items: FieldList) -> FieldCollection {
        FieldCollection(count: items.count) { Field(key: "[\($0)]", value: items[$0]) }
    }

    /// Whether fields are made on access rather than stored.
    public var isGenerated: Bool {
        if case .generated = storage { return true }
        return false
    }

    /// What generated fields are read from, when they have an identity.
    public var identity: FieldList.Identity? {
        if case .generated(_, let identity, _, _) = storage { return identity }
        return nil
    }

    /// For generated fields read from the input: the type encoding shared by every field from some
    /// position on, when known.
    public var uniformTail: UniformTail? {
        if case .generated(_, _, let tail, _) = storage { return tail }
        return nil
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .stored(let fields): fields.count
        case .generated(let count, _, _, _): count
        }
    }

    /// Field `position`; setting one makes a generated collection stored first (every field made).
    public subscript(position: Int) -> Field {
        get {
            switch storage {
            case .stored(let fields): fields[position]
            case .generated(_, _, _, let make): make(position)
            }
        }
        set { changeStored { $0[position] = newValue } }
    }

    /// Adds a field at the end (a generated collection becomes stored first, making every field).
    public mutating func append(_ field: Field) { changeStored { $0.append(field) } }

    /// Applies `change` to the fields as a stored array, without copying a stored one.
    private mutating func changeStored(_ change: (inout [Field]) -> Void) {
        var fields: [Field]
        if case .stored(let current) = storage { fields = current } else { fields = Array(self) }
        // Drop the storage's hold on the array so that changing it does not copy it.
        storage = .stored([])
        change(&fields)
        storage = .stored(fields)
    }

    public static func == (lhs: FieldCollection, rhs: FieldCollection) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.stored(let a), .stored(let b)): return a == b
        case (.generated(let n, let a?, _, _), .generated(let m, let b?, _, _)) where a == b: return n == m
        default: return lhs.count == rhs.count && lhs.elementsEqual(rhs)
        }
    }
}

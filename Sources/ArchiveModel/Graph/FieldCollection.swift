/// Fields listed in order: stored, or made one at a time when asked (the `[0]`, `[1]` … rows of a
/// collection with millions of elements are never all built).
public struct FieldCollection: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    private enum Storage: Sendable {
        case stored([Field])
        case generated(count: Int, make: @Sendable (Int) -> Field)
    }

    private let storage: Storage

    /// Stored fields.
    public init(_ fields: [Field]) { storage = .stored(fields) }

    public init(arrayLiteral elements: Field...) { storage = .stored(elements) }

    /// `count` fields, field *i* being `make(i)`, made on each access.
    public init(count: Int, make: @escaping @Sendable (Int) -> Field) {
        storage = .generated(count: Swift.max(0, count), make: make)
    }

    /// `[0]`, `[1]` … for each item of `items`, as stored (no decoding), made on access.
    public static func elements(_ items: FieldList) -> FieldCollection {
        FieldCollection(count: items.count) { Field(key: "[\($0)]", value: items[$0]) }
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .stored(let fields): fields.count
        case .generated(let count, _): count
        }
    }

    public subscript(position: Int) -> Field {
        switch storage {
        case .stored(let fields): fields[position]
        case .generated(_, let make): make(position)
        }
    }

    public static func == (lhs: FieldCollection, rhs: FieldCollection) -> Bool {
        if case .stored(let a) = lhs.storage, case .stored(let b) = rhs.storage { return a == b }
        return lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}

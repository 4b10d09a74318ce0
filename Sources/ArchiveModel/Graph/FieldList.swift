/// The items of an inline list: stored values, or values read from the input one at a time when asked.
///
/// A keyed archive's `NS.objects` can hold millions of references. Building all of them to draw
/// the first screen made opening a file O(its largest collection); a lazy list instead knows its
/// count and reads item *i* (one reference) only when item *i* is asked for. Iterating a lazy list
/// reads every item again each time, so whole-file passes iterate it once.
public struct FieldList: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    /// What a lazy list is read from, so that two reads of the same list compare equal without
    /// reading their items.
    public struct Identity: Sendable, Hashable {
        /// The object the list is read through (its `ObjectIdentifier`), and the list's node in it.
        public var owner: ObjectIdentifier
        public var node: Int

        public init(owner: ObjectIdentifier, node: Int) {
            self.owner = owner
            self.node = node
        }
    }

    private enum Storage: Sendable {
        case stored([FieldValue])
        case lazy(count: Int, identity: Identity, item: @Sendable (Int) -> FieldValue)
    }

    private let storage: Storage

    /// A list of stored values.
    public init(_ items: [FieldValue]) { storage = .stored(items) }

    public init(arrayLiteral elements: FieldValue...) { storage = .stored(elements) }

    /// A list of `count` items, item *i* being `item(i)`, computed on each access.
    public init(count: Int, identity: Identity, item: @escaping @Sendable (Int) -> FieldValue) {
        storage = .lazy(count: Swift.max(0, count), identity: identity, item: item)
    }

    /// What a lazy list is read from; nil for a stored list.
    public var identity: Identity? {
        if case .lazy(_, let identity, _) = storage { return identity }
        return nil
    }

    /// Whether items are computed on access rather than stored.
    public var isLazy: Bool {
        if case .lazy = storage { return true }
        return false
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .stored(let items): items.count
        case .lazy(let count, _, _): count
        }
    }

    public subscript(position: Int) -> FieldValue {
        switch storage {
        case .stored(let items): items[position]
        case .lazy(_, _, let item): item(position)
        }
    }

    /// The items as a stored list (reads every item of a lazy list once).
    public func stored() -> FieldList {
        if case .stored = storage { return self }
        return FieldList(Array(self))
    }

    public static func == (lhs: FieldList, rhs: FieldList) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.stored(let a), .stored(let b)): return a == b
        case (.lazy(let n, let a, _), .lazy(let m, let b, _)) where a == b: return n == m
        default: return lhs.count == rhs.count && lhs.elementsEqual(rhs)
        }
    }
}

extension FieldValue {
    /// An inline list of stored values.
    public static func list(_ items: [FieldValue]) -> FieldValue { .list(FieldList(items)) }
}

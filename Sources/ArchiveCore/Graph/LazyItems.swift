/// Items listed in order: stored, or made one at a time when asked. The one collection behind an
/// object's fields (`FieldCollection`: the `[0]`, `[1]` … rows of a collection with millions of
/// elements, or the million stored fields of a typedstream array, are never all built) and an inline
/// list's values (`FieldList`: a keyed archive's `NS.objects` can hold millions of references; a lazy
/// list knows its count and reads item *i* only when item *i* is asked for).
///
/// Iterating a lazy collection makes every item again each time, so whole-file passes iterate it once.
public struct LazyItems<Element: Sendable & Equatable>: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    /// What a lazy collection is read from, so that two reads of the same one compare equal without
    /// making their items.
    @usableFromInline package typealias Identity = LazyItemsIdentity
    /// What a lazy collection knows about its fields' type encodings without making any.
    @usableFromInline package typealias UniformTail = LazyItemsUniformTail

    @usableFromInline enum Storage: Sendable {
        case stored([Element])
        case lazy(count: Int, identity: Identity?, tail: UniformTail?, make: @Sendable (Int) -> Element)
    }

    @usableFromInline var storage: Storage

    /// Stored items.
    public init(_ items: [Element]) { storage = .stored(items) }

    public init(arrayLiteral elements: Element...) { storage = .stored(elements) }

    /// `count` items, item *i* being `make(i)`, made on each access.
    package init(count: Int, make: @escaping @Sendable (Int) -> Element) {
        storage = .lazy(count: Swift.max(0, count), identity: nil, tail: nil, make: make)
    }

    /// `count` items read from the input on access; two collections with the same `identity` and
    /// count hold the same items (they compare equal without making any). `tail`, when given, tells
    /// the fields' type encodings from some position on.
    package init(count: Int, identity: Identity, tail: UniformTail? = nil, make: @escaping @Sendable (Int) -> Element) {
        storage = .lazy(count: Swift.max(0, count), identity: identity, tail: tail, make: make)
    }

    /// Whether items are made on access rather than stored.
    package var isLazy: Bool {
        if case .lazy = storage { return true }
        return false
    }

    /// The stored items as they are stored (no item copied), or nil for lazy items: what a writer that
    /// reads every item several times takes out once.
    @inlinable package var storedItems: [Element]? {
        if case .stored(let items) = storage { return items }
        return nil
    }

    /// What lazy items are read from, when they have an identity; nil for stored items.
    package var identity: Identity? {
        if case .lazy(_, let identity, _, _) = storage { return identity }
        return nil
    }

    /// For lazy fields read from the input: the type encoding shared by every field from some
    /// position on, when known.
    package var uniformTail: UniformTail? {
        if case .lazy(_, _, let tail, _) = storage { return tail }
        return nil
    }

    @inlinable public var startIndex: Int { 0 }

    @inlinable public var endIndex: Int {
        switch storage {
        case .stored(let items): items.count
        case .lazy(let count, _, _, _): count
        }
    }

    /// Item `position`; setting one makes a lazy collection stored first (every item made).
    @inlinable public subscript(position: Int) -> Element {
        get {
            switch storage {
            case .stored(let items): items[position]
            case .lazy(_, _, _, let make): make(position)
            }
        }
        set { changeStored { $0[position] = newValue } }
    }

    /// Adds an item at the end (a lazy collection becomes stored first, making every item).
    @inlinable package mutating func append(_ item: Element) { changeStored { $0.append(item) } }

    /// The position of the first item `matches` accepts, stored items read in one pass over their
    /// buffer (no iterator, no copy of the storage per item). Each item is still copied once for
    /// `matches` (measured: the optimiser does not borrow it through the `borrowing` parameter), so a
    /// caller that needs one part of an item does better reading that part from the array itself.
    @inlinable package func firstIndex(inPlace matches: (borrowing Element) -> Bool) -> Int? {
        switch storage {
        case .stored(let items):
            return items.withUnsafeBufferPointer { buffer in
                guard let first = buffer.baseAddress else { return nil }
                for i in 0..<buffer.count where matches(first[i]) { return i }
                return nil
            }
        case .lazy(let count, _, _, let make):
            for i in 0..<count where matches(make(i)) { return i }
            return nil
        }
    }

    /// Calls `body` with each item and its position, in order; stored items in one pass over their
    /// buffer, as `firstIndex(inPlace:)` reads them (each item copied once for `body`).
    @inlinable package func forEach(inPlace body: (Int, borrowing Element) -> Void) {
        switch storage {
        case .stored(let items):
            items.withUnsafeBufferPointer { buffer in
                guard let first = buffer.baseAddress else { return }
                for i in 0..<buffer.count { body(i, first[i]) }
            }
        case .lazy(let count, _, _, let make):
            for i in 0..<count { body(i, make(i)) }
        }
    }

    /// The items as a stored collection (makes every item of a lazy one once).
    package func stored() -> LazyItems {
        if case .stored = storage { return self }
        return LazyItems(Array(self))
    }

    /// Applies `change` to the items as a stored array, without copying a stored one.
    @inlinable mutating func changeStored(_ change: (inout [Element]) -> Void) {
        var items: [Element]
        if case .stored(let current) = storage { items = current } else { items = Array(self) }
        // Drop the storage's hold on the array so that changing it does not copy it.
        storage = .stored([])
        change(&items)
        storage = .stored(items)
    }

    public static func == (lhs: LazyItems, rhs: LazyItems) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.stored(let a), .stored(let b)): return a == b
        case (.lazy(let n, let a?, _, _), .lazy(let m, let b?, _, _)) where a == b: return n == m
        default: return lhs.count == rhs.count && lhs.elementsEqual(rhs)
        }
    }
}

/// What lazy items are read from: the object they are read through (its `ObjectIdentifier`) and
/// their node in it.
@usableFromInline package struct LazyItemsIdentity: Sendable, Hashable {
    package var owner: ObjectIdentifier
    package var node: Int

    package init(owner: ObjectIdentifier, node: Int) {
        self.owner = owner
        self.node = node
    }
}

/// From `start` on, every field has type encoding `encoding` (a typedstream array's `@` elements
/// after its `i` count).
@usableFromInline package struct LazyItemsUniformTail: Sendable, Equatable {
    package var start: Int
    package var encoding: String

    package init(start: Int, encoding: String) {
        self.start = start
        self.encoding = encoding
    }
}

/// An object's fields in order, stored or made on access.
public typealias FieldCollection = LazyItems<Field>

/// The items of an inline list, stored or read from the input on access.
public typealias FieldList = LazyItems<FieldValue>

extension LazyItems where Element == Field {
    /// `[0]`, `[1]` … for each item of `items`, as stored (no decoding), made on access.
    package static func elements(_ items: FieldList) -> FieldCollection {
        FieldCollection(count: items.count) { Field(key: "[\($0)]", value: items[$0]) }
    }
}

extension FieldValue {
    /// An inline list of stored values.
    package static func list(_ items: [FieldValue]) -> FieldValue { .list(FieldList(items)) }
}

import ArchiveCore

/// The outline's decoded views, the least recently used evicted first. Lookups, insertions and
/// evictions take constant time (a dictionary over a doubly linked list kept in an array).
///
/// It keeps up to `capacity` views while their estimated memory (`cost(of:)`) stays within
/// `costBudget`, and the `minimumKept` most recently used ones whatever they cost. A walk over every
/// row (a search, a path to an object, expanding everything) touches each object once, so a cache
/// smaller than the tree decoded every object again on every walk; and listing the children of an
/// object uses it again for each child, so it must never be evicted for costing much.
struct ViewCache {
    /// Most views kept.
    let capacity: Int
    /// Most estimated bytes kept, beyond the `minimumKept` most recent views.
    let costBudget: Int
    /// The most recently used views kept whatever they cost.
    let minimumKept: Int

    private struct Entry {
        var id: ObjectID
        var view: ObjectView?
        var cost: Int
        /// The entry used next after this one (towards the newest), or -1.
        var newer: Int
        /// The entry used before this one (towards the oldest), or -1.
        var older: Int
    }

    private var slots: [ObjectID: Int] = [:]
    private var entries: [Entry] = []
    private var freeSlots: [Int] = []
    private var newest = -1
    private var oldest = -1
    /// Estimated bytes of all cached views.
    private(set) var totalCost = 0

    init(capacity: Int = 4_096, costBudget: Int = 32 << 20, minimumKept: Int = 64) {
        self.capacity = Swift.max(1, capacity)
        self.costBudget = Swift.max(0, costBudget)
        self.minimumKept = Swift.max(1, minimumKept)
    }

    /// Number of cached views.
    var count: Int { slots.count }

    /// The cached view of `id`, now the most recently used; nil when it is not cached.
    mutating func view(_ id: ObjectID) -> ObjectView? {
        guard let slot = slots[id] else { return nil }
        unlink(slot)
        linkAsNewest(slot)
        return entries[slot].view
    }

    /// Caches `view` for `id` as the most recently used, then evicts from the least recently used end
    /// while more than `capacity` views are kept, or the cost is over budget and more than
    /// `minimumKept` views are kept.
    mutating func insert(_ view: ObjectView, for id: ObjectID) {
        if let old = slots[id] { remove(old) }
        let entry = Entry(id: id, view: view, cost: Self.cost(of: view), newer: -1, older: -1)
        let slot: Int
        if let free = freeSlots.popLast() {
            entries[free] = entry
            slot = free
        } else {
            entries.append(entry)
            slot = entries.count - 1
        }
        slots[id] = slot
        totalCost += entry.cost
        linkAsNewest(slot)
        while oldest >= 0, oldest != slot,
              slots.count > capacity || (totalCost > costBudget && slots.count > minimumKept) {
            remove(oldest)
        }
    }

    /// An estimate of the memory a view holds: a fixed part, each field, and the text and bytes of
    /// its values (data and strings are copies of the file's bytes). Lazy lists cost nothing per item.
    static func cost(of view: ObjectView) -> Int {
        var cost = 256 + (view.object.value.map { payload($0) } ?? 0)
        // Fields made on access cost what their blocks cost, kept apart (`TypedstreamFieldBlocks`).
        if view.object.fields.isLazy { return cost }
        for field in view.object.fields {
            cost += 64 + payload(field.value)
        }
        return cost
    }

    private static func payload(_ value: FieldValue) -> Int {
        switch value {
        case .scalar(let scalar): payload(scalar)
        case .list(let list) where !list.isLazy:
            list.reduce(16 * list.count) { sum, item in
                if case .scalar(let scalar) = item { sum + payload(scalar) } else { sum }
            }
        case .list, .reference, .invalid, .sameAs: 0
        }
    }

    private static func payload(_ scalar: ScalarValue) -> Int {
        switch scalar {
        case .string(let text): text.utf8.count
        case .data(let bytes): bytes.count
        default: 0
        }
    }

    /// Drops the view of `id`, if cached.
    mutating func remove(id: ObjectID) {
        if let slot = slots[id] { remove(slot) }
    }

    private mutating func remove(_ slot: Int) {
        unlink(slot)
        slots[entries[slot].id] = nil
        totalCost -= entries[slot].cost
        entries[slot].view = nil
        freeSlots.append(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let newer = entries[slot].newer, older = entries[slot].older
        if newer >= 0 { entries[newer].older = older } else { newest = older }
        if older >= 0 { entries[older].newer = newer } else { oldest = newer }
        entries[slot].newer = -1
        entries[slot].older = -1
    }

    private mutating func linkAsNewest(_ slot: Int) {
        entries[slot].older = newest
        entries[slot].newer = -1
        if newest >= 0 { entries[newest].newer = slot } else { oldest = slot }
        newest = slot
    }
}

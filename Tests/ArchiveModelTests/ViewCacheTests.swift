import FuzzSupport
import Testing
@testable import ArchiveModel
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveSources

/// The outline's view cache: least recently used eviction, bounded by a count and by estimated cost.
struct ViewCacheTests {
    /// A view of a value object holding `bytes` bytes of data.
    static func dataView(_ id: ObjectID, bytes: Int = 0) -> ObjectView {
        ObjectView(object: GraphObject(id: id, kind: .value, value: .data(Array(repeating: 7, count: bytes))),
                   graph: WideGraph(width: 1))
    }

    /// Searching again (a second walk over every row) decoded every object again while the tree held
    /// more objects than the 64 views the cache kept.
    @Test func aSecondWalkOverAThousandObjectsDecodesNothing() {
        let graph = WideGraph(width: 1_000)
        let outline = Outline(graph: graph)
        guard let root = outline.roots().first else { Issue.record("no root"); return }
        for _ in 0..<2 {
            for i in 0..<outline.childCount(of: root) { _ = outline.child(of: root, at: i) }
        }
        #expect((1...1_000).allSatisfy { graph.decodes[$0] == 1 }, "objects decoded again: \((1...1_000).filter { graph.decodes[$0] != 1 }.count)")
        #expect(graph.parentDecodes == 1)
    }

    @Test func aHitMakesAnEntryTheMostRecent() {
        var cache = ViewCache(capacity: 3, costBudget: .max, minimumKept: 1)
        for id in 1...3 { cache.insert(Self.dataView(id), for: id) }
        #expect(cache.view(1) != nil)
        cache.insert(Self.dataView(4), for: 4)    // evicts 2, the least recently used
        #expect(cache.view(2) == nil)
        #expect(cache.view(1) != nil && cache.view(3) != nil && cache.view(4) != nil)
        #expect(cache.count == 3)
    }

    /// Over budget, views go from the least recently used end, but the most recent `minimumKept` stay
    /// whatever they cost (the object whose children are being listed must not be decoded per child).
    @Test func theCostBudgetNeverEvictsTheMostRecentlyUsed() {
        var cache = ViewCache(capacity: 100, costBudget: 10_000, minimumKept: 2)
        cache.insert(Self.dataView(1, bytes: 6_000), for: 1)
        cache.insert(Self.dataView(2, bytes: 6_000), for: 2)
        #expect(cache.count == 2, "the two most recent must stay although over budget")
        cache.insert(Self.dataView(3, bytes: 6_000), for: 3)
        #expect(cache.view(1) == nil)
        #expect(cache.view(2) != nil && cache.view(3) != nil)
        // Small views fit beside them once the budget allows.
        for id in 10..<20 { cache.insert(Self.dataView(id), for: id) }
        #expect(cache.view(2) == nil, "the older large view goes first")
        #expect(cache.count == 11, "3 and the ten small views fit: \(cache.count)")
        #expect(cache.totalCost <= 10_000)
    }

    @Test func costCountsTheBytesOfValuesAndFields() {
        let view = ObjectView(object: GraphObject(id: 1, kind: .instance, className: "C", fields: [
            Field(key: "s", value: .scalar(.string(String(repeating: "x", count: 5_000)))),
            Field(key: "d", value: .scalar(.data(Array(repeating: 0, count: 7_000)))),
            Field(key: "l", value: .list(FieldList([.scalar(.data(Array(repeating: 0, count: 3_000)))]))),
        ]), graph: WideGraph(width: 1))
        let cost = ViewCache.cost(of: view)
        #expect(cost >= 15_000 && cost < 16_000, "cost \(cost)")
        #expect(ViewCache.cost(of: Self.dataView(1, bytes: 9_000)) >= 9_000)
    }

    @Test func insertingAgainReplacesTheEntry() {
        var cache = ViewCache(capacity: 4, costBudget: .max, minimumKept: 1)
        cache.insert(Self.dataView(1, bytes: 1_000), for: 1)
        let before = cache.totalCost
        cache.insert(Self.dataView(1, bytes: 1_000), for: 1)
        #expect(cache.count == 1)
        #expect(cache.totalCost == before)
    }

    /// Random lookups and insertions agree with a plain array kept in order of use.
    @Test func agreesWithAReferenceModel() {
        var cache = ViewCache(capacity: 16, costBudget: .max, minimumKept: 1)
        var order: [ObjectID] = []    // least recently used first
        var rng = SplitMix64(seed: 6)
        for step in 0..<20_000 {
            let id = Int(rng.next() % 40)
            if rng.next() % 2 == 0 {
                let hit = cache.view(id) != nil
                #expect(hit == order.contains(id), "step \(step): lookup of \(id)")
                if hit, let i = order.firstIndex(of: id) { order.append(order.remove(at: i)) }
            } else {
                cache.insert(Self.dataView(id), for: id)
                order.removeAll { $0 == id }
                order.append(id)
                if order.count > 16 { order.removeFirst() }
            }
            if cache.count != order.count { Issue.record("step \(step): \(cache.count) cached, model \(order.count)"); return }
        }
        #expect(order.allSatisfy { cache.view($0) != nil })
    }
}

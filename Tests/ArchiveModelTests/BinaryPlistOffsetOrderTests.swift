import Testing
@testable import ArchiveModel
@testable import BinaryPlist
@testable import XMLPlist
@testable import NIBArchive

/// The offset order the layout checks walk: merged runs and the sorted fallback agree with a plain sort.
@Suite struct BinaryPlistOffsetOrderTests {
    static func walk(_ offsets: [Int]) -> (order: BinaryPlistOffsetOrder, ids: [Int]) {
        let order = BinaryPlistOffsetOrder(count: offsets.count) { offsets[$0] }
        var ids: [Int] = []
        order.forEach(offsetOf: { offsets[$0] }) { id, offset in
            #expect(offset == offsets[id])
            ids.append(id)
        }
        return (order, ids)
    }

    static func expected(_ offsets: [Int]) -> [Int] {
        offsets.indices.filter { offsets[$0] >= 0 }.sorted { (offsets[$0], $0) < (offsets[$1], $1) }
    }

    @Test func topObjectWrittenLastIsTwoRuns() {
        let offsets = [900, 8, 20, -1, 30, 40]
        let (order, ids) = Self.walk(offsets)
        guard case .runs(let runs) = order else { Issue.record("sorted instead of merged"); return }
        #expect(runs.count == 2)
        #expect(ids == [1, 2, 4, 5, 0])
    }

    @Test func sharedOffsetsComeOutByID() {
        let offsets = [50, 8, 50, 8, 60, 8]
        #expect(Self.walk(offsets).ids == Self.expected(offsets))
    }

    @Test(arguments: [1, 3, 15, 16, 40])
    func randomTablesMatchASort(runs: Int) {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            var offsets: [Int] = []
            for _ in 0..<runs {
                var offset = Int.random(in: 8..<200, using: &rng)
                for _ in 0..<Int.random(in: 1..<20, using: &rng) {
                    offsets.append(Bool.random(using: &rng) && offsets.count % 7 == 0 ? -1 : offset)
                    offset += Int.random(in: 1..<30, using: &rng)
                }
            }
            let (order, ids) = Self.walk(offsets)
            #expect(ids == Self.expected(offsets), "\(offsets)")
            if runs > BinaryPlistOffsetOrder.mergedRunLimit, case .runs = order { Issue.record("\(runs) runs were merged, not sorted") }
        }
    }

    @Test func emptyAndAllOutside() {
        #expect(Self.walk([]).ids.isEmpty)
        #expect(Self.walk([-1, -1]).ids.isEmpty)
    }
}

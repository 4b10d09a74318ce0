import Testing
@testable import TUI

@Suite struct ExpansionTreeTests {
    /// Flattens the tree the slow way: every visible path in order.
    static func flatten(_ tree: ExpansionTree, counts: [[Int]: Int], prefix: [Int] = [], n: Int) -> [[Int]] {
        var out: [[Int]] = []
        for i in 0..<n {
            let p = prefix + [i]
            out.append(p)
            if tree.isExpanded(p) { out += flatten(tree, counts: counts, prefix: p, n: counts[p] ?? 0) }
        }
        return out
    }

    @Test func rowIndexAndPathAgreeWithFlattening() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            var tree = ExpansionTree(rootCount: 5)
            var counts: [[Int]: Int] = [:]
            for _ in 0..<40 {
                let rows = Self.flatten(tree, counts: counts, n: 5)
                let p = rows[Int.random(in: 0..<rows.count, using: &rng)]
                if Bool.random(using: &rng), !tree.isExpanded(p) {
                    let c = Int.random(in: 0...6, using: &rng)
                    if tree.expand(p, childCount: c) { counts[p] = c }
                } else {
                    tree.collapse(p)
                }
            }
            let rows = Self.flatten(tree, counts: counts, n: 5)
            #expect(tree.rowCount == rows.count)
            for (i, p) in rows.enumerated() {
                #expect(tree.rowIndex(of: p) == i)
                #expect(tree.path(atRow: i) == p)
            }
            #expect(tree.path(atRow: rows.count) == nil)
        }
    }

    @Test func millionChildrenAreNotMaterialised() {
        var tree = ExpansionTree(rootCount: 2)
        tree.expand([0], childCount: 1_000_000)
        #expect(tree.rowCount == 1_000_002)
        #expect(tree.path(atRow: 1_000_000) == [0, 999_999])
        #expect(tree.path(atRow: 1_000_001) == [1])
        tree.expand([0, 500_000], childCount: 3)
        #expect(tree.rowIndex(of: [0, 500_001]) == 500_005)
        #expect(tree.rowIndex(of: [1]) == 1_000_004)
    }

    @Test func collapseForgetsDescendants() {
        var tree = ExpansionTree(rootCount: 1)
        tree.expand([0], childCount: 3)
        tree.expand([0, 1], childCount: 2)
        tree.collapse([0])
        #expect(tree.rowCount == 1)
        #expect(tree.expandedPaths.isEmpty)
        tree.expand([0], childCount: 3)
        #expect(!tree.isExpanded([0, 1]))
    }

    @Test func expandRejectsInvisibleRows() {
        var tree = ExpansionTree(rootCount: 1)
        let hidden = tree.expand([0, 1], childCount: 2)
        let outside = tree.expand([3], childCount: 2)
        let empty = tree.expand([0], childCount: 0)
        #expect(!hidden && !outside && !empty)
        #expect(tree.rowCount == 1)
    }
}

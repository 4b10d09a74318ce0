import Testing
import TestSupport
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

    /// A chain expanded 200,000 levels deep (a damaged file's nesting): built, walked, collapsed and freed
    /// without recursion (the recursive trie overflowed the stack at about 10,000 levels).
    @Test(.tags(.slow)) func chainTwoHundredThousandDeep() {
        let depth = 200_000
        var tree = ExpansionTree(rootCount: 1)
        var slot = 0
        var position = 0
        for _ in 0..<depth {
            guard let next = tree.expand(child: position, of: slot, childCount: 1) else { Issue.record("expand failed"); return }
            slot = next
            position = 0
        }
        #expect(tree.rowCount == depth + 1)
        #expect(tree.expandedCount == depth)
        let last = tree.path(atRow: depth)
        #expect(last?.count == depth + 1)
        if let last { #expect(tree.rowIndex(of: last) == depth) }
        var copy = tree
        copy.collapse(pathsOfLength: 3)
        #expect(copy.rowCount == 3 && copy.expandedCount == 2)
        tree.collapse([0])
        #expect(tree.rowCount == 1 && tree.expandedCount == 0)
        // Freed slots are reused.
        tree.expand([0], childCount: 2)
        #expect(tree.nodes.count == depth + 1)
    }

    @Test func collapsingByPathLengthKeepsShallowerRows() {
        var tree = ExpansionTree(rootCount: 3)
        tree.expand([0], childCount: 2)
        tree.expand([0, 1], childCount: 2)
        tree.expand([0, 1, 0], childCount: 4)
        tree.expand([2], childCount: 1)
        tree.collapse(pathsOfLength: 2)
        #expect(tree.expandedPaths == [[0], [2]])
        #expect(tree.rowCount == 3 + 2 + 1)
        tree.collapse(pathsOfLength: 1)
        #expect(tree.expandedPaths.isEmpty && tree.rowCount == 3)
    }

    /// Equality is about the rows shown, not the order nodes were made in.
    @Test func equalityIgnoresLayout() {
        var a = ExpansionTree(rootCount: 2)
        a.expand([0], childCount: 3)
        a.expand([1], childCount: 1)
        a.expand([0, 2], childCount: 5)
        var b = ExpansionTree(rootCount: 2)
        b.expand([1], childCount: 1)
        b.expand([0], childCount: 3)
        b.expand([0, 1], childCount: 7)
        b.collapse([0, 1])
        b.expand([0, 2], childCount: 5)
        #expect(a == b)
        b.expand([1, 0], childCount: 1)
        #expect(a != b)
    }
}

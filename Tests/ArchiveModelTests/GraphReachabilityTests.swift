import Testing
@_spi(ArchiveInternals) @testable import ArchiveCore

/// Reachability and referrer counts from edges collected in parts, as a full check collects them:
/// in order (the parts read where they lie, only their targets joined) or not (grouped by source),
/// checked against a plain walk over the same edges.
@Suite struct GraphReachabilityTests {
    /// A small graph in three parts of `objectCount` objects: references (some to self, some back),
    /// `$class`-like links, an object only a link reaches, and a lost cycle.
    static let objectCount = 12
    static let references: [(Int, Int)] = [(0, 1), (0, 2), (1, 3), (1, 3), (2, 0), (3, 4), (5, 6), (6, 5), (7, 7), (9, 10)]
    static let links: [(Int, Int)] = [(1, 8), (4, 9), (6, 11)]
    static let top = [Field(key: "root", value: .reference(.object(0)))]
    /// Objects 0..<4 in the first part, 4..<8 in the second, 8..<12 in the third.
    static let bounds = [0, 4, 8, 12]

    static func parts(order: [Int] = [0, 1, 2]) -> [GraphEdges] {
        order.map { k in
            var part = GraphEdges(objectCount: objectCount, recordsPositions: false)
            for (s, t) in references where s >= bounds[k] && s < bounds[k + 1] { part.addReference(from: s, to: t, field: 0, item: -1) }
            for (s, t) in links where s >= bounds[k] && s < bounds[k + 1] { part.addClassLink(from: s, to: t) }
            return part
        }
    }

    /// Reachability by repeated passes over every edge until nothing changes, and counts by counting.
    static func expected() -> (reachable: [Bool], counts: [Int32]) {
        var reachable = [Bool](repeating: false, count: objectCount)
        reachable[0] = true
        var changed = true
        while changed {
            changed = false
            for (s, t) in references + links where reachable[s] && !reachable[t] { reachable[t] = true; changed = true }
        }
        var counts = [Int32](repeating: 0, count: objectCount)
        for (_, t) in references { counts[t] += 1 }
        counts[0] += 1 // the top level's reference
        return (reachable, counts)
    }

    @Test func partsInOrderAreReadWithoutJoining() {
        var parts = Self.parts()
        let reach = GraphReachability(top: Self.top, objectCount: Self.objectCount, releasing: &parts)
        #expect(parts.isEmpty)
        #expect(reach.reachable == Self.expected().reachable)
        #expect(reach.referrerCounts == Self.expected().counts)
        #expect(reach.unreachable == [5, 6, 7, 11]) // 11: only lost 6 links to it
    }

    @Test func partsOutOfOrderAreGroupedBySource() {
        var parts = Self.parts(order: [2, 0, 1])
        let reach = GraphReachability(top: Self.top, objectCount: Self.objectCount, releasing: &parts)
        #expect(reach.reachable == Self.expected().reachable)
        #expect(reach.referrerCounts == Self.expected().counts)
    }

    @Test func joinedEdgesGiveTheSameAsTheParts() {
        let reach = GraphReachability(edges: GraphEdges(top: Self.top, objectCount: Self.objectCount, parts: Self.parts()))
        #expect(reach.reachable == Self.expected().reachable)
        #expect(reach.referrerCounts == Self.expected().counts)
    }

    /// The sources of the second part are below the first's: the walk must not take the parts' order
    /// for the sources' order.
    @Test func sourcesOutOfOrderInsideOnePart() {
        var edges = GraphEdges(objectCount: 4, recordsPositions: false)
        edges.addReference(from: 2, to: 3, field: 0, item: -1)
        edges.addReference(from: 0, to: 2, field: 0, item: -1)
        let reach = GraphReachability(edges: GraphEdges(top: [Field(key: "root", value: .reference(.object(0)))], objectCount: 4, parts: [edges]))
        #expect(reach.reachable == [true, false, true, true])
        #expect(reach.referrerCounts == [1, 0, 1, 1])
    }

    /// Starts of 4 and of 8 bytes group the same edges the same way.
    @Test(arguments: [false, true]) func groupedEdgesAlike(inOrder: Bool) {
        let pairs: [(Int32, Int32)] = inOrder ? [(-1, 0), (0, 1), (0, 2), (2, 3), (3, 0)] : [(2, 3), (-1, 0), (0, 1), (3, 0), (0, 2)]
        var narrow = [EdgePart(sources: pairs.map(\.0), targets: pairs.map(\.1))], wide = narrow
        let small = EdgesBySource<Int32>(5, releasing: &narrow), large = EdgesBySource<Int>(5, releasing: &wide)
        #expect(narrow.isEmpty && wide.isEmpty)
        #expect(small.starts.map(Int.init) == large.starts && small.targets == large.targets)
        for s in 0..<5 {
            let expected = pairs.filter { $0.0 == s }.map(\.1)
            #expect(Array(small.targets[Int(small.starts[s])..<Int(small.starts[s + 1])]) == expected)
        }
        #expect(EdgesBySource<Int32>.reach(5, [small], roots: [0]) == [true, true, true, true, false])
        #expect(EdgesBySource<Int>.reach(5, [large], roots: [0]) == [true, true, true, true, false])
    }

    /// Sources that are not nodes (beyond the count) and targets out of range are passed over.
    @Test func edgesOutsideTheNodesArePassedOver() {
        var parts = [EdgePart(sources: [0, 0, 7], targets: [1, 9, 2])]
        let edges = EdgesBySource<Int32>(3, releasing: &parts)
        #expect(EdgesBySource<Int32>.reach(3, [edges], roots: [0, -4, 12]) == [true, true, false])
    }

    /// Without positions the sources are kept as runs, one an object here, and read back the same.
    @Test func sourcesWithoutPositionsAreRuns() {
        var full = GraphEdges(objectCount: Self.objectCount, recordsPositions: true)
        var runs = GraphEdges(objectCount: Self.objectCount, recordsPositions: false)
        for (s, t) in Self.references {
            full.addReference(from: s, to: t, field: 0, item: -1)
            runs.addReference(from: s, to: t, field: 0, item: -1)
        }
        #expect(runs.from.isEmpty)
        #expect(runs.runSources == [0, 1, 2, 3, 5, 6, 7, 9])
        #expect(runs.sources == full.from)
        #expect(runs.to == full.to)
        let joined = GraphEdges(top: Self.top, objectCount: Self.objectCount, parts: Self.parts())
        #expect(joined.sources == [-1] + Self.references.map { Int32($0.0) })
        #expect(joined.to == [0] + Self.references.map { Int32($0.1) })
    }
}

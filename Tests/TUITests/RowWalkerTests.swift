import ArchiveModel
import Testing
@testable import TUI

/// The row walker keeps ancestor state incrementally (trie indices, target depths); each row it walks
/// must be the row built alone from its path.
@Suite struct RowWalkerTests {
    @Test func walkedRowsAgreeWithRowsBuiltOneByOne() {
        let session = Headless.run(graph: FakeGraph.small, fileName: "f", cols: 80, rows: 50, keys: "E")
        let walker = RowWalker(session.state, session.context)
        let total = session.state.expansion.rowCount
        let rows = walker.rows(from: 0, count: total + 5)
        #expect(rows.count == total)
        #expect(rows.contains { $0.cycleDepth != nil })
        #expect(rows.contains { $0.isExpanded })
        for row in rows {
            let alone = walker.row(at: row.path)
            #expect(alone?.cycleDepth == row.cycleDepth, "\(row.path)")
            #expect(alone?.isExpanded == row.isExpanded, "\(row.path)")
            #expect(alone?.node.target == row.node.target, "\(row.path)")
        }
        for start in 0..<total {
            let window = walker.rows(from: start, count: 4).map(\.path)
            #expect(window == rows[start..<min(start + 4, total)].map(\.path), "from row \(start)")
        }
    }
}

import ArchiveModel
import Testing
@testable import TUI

/// What a bounded expansion decodes: only the objects whose rows it expands, plus those drawn.
@Suite struct ExpansionCostTests {
    /// Showing two levels of a root with 2,000 children expands the root only. The children's rows
    /// are drawn from their objects, but only the screenful on view; before, every child was decoded
    /// to make a node nothing used.
    @Test func showingTwoLevelsDecodesOnlyTheRowsOnScreen() {
        let graph = FanOutGraph(width: 2_000)
        let session = Headless.run(graph: graph, fileName: "fan.plist", cols: 80, rows: 24, keys: "2")
        #expect(session.state.expansion.expandedPaths == [[0]])
        #expect(session.state.expansion.rowCount == 1 + 2_000)
        _ = Renderer.render(session.state, context: session.context)
        let children = graph.decodedIDs.filter { $0 > 0 }
        #expect(!children.isEmpty && children.count < 100, "\(children.count) children decoded")
    }

    /// Three levels expand every child, so each child's object is decoded; the grandchildren are not.
    @Test func showingThreeLevelsExpandsTheChildren() {
        let graph = FanOutGraph(width: 50)
        let session = Headless.run(graph: graph, fileName: "fan.plist", cols: 80, rows: 24, keys: "3")
        #expect(session.state.expansion.expandedPaths.count == 1 + 50)
        #expect(session.state.expansion.rowCount == 1 + 50 * 2)
        #expect(graph.decodedIDs.filter { $0 > 0 }.count == 50)
    }
}

/// A root object whose `width` fields each reference a child object holding one integer field.
/// Counts the objects decoded for display (`object(_:)`); the index's structure reads are not counted.
final class FanOutGraph: ObjectGraph, @unchecked Sendable {
    // Safety: used from one test at a time.
    let width: Int
    private(set) var decodedIDs: Set<ObjectID> = []
    let input = InputBytes([UInt8]())

    init(width: Int) { self.width = width }

    var container: ContainerFormat { .binaryPlist }
    var archiveKind: String { "test" }
    var objectCount: Int { width + 1 }
    var topLevel: [Field] { [Field(key: "root", value: .reference(.object(0)))] }
    var openDiagnostics: [Diagnostic] { [] }
    func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] { [] }

    func object(_ id: ObjectID) -> GraphObject {
        decodedIDs.insert(id)
        return structure(id)
    }

    func structure(_ id: ObjectID) -> GraphObject {
        guard id != 0 else {
            return GraphObject(id: 0, kind: .instance, className: "Fan",
                               fields: (1...width).map { Field(key: "c\($0)", value: .reference(.object($0))) })
        }
        return GraphObject(id: id, kind: .instance, className: "Leaf",
                           fields: [Field(key: "n", value: .scalar(.integer(Int128(id), width: 8)))])
    }
}

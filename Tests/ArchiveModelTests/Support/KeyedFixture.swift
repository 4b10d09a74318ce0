@testable import ArchiveModel

/// Opens archives built with `KeyedArchiveBuilder` and checks the graph invariants on the way.
enum KeyedFixture {
    static func graph(_ builder: KeyedArchiveBuilder) -> KeyedArchiveGraph {
        let tree = BinaryPlistTree(InputBytes(builder.buildBinary()))
        return KeyedArchiveGraph(tree: tree)
    }

    /// All diagnostics of the full check, after asserting the invariants hold.
    static func check(_ builder: KeyedArchiveBuilder) -> [Diagnostic] {
        let g = graph(builder)
        let violations = GraphInvariants.violations(g)
        precondition(violations.isEmpty, "graph invariants violated: \(violations)")
        return g.fullCheck()
    }

    /// A minimal valid archive: root → Foo with a string field.
    static func minimal() -> KeyedArchiveBuilder {
        var a = KeyedArchiveBuilder()
        let s = a.add(.string("hello"))
        let root = a.object("Foo", [("title", .ref(s))])
        a.top = [("root", .ref(root))]
        return a
    }
}

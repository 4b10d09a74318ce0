@testable import ArchiveModel
@testable import ArchiveCore
@testable import BinaryPlist
@testable import XMLPlist
@testable import OpenStepPlist
@testable import KeyedArchive
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import Bookmark
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveOutput
@testable import ArchiveAudit
@testable import ArchiveSources
import Testing

/// Opens archives built with `KeyedArchiveBuilder` and checks the graph invariants on the way.
enum KeyedFixture {
    static func graph(_ builder: KeyedArchiveBuilder) -> KeyedArchiveGraph {
        let tree = BinaryPlistTree(InputBytes(builder.buildBinary()))
        return KeyedArchiveGraph(tree: tree)
    }

    /// All diagnostics of the full check, after checking the invariants: a violation is an issue
    /// recorded against the calling test (which fails; the run goes on).
    static func check(_ builder: KeyedArchiveBuilder, sourceLocation: SourceLocation = #_sourceLocation) -> [Diagnostic] {
        let g = graph(builder)
        let violations = GraphInvariants.violations(g)
        if !violations.isEmpty {
            Issue.record("graph invariants violated: \(violations)", sourceLocation: sourceLocation)
        }
        return g.fullCheck()
    }

    /// The bytes of `pattern` in `bytes`, when it occurs exactly once (to name a value's bytes, such as
    /// a UID's marker and number, independently of the decoder).
    static func range(of pattern: [UInt8], in bytes: [UInt8]) -> ByteRange? {
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
        let starts = (0...(bytes.count - pattern.count)).filter { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
        return starts.count == 1 ? ByteRange(start: starts[0], count: pattern.count) : nil
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

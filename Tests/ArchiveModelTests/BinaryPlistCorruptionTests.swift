import Testing
@testable import ArchiveModel
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import ArchivePresentation
@testable import ArchiveOutput
@testable import ArchiveSources

/// Every truncation and every single-byte change of small bplist fixtures (plain and keyed) decodes
/// without a crash or hang, keeps the graph invariants, and reports at least one diagnostic when bytes
/// are missing.
@Suite struct BinaryPlistCorruptionTests {
    static let plain: [UInt8] = {
        var b = BinaryPlistBuilder()
        b.add(.dict([(1, 2), (3, 4)]))
        b.add(.string("name")); b.add(.string("日本"))
        b.add(.string("list")); b.add(.array([5, 6, 7]))
        b.add(.integer(-7)); b.add(.real(1.5)); b.add(.data([1, 2, 3]))
        return b.build().bytes
    }()

    /// A small keyed archive with a cycle, a shared string and a nil reference.
    static let keyed: [UInt8] = {
        var a = KeyedArchiveBuilder()
        let parent = a.reserve()
        let name = a.add(.string("shared"))
        let child = a.object("Node", [("parent", .ref(parent)), ("name", .ref(name)), ("n", .int(3))])
        a.set(parent, .object(classID: a.classID("Node"), fields: [("child", .ref(child)), ("name", .ref(name)), ("none", .ref(0))]))
        a.top = [("root", .ref(parent))]
        return a.buildBinary()
    }()

    static func decodeEverything(_ bytes: [UInt8]) -> (diagnostics: [Diagnostic], violations: [String]) {
        let doc = ArchiveDocument.open(InputBytes(bytes), name: "sweep")
        let diagnostics = doc.graph.fullCheck()
        var violations = GraphInvariants.violations(doc.graph)
        // Render it as the front ends would: the outline two levels deep, the dump and JSON.
        let outline = Outline(graph: doc.graph, index: GraphIndex(graph: doc.graph))
        for root in outline.roots() { _ = outline.children(of: root).map { outline.children(of: $0) } }
        var lines = 0
        DumpRenderer(document: doc, diagnostics: diagnostics, index: outline.index).render { _ in lines += 1 }
        JSONRenderer(document: doc, diagnostics: diagnostics).render { _ in }
        if lines == 0 { violations.append("empty dump") }
        return (diagnostics, violations)
    }

    @Test(arguments: ["plain", "keyed"])
    func everyTruncation(name: String) {
        let bytes = name == "plain" ? Self.plain : Self.keyed
        for length in 0..<bytes.count {
            let result = Self.decodeEverything(Array(bytes.prefix(length)))
            #expect(result.violations.isEmpty, "\(name) cut to \(length): \(result.violations)")
            #expect(!result.diagnostics.isEmpty, "\(name) cut to \(length) bytes gave no diagnostic")
        }
    }

    @Test(arguments: ["plain", "keyed"])
    func everySingleByteChange(name: String) {
        let bytes = name == "plain" ? Self.plain : Self.keyed
        for offset in bytes.indices {
            for value: UInt8 in [0x00, 0xFF, bytes[offset] ^ 0x01, bytes[offset] &+ 0x10] where value != bytes[offset] {
                var copy = bytes
                copy[offset] = value
                let result = Self.decodeEverything(copy)
                #expect(result.violations.isEmpty, "\(name) byte \(offset) = \(value): \(result.violations)")
            }
        }
    }
}

import Testing
@testable import ArchiveModel

/// Regression tests for problems the fuzz targets and the corruption campaign found (issue 6). Each
/// test names the finding; byte reproducers are minimized inputs written inline.
@Suite struct RobustnessRegressionTests {
    /// FuzzRender: a 19 KB bplist with a damaged header took 14 s to dump, because every
    /// "lost and found" row recomputed the list of lost objects (decoding all of them): quadratic.
    @Test func lostAndFoundRowsDecodeEachObjectOnce() {
        let graph = FakeGraph()
        let root = graph.string("root")
        graph.topLevel = [Field(key: "root", value: root)]
        let lost = 3_000
        for i in 0..<lost { _ = graph.number(Int128(i)) }
        let outline = Outline(graph: graph, index: GraphIndex(graph: graph))
        guard let group = outline.roots().first(where: { $0.source == .lostAndFound }) else {
            Issue.record("no lost and found row")
            return
        }
        graph.decodes = 0
        let count = outline.childCount(of: group)
        #expect(count == lost)
        for i in 0..<count { _ = outline.child(of: group, at: i) }
        // One pass to find the lost objects, then one decode per row (the row's own object).
        #expect(graph.decodes <= 3 * lost, "\(graph.decodes) decodes for \(lost) lost-and-found rows")
    }

    /// Corruption campaign: a bplist header whose version bytes are controls (`bplist\u{1B}0`) put the raw
    /// bytes into the format description, the first line of `--dump`.
    @Test func bplistVariantVersionIsEscaped() {
        let bytes: [UInt8] = Array("bplist".utf8) + [0x1B, 0x30] + [UInt8](repeating: 0, count: 40)
        let document = ArchiveDocument.open(InputBytes(bytes), name: "variant")
        #expect(document.format == .binaryPlistVariant(version: "\u{1B}0"))
        #expect("\(document.format)" == "binary plist variant bplist\\e0")
        var first: String?
        DumpRenderer(document: document, diagnostics: document.graph.fullCheck(), index: nil).render { if first == nil { first = $0 } }
        #expect(first?.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F..<0xA0).contains($0.value) } == true, "\(first ?? "")")
    }

    /// Hostile inputs: a trailer claiming 2^64 − 1 objects of 1-byte offsets trapped with an arithmetic
    /// overflow while composing the size-mismatch message (N × O fits in 64 bits, T + N × O + 32 does not).
    @Test func trailerCountNear2To64DoesNotOverflow() {
        let bytes: [UInt8] = Array("bplist00".utf8) + [0x10, 0x01, 0x08] + [0, 0, 0, 0, 0, 0, 1, 1]
            + [UInt8](repeating: 0xFF, count: 8) + [UInt8](repeating: 0, count: 8) + [0, 0, 0, 0, 0, 0, 0, 9]
        let tree = BinaryPlistTree(InputBytes(bytes))
        let mismatch = tree.openDiagnostics.first { $0.id == "bplist.trailer.size-mismatch" }
        #expect(mismatch?.message.contains("an impossible size") == true, "\(tree.openDiagnostics)")
        #expect(GraphInvariants.violations(KeyedArchiveGraph(tree: tree)).isEmpty)
    }
}

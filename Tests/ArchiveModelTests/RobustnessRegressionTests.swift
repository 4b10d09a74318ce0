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

    /// Hostile inputs: the dump copied the path of ancestors for every row (quadratic in depth: a
    /// million nested arrays never finished) and indented two spaces per level (a 10,000-deep ring
    /// made 20 KB lines). Lines now stay short and the depth is written out.
    @Test func deepDumpLinesStayShort() {
        var b = BinaryPlistBuilder()
        let depth = 5_000
        for i in 0..<depth { b.add(.array([i + 1])) }
        b.add(.integer(1))
        let document = ArchiveDocument.open(InputBytes(b.build().bytes), name: "deep")
        var lines = 0, longest = 0, last = ""
        DumpRenderer(document: document, diagnostics: [], index: GraphIndex(graph: document.graph)).render {
            lines += 1; longest = max(longest, $0.utf8.count); last = $0
        }
        #expect(lines == depth + 2)
        #expect(longest < 300)
        #expect(last.contains("[depth \(depth)]"), "\(last)")
    }

    /// Hostile inputs: an archive in a data object was dumped again at every reference to the object,
    /// so 30 references three levels down printed 27,000 copies (83,792 lines from 2 KB).
    @Test func embeddedArchiveDumpedOncePerObject() {
        var inner = BinaryPlistBuilder()
        inner.add(.string("leaf"))
        var outer = BinaryPlistBuilder()
        outer.add(.array(Array(repeating: 1, count: 30)))
        outer.add(.data(inner.build().bytes))
        let document = ArchiveDocument.open(InputBytes(outer.build().bytes), name: "outer")
        var embedded = 0
        DumpRenderer(document: document, diagnostics: [], index: GraphIndex(graph: document.graph)).render {
            if $0.contains("(embedded") { embedded += 1 }
        }
        #expect(embedded == 1)
    }

    /// Hostile inputs: the outline's view cache evicted first-in first-out, so listing the children of
    /// a wide object decoded the object again every 64 children (quadratic in its width).
    @Test func wideObjectStaysCachedWhileItsChildrenAreListed() {
        let graph = WideGraph(width: 5_000)
        let outline = Outline(graph: graph)
        guard let root = outline.roots().first else { Issue.record("no root"); return }
        let count = outline.childCount(of: root)
        #expect(count == 5_000)
        for i in 0..<count { _ = outline.child(of: root, at: i) }
        #expect(graph.parentDecodes <= 2, "the wide object was decoded \(graph.parentDecodes) times")
    }

    /// Corruption campaign: a damaged 62 KB nib took 3 s, because listing the referrers of an object
    /// decoded the referring object once per reference (here a 5,000-item list naming it every time).
    @Test func referrersDecodeEachSourceOnce() {
        let graph = WideGraph(width: 5_000, shared: true)
        guard let index = GraphIndex(graph: graph) else { Issue.record("no index"); return }
        graph.parentDecodes = 0
        let referrers = index.referrers(of: 1)
        #expect(referrers.count == 5_000)
        #expect(referrers.last == Referrer(from: 0, key: "f5000"))
        #expect(graph.parentDecodes <= 1, "the referring object was decoded \(graph.parentDecodes) times")
    }
}

extension RobustnessRegressionTests {
    /// A keyed archive whose object #1 has the given fields; `extra` objects follow the root dictionary
    /// (field values are plist object indices into the whole file; 0 is the root, 1…4 the header).
    static func keyedArchive(fields: [(String, Int)], extra: [BinaryPlistBuilder.Object]) -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.add(.null) // 0: root, set below
        let archiver = b.add(.string("$archiver")), archiverName = b.add(.string("NSKeyedArchiver"))
        let top = b.add(.string("$top")), objectsKey = b.add(.string("$objects"))
        let nullString = b.add(.string("$null"))
        let rootKey = b.add(.string("root")), rootUID = b.add(.uid(1))
        let topDict = b.add(.dict([(rootKey, rootUID)]))
        let firstExtra = b.objects.count + 2 + 2 * fields.count
        let keyIDs = fields.map { b.add(.string($0.0)) }
        let object = b.add(.dict(zip(keyIDs, fields.map { firstExtra + $0.1 }).map { ($0.0, $0.1) }))
        let objects = b.add(.array([nullString, object]))
        precondition(b.objects.count <= firstExtra)
        while b.objects.count < firstExtra { b.add(.null) }
        for e in extra { b.add(e) }
        b.objects[0] = .dict([(archiver, archiverName), (top, topDict), (objectsKey, objects)])
        return b.build().bytes
    }

    /// The number of values in `value`, nested lists counted in full.
    static func size(_ value: FieldValue) -> Int {
        if case .list(let items) = value { return 1 + items.reduce(0) { $0 + size($1) } }
        return 1
    }

    /// FuzzBinaryPlist (timeout): an inline array listing another ten times, eight levels down (or
    /// listing itself), expanded 10^8 values within the inline depth limit: 860 bytes took 19 s.
    /// Each inline array is now converted once per object; small repeats are reused, large ones and
    /// self-containment become invalid values.
    @Test func repeatedInlineArraysAreConvertedOnce() {
        // extra[0…7]: level i lists level i+1 ten times (level 7 lists extra[8], an integer);
        // extra[9] lists itself ten times.
        let start = Self.extraStart(fields: 2)
        var extra: [BinaryPlistBuilder.Object] = (0..<8).map { level in
            .array(Array(repeating: start + (level < 7 ? level + 1 : 8), count: level < 7 ? 10 : 1))
        }
        extra.append(.integer(7))
        extra.append(.array(Array(repeating: start + 9, count: 10)))
        let document = ArchiveDocument.open(InputBytes(Self.keyedArchive(fields: [("deep", 0), ("loop", 9)], extra: extra)), name: "inline")
        let object = document.graph.object(1)
        guard let deep = object.field("deep")?.value, let loop = object.field("loop")?.value else {
            Issue.record("fields missing: \(object.fields.map(\.key))"); return
        }
        #expect(Self.size(deep) < 2_000, "deep value has \(Self.size(deep)) values")
        #expect(Self.size(loop) == 11)
        if case .list(let items) = loop { #expect(items.allSatisfy { if case .invalid = $0 { true } else { false } }) }
        #expect(GraphInvariants.violations(document.graph).isEmpty)
    }

    /// FuzzRender (minimized, 287 bytes): a damaged keyed archive whose inline arrays list each
    /// other; before inline arrays were converted once per object its dump had 1,387,911 lines.
    @Test func fuzzRenderInlineArraysDumpLinearly() {
        let bytes: [UInt8] = [
            0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xD4, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
            0x0A, 0x58, 0x24, 0x76, 0x65, 0x72, 0x73, 0x69, 0x6F, 0x6E, 0x59, 0x24, 0x61, 0x72, 0x63, 0x68,
            0x69, 0x76, 0x65, 0x72, 0x54, 0x24, 0x74, 0x6F, 0x70, 0x58, 0x24, 0x6F, 0x62, 0x6A, 0x65, 0x63,
            0x74, 0x73, 0x12, 0x00, 0x01, 0x86, 0xA0, 0x5F, 0x10, 0x0F, 0x4E, 0x53, 0x4B, 0x65, 0x79, 0x65,
            0x64, 0x63, 0x68, 0x69, 0x76, 0x65, 0x72, 0xD1, 0x08, 0x09, 0x54, 0x72, 0x6F, 0x6F, 0x74, 0x80,
            0x01, 0xAF, 0x11, 0x12, 0x80, 0x02, 0x80, 0x03, 0xA2, 0x2A, 0x15, 0x80, 0x07, 0x80, 0x14, 0x80,
            0x15, 0xD3, 0x0D, 0x0E, 0x0F, 0x2E, 0x33, 0x16, 0x08, 0x80, 0x09, 0x80, 0x0A, 0x80, 0x0B, 0xA4,
            0x69, 0x6F, 0x6E, 0x56, 0x61, 0x6C, 0x75, 0x65, 0x5F, 0x76, 0x31, 0xD3, 0x0D, 0x0E, 0x0F, 0x3E,
            0x41, 0x16, 0xA2, 0x11, 0x12, 0x80, 0x02, 0x80, 0x03, 0xA2, 0x42, 0x80, 0x18, 0x80, 0x15, 0xD3,
            0x0D, 0x0E, 0x0F, 0x46, 0x00, 0x00, 0x00, 0x00, 0x02, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x03, 0xFA, 0x18, 0x80, 0x15, 0xD3, 0x0D, 0x0E, 0x0F, 0x46, 0x00, 0x00, 0x00, 0x00,
            0x02, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xFA, 0x2A, 0x15, 0x80, 0x07,
            0x80, 0x14, 0x80, 0x15, 0xD3, 0x0D, 0x0E, 0x0F, 0x2E, 0x33, 0x16, 0x08, 0x80, 0x09, 0x80, 0x0A,
            0x80, 0x0B, 0xA4, 0x69, 0x6F, 0x6E, 0x56, 0x61, 0x6C, 0x75, 0x65, 0x5F, 0x76, 0x31, 0xD3, 0x0D,
            0x0E, 0x0F, 0x3E, 0x41, 0x16, 0xA2, 0x11, 0x12, 0x80, 0x02, 0x80, 0x03, 0xA2, 0x42, 0x80, 0x18,
            0x80, 0x15, 0xD3, 0x0D, 0x0E, 0x0F, 0x46, 0x00, 0x00, 0x00, 0x00, 0x02, 0x01, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xFA, 0x18, 0x80, 0x15, 0xD3, 0x0D, 0x0E, 0x0F, 0x46, 0x00,
            0x00, 0x00, 0x00, 0x02, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xFA,
        ]
        let document = ArchiveDocument.open(InputBytes(bytes), name: "fuzz-render")
        let diagnostics = document.graph.fullCheck()
        var lines = 0
        DumpRenderer(document: document, diagnostics: diagnostics, index: GraphIndex(graph: document.graph)).render { _ in lines += 1 }
        // A repeated small inline array is shown again (up to 64 values per listing): linear, not exponential.
        #expect(lines < 64 * bytes.count, "\(lines) dump lines from \(bytes.count) bytes")
        #expect(GraphInvariants.violations(document.graph).isEmpty)
    }

    /// plistlib writes a list used twice once: both fields still read as the list.
    @Test func sharedSmallInlineArrayStaysAList() {
        let start = Self.extraStart(fields: 2)
        let bytes = Self.keyedArchive(fields: [("NS.keys", 0), ("NS.objects", 0)], extra: [.array([start + 1, start + 1]), .uid(0)])
        let object = ArchiveDocument.open(InputBytes(bytes), name: "shared").graph.object(1)
        #expect(object.field("NS.keys")?.value == .list([.reference(.null), .reference(.null)]))
        #expect(object.field("NS.objects")?.value == object.field("NS.keys")?.value)
    }

    /// The plist index of `extra[0]` in `keyedArchive(fields:extra:)` with `fields` fields.
    static func extraStart(fields: Int) -> Int { 9 + 2 * fields + 2 }
}

/// One object (#0) with `width` fields, each referring to its own integer object (or all to #1 when
/// `shared`); counts decodes of #0.
final class WideGraph: ObjectGraph, @unchecked Sendable {
    // Safety: used from one test at a time.
    let width: Int
    let shared: Bool
    var parentDecodes = 0
    let input = InputBytes([UInt8]())

    init(width: Int, shared: Bool = false) {
        self.width = width
        self.shared = shared
    }

    var container: ContainerFormat { .binaryPlist }
    var archiveKind: String { "test" }
    var objectCount: Int { width + 1 }
    var topLevel: [Field] { [Field(key: "root", value: .reference(.object(0)))] }
    var openDiagnostics: [Diagnostic] { [] }
    func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] { [] }

    func object(_ id: ObjectID) -> GraphObject {
        guard id != 0 else {
            parentDecodes += 1
            return GraphObject(id: 0, kind: .instance, className: "Wide",
                               fields: (1...width).map { Field(key: "f\($0)", value: .reference(.object(shared ? 1 : $0))) })
        }
        return GraphObject(id: id, kind: .value, value: .integer(Int128(id), width: 8))
    }
}

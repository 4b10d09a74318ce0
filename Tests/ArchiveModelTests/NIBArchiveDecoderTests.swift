import FuzzSupport
import Testing
@testable import ArchiveModel
@testable import ArchiveCore
@testable import KeyedArchive
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import ArchivePresentation
@testable import ArchiveSources

/// The NIBArchive decoder on built nibs: every value type with its exact bytes, keys and class names,
/// object ids in table order, `UINibEncoderEmptyKey` runs as lists, and the document path.
@Suite struct NIBArchiveDecoderTests {
    static func graph(_ builder: NIBArchiveBuilder) -> (NIBArchiveGraph, [String: Int]) {
        let (bytes, marks) = builder.build()
        return (NIBArchiveGraph(input: InputBytes(bytes)), marks)
    }

    @Test func theSampleDecodesCleanly() {
        let (graph, _) = Self.graph(.sample())
        #expect(graph.openDiagnostics.isEmpty)
        #expect(graph.fullCheck().isEmpty)
        #expect(graph.objectCount == 9)
        #expect(graph.coderVersion == 10)
        #expect(GraphInvariants.violations(graph).isEmpty)
        #expect(graph.object(0).className == "NSObject")
        #expect(graph.object(3).field("UIView")?.value == .reference(.object(4)))
        #expect(graph.object(3).field("UIView")?.value == .reference(.object(4)))
    }

    @Test func everyValueType() {
        let (graph, marks) = Self.graph(.sample())
        let view = graph.object(4)
        let expected: [(String, FieldValue)] = [
            ("UIAlpha", .scalar(.real(0.5, width: 4))), ("UIOpaque", .scalar(.bool(false))),
            ("UITag", .scalar(.integer(-1, width: 1))), ("UIWidth", .scalar(.integer(320, width: 2))),
            ("UIBig", .scalar(.integer(100_000, width: 4))), ("UIHuge", .scalar(.integer(-5_000_000_000, width: 8))),
            ("UIScale", .scalar(.real(2.5, width: 8))),
        ]
        #expect(view.fields.count == 8)
        for ((key, value), field) in zip(expected, view.fields) {
            #expect(field.key == key)
            #expect(field.value == value, "\(key)")
        }
        // Value 9 is the view's first: its bytes run from its key index to the end of its payload.
        #expect(view.fields[0].range == ByteRange(marks["value.9"] ?? -1, (marks["value.9.payload"] ?? -1) + 4))
        guard case .scalar(.data(let bounds)) = view.field("UIBounds")?.value else { Issue.record("UIBounds is not data"); return }
        #expect(bounds.count == 33 && bounds.first == 7)
        #expect(graph.object(0).fields.map(\.key) == ["UINibTopLevelObjectsKey", "UINibConnectionsKey"])
        #expect(graph.object(3).field("UITitle")?.value == .reference(.null))
        #expect(graph.object(6).field("NS.bytes")?.value == .scalar(.data(Array("view".utf8))))
    }

    @Test func trueIsTypeFiveAndFalseTypeFour() {
        var b = NIBArchiveBuilder()
        b.object("NSObject", [("a", .raw(type: 4, payload: [])), ("b", .raw(type: 5, payload: []))])
        let (graph, _) = Self.graph(b)
        #expect(graph.object(0).fields.map(\.value) == [.scalar(.bool(false)), .scalar(.bool(true))])
    }

    @Test func emptyKeyRunsBecomeOneListInOrder() {
        let (graph, marks) = Self.graph(.sample())
        let array = graph.object(1)
        #expect(array.fields.map(\.key) == ["NSInlinedValue", "UINibEncoderEmptyKey"])
        #expect(array.fields[1].value == .list([.reference(.object(7)), .reference(.object(3))]))
        #expect(array.fields[1].range == ByteRange(marks["value.3"] ?? -1, marks["value.5"] ?? -1))
    }

    @Test func aLongRunIsReadOnDemand() {
        var b = NIBArchiveBuilder()
        let n = NIBArchiveGraph.storedRunLimit + 5
        let items = (0..<n).map { _ in ("UINibEncoderEmptyKey", NIBArchiveBuilder.Value.object(0)) }
        b.object("NSArray", [("NSInlinedValue", .bool(true))] + items)
        let (graph, _) = Self.graph(b)
        guard case .list(let list) = graph.object(0).field("UINibEncoderEmptyKey")?.value else { Issue.record("no list"); return }
        #expect(list.isLazy && list.count == n)
        #expect(list[n - 1] == .reference(.object(0)))
    }

    @Test func classNamesKeepTheirExtraWordsOutOfTheName() {
        var b = NIBArchiveBuilder()
        b.object("UIView")
        b.classes[0].extras = [7, 8]
        let (graph, marks) = Self.graph(b)
        #expect(graph.openDiagnostics.isEmpty)
        #expect(graph.object(0).className == "UIView")
        #expect(marks["end"] == (marks["class.0"] ?? 0) + 2 + 8 + 7)
    }

    @Test func varintsEndOnTheByteWithTheHighBit() throws {
        let reader = NIBArchiveReader(input: InputBytes([0x05, 0x01, 0x82, 0xFF]))
        #expect(try reader.varint(at: 0) == (value: 5 | (1 << 7) | (2 << 14), end: 3))
        #expect(try reader.varint(at: 3) == (value: 0x7F, end: 4))
        for v: UInt64 in [0, 1, 127, 128, 16_383, 16_384, UInt64(UInt32.max), .max] {
            let bytes = NIBArchiveBuilder.varint(v)
            #expect(try NIBArchiveReader(input: InputBytes(bytes)).varint(at: 0) == (value: v, end: bytes.count))
        }
    }

    @Test func theDocumentOpensANib() {
        let (bytes, _) = NIBArchiveBuilder.sample().build()
        let document = ArchiveDocument.open(InputBytes(bytes), name: "sample.nib")
        #expect(document.format == .nibArchive && document.isDecoded)
        #expect(document.graph is NIBArchiveGraph)
        #expect(document.graph.topLevel.first?.value == .reference(.object(0)))
    }

    @Test func knownClassesShowAsValues() {
        let (graph, _) = Self.graph(.sample())
        let outline = Outline(graph: graph)
        #expect(outline.view(6).summary == "\"view\"")
        #expect(outline.view(1).summary == "2 items")
    }

    /// Opening reads the object, key and class tables; the value table only as far as the objects
    /// shown need (the root's run here), the full check all of it.
    @Test func theValueTableIsReadAsFarAsNeeded() {
        var b = NIBArchiveBuilder()
        b.object("NSObject", [("child", .object(1)), ("n", .int8(1))])
        b.object("NSArray", [("NSInlinedValue", .bool(true))] + (0..<10_000).map { _ in ("UINibEncoderEmptyKey", .object(0)) })
        let (graph, _) = Self.graph(b)
        #expect(graph.layout[.objects].scanned == 2)
        #expect(graph.layout[.values].scanned == 0)
        _ = graph.topLevel
        #expect(graph.layout[.values].scanned <= 2 + NIBArchiveTable.stride)
        #expect(graph.fullCheck().isEmpty)
        #expect(graph.layout[.values].scanned == 10_003)
    }

    /// The value table's own problems come with the full check, which reads it.
    @Test func aValueTableCutShortIsFoundByTheFullCheck() {
        let (bytes, marks) = NIBArchiveBuilder.sample().build()
        let graph = NIBArchiveGraph(input: InputBytes(Array(bytes.prefix((marks["value.20"] ?? 0) + 2))))
        #expect(!graph.openDiagnostics.contains { $0.id == "nib.table.truncated" })
        #expect(graph.object(3).field("UIView")?.value == .reference(.object(4)))
        let all = graph.fullCheck()
        let table = all.filter { $0.id.hasPrefix("nib.table") }
        #expect(table.contains { $0.id == "nib.table.truncated" && $0.range?.start == marks["value.20"] }, "\(table.map(\.description))")
    }
}

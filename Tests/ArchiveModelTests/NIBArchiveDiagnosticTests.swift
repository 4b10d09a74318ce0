import FuzzSupport
import Testing
@testable import ArchiveModel
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchiveSources

/// Every `nib.*` diagnostic from a built nib, with its exact byte range (named offsets from the
/// builder), and the partial results past each problem.
@Suite struct NIBArchiveDiagnosticTests {
    /// A root with one string child, the smallest nib with a reference: values 0 (root's `child`) and
    /// 1 (the string's `NS.bytes`), keys 0 `child`, 1 `NS.bytes`, classes `NSObject`, `NSString`.
    static func small() -> NIBArchiveBuilder {
        var b = NIBArchiveBuilder()
        b.object("NSObject", [("child", .object(1))])
        b.stringObject("hello")
        return b
    }

    static func check(_ builder: NIBArchiveBuilder) -> (diagnostics: [Diagnostic], marks: [String: Int], graph: NIBArchiveGraph) {
        let (bytes, marks) = builder.build()
        return check(bytes, marks)
    }

    static func check(_ bytes: [UInt8], _ marks: [String: Int] = [:]) -> (diagnostics: [Diagnostic], marks: [String: Int], graph: NIBArchiveGraph) {
        let graph = NIBArchiveGraph(input: InputBytes(bytes))
        #expect(GraphInvariants.violations(graph).isEmpty)
        return (graph.fullCheck(), marks, graph)
    }

    /// The one diagnostic with `id`, failing the test when there is not exactly one.
    static func only(_ id: String, _ diagnostics: [Diagnostic], sourceLocation: SourceLocation = #_sourceLocation) -> Diagnostic? {
        let found = diagnostics.filter { $0.id == id }
        #expect(found.count == 1, "\(id): \(diagnostics.map(\.description))", sourceLocation: sourceLocation)
        return found.first
    }

    @Test func theSmallNibIsClean() {
        #expect(Self.check(Self.small()).diagnostics.isEmpty)
    }

    @Test func aHeaderCutShort() {
        let (d, _, graph) = Self.check(Array("NIBArchive".utf8) + [1, 0, 0, 0])
        #expect(Self.only("nib.header.truncated", d)?.range == ByteRange(0, 14))
        #expect(graph.objectCount == 0 && graph.topLevel.isEmpty)
    }

    @Test func versionWords() {
        var b = Self.small()
        b.formatVersion = 2
        b.coderVersion = 11
        let (d, _, graph) = Self.check(b)
        #expect(Self.only("nib.header.format-version", d)?.range == ByteRange(10, 14))
        #expect(Self.only("nib.header.coder-version", d)?.range == ByteRange(14, 18))
        #expect(d.count == 2)
        #expect(graph.object(1).field("NS.bytes") != nil)
    }

    @Test func aTableOutOfTheFile() {
        var b = Self.small()
        b.offsetOverride[.classNames] = 10_000
        let (d, _, graph) = Self.check(b)
        let table = Self.only("nib.table.out-of-file", d)
        #expect(table?.range == ByteRange(46, 50))
        #expect(table?.message.contains("offset 10000") == true)
        // Every object lost its class; their values are still there.
        #expect(d.filter { $0.id == "nib.object.class-out-of-range" }.count == 2)
        #expect(graph.object(0).field("child")?.value == .reference(.object(1)))
        // The class names' bytes are now in no table.
        #expect(d.contains { $0.id == "nib.bytes.unused" })
    }

    @Test func aTableInTheHeader() {
        var b = Self.small()
        b.offsetOverride[.values] = 20
        let d = Self.check(b).diagnostics
        #expect(Self.only("nib.table.in-header", d)?.range == ByteRange(38, 42))
    }

    @Test func aCountNoFileCanHold() {
        var b = Self.small()
        b.countOverride[.values] = .max
        let (d, marks, graph) = Self.check(b)
        let count = Self.only("nib.table.count-too-large", d)
        #expect(count?.range == ByteRange(34, 38))
        #expect(count?.notes.first?.range == ByteRange(start: marks["values"] ?? -1, count: 1))
        #expect(!d.contains { $0.id == "nib.table.truncated" })
        // The real values and the class names after them were read as values; both objects are there.
        #expect(graph.objectCount == 2)
    }

    @Test func aFileCutInsideTheClassNames() {
        let (bytes, marks) = Self.small().build()
        let cut = (marks["class.1"] ?? 0) + 3
        let (d, _, graph) = Self.check(Array(bytes.prefix(cut)))
        let truncated = Self.only("nib.table.truncated", d)
        #expect(truncated?.range == ByteRange(marks["class.1"] ?? -1, cut))
        #expect(truncated?.notes.first?.range == ByteRange(42, 46))
        #expect(graph.object(0).className == "NSObject")
        #expect(Self.only("nib.object.class-out-of-range", d)?.object == 1)
    }

    @Test func tablesSharingBytes() {
        var b = NIBArchiveBuilder()
        b.object("NSObject", [("a", .null)])
        let objects = b.build().marks["objects"] ?? 0
        b.offsetOverride[.keys] = UInt32(objects)
        let d = Self.check(b).diagnostics
        // The object entry 80 80 81 read as a key: length 0 at its first byte.
        #expect(Self.only("nib.table.overlap", d)?.range == ByteRange(objects, objects + 1))
    }

    @Test func aVarintThatNeverEnds() {
        var b = Self.small()
        b.object("NSData", [("NS.bytes", .data([UInt8](repeating: 0, count: 24)))])
        let (bytes, marks) = b.build()
        var damaged = bytes
        let start = marks["value.2"] ?? 0
        for i in start..<(start + 12) { damaged[i] = 0 }
        let (d, _, graph) = Self.check(damaged)
        #expect(Self.only("nib.varint.overflow", d)?.range == ByteRange(start, start + 10))
        // Values before it are read; the data object's value is past the unreadable one.
        #expect(graph.object(1).field("NS.bytes") != nil)
        #expect(Self.only("nib.object.values-out-of-range", d)?.object == 2)
    }

    @Test func unusedBytesAtTheEnd() {
        var b = Self.small()
        b.trailing = [1, 2, 3]
        let (d, marks, _) = Self.check(b)
        let unused = Self.only("nib.bytes.unused", d)
        #expect(unused?.range == ByteRange(marks["trailing"] ?? -1, marks["end"] ?? -1))
        #expect(unused?.severity == .note)
    }

    @Test func keysAndClassNamesThatAreNotText() {
        var b = Self.small()
        b.keys[0] = [0x63, 0xFF]
        b.classes[0].name = [0xC3, 0x28, 0]
        b.classes[1].name = Array("NSString".utf8)
        let (d, marks, graph) = Self.check(b)
        #expect(Self.only("nib.key.invalid-utf8", d)?.range == ByteRange(marks["key.0"] ?? -1, (marks["key.0"] ?? 0) + 3))
        #expect(Self.only("nib.class.invalid-utf8", d)?.range == ByteRange(marks["class.0"] ?? -1, (marks["class.0"] ?? 0) + 5))
        #expect(Self.only("nib.class.unterminated", d)?.range == ByteRange(marks["class.1"] ?? -1, marks["end"] ?? -1))
        #expect(graph.object(0).fields.first?.key == "c\u{FFFD}")
        #expect(graph.object(1).className == "NSString")
    }

    @Test func aValueOfUnknownType() {
        var b = Self.small()
        b.object("NSObject", [("x", .raw(type: 11, payload: [1, 2, 3]))])
        let (d, marks, graph) = Self.check(b)
        let start = marks["value.2"] ?? 0
        let unknown = Self.only("nib.value.unknown-type", d)
        #expect(unknown?.range == ByteRange(start + 1, start + 2))
        #expect(unknown?.notes.first?.range == ByteRange(start, start + 1))
        #expect(graph.object(1).field("NS.bytes") != nil)
    }

    @Test func aValueWhoseKeyDoesNotExist() {
        var b = Self.small()
        b.values[1].keyIndex = 99
        let (d, marks, graph) = Self.check(b)
        let key = Self.only("nib.value.key-out-of-range", d)
        #expect(key?.range == ByteRange(marks["value.1"] ?? -1, marks["classNames"] ?? -1))
        #expect(key?.object == 1)
        #expect(graph.object(1).fields.first?.key == "<key 99, out of range>")
    }

    @Test func aReferenceOutOfRange() {
        var b = Self.small()
        b.values[0] = NIBArchiveBuilder.ValueEntry(keyIndex: 0, type: 10, payload: NIBArchiveBuilder.le(99, 4))
        let (d, marks, graph) = Self.check(b)
        let ref = Self.only("nib.value.ref-out-of-range", d)
        #expect(ref?.range == ByteRange(start: marks["value.0.payload"] ?? -1, count: 4))
        #expect(ref?.object == 0)
        guard case .reference(.dangling(let raw, _))? = graph.object(0).field("child")?.value else { Issue.record("not dangling"); return }
        #expect(raw == 99)
        // The string is now referenced by nothing.
        #expect(Self.only("nib.object.unreachable", d)?.range == ByteRange(start: marks["object.1"] ?? -1, count: 3))
    }

    @Test func valuesNoObjectLists() {
        var b = Self.small()
        b.objects[1].valueCount = 0
        let (d, marks, _) = Self.check(b)
        #expect(Self.only("nib.value.unowned", d)?.range == ByteRange(marks["value.1"] ?? -1, marks["classNames"] ?? -1))
    }

    @Test func noObjects() {
        var b = NIBArchiveBuilder()
        _ = b.key("a")
        let (d, _, graph) = Self.check(b)
        #expect(Self.only("nib.root.missing", d)?.range == ByteRange(18, 26))
        #expect(graph.topLevel.isEmpty)
    }

    @Test func aClassIndexOutOfRange() {
        var b = Self.small()
        b.objects[1].classIndex = 5
        let (d, marks, graph) = Self.check(b)
        #expect(Self.only("nib.object.class-out-of-range", d)?.range == ByteRange(start: marks["object.1"] ?? -1, count: 3))
        #expect(graph.object(1).className == nil)
    }

    @Test func valuesPastTheValueTable() {
        var b = Self.small()
        b.objects[1].valueCount = 3
        let (d, marks, graph) = Self.check(b)
        let values = Self.only("nib.object.values-out-of-range", d)
        #expect(values?.range == ByteRange(start: marks["object.1"] ?? -1, count: 3))
        #expect(graph.object(1).fields.map(\.key) == ["NS.bytes", "(missing values)"])
    }

    @Test func objectsSharingValues() {
        var b = Self.small()
        b.objects.append(b.objects[1])
        // Object 2 is the string's entry again: it lists value 1, which object 1 lists first.
        let (d, marks, graph) = Self.check(b)
        let overlap = Self.only("nib.object.values-overlap", d)
        #expect(overlap?.range == ByteRange(start: marks["object.2"] ?? -1, count: 3))
        #expect(overlap?.notes.first?.range == ByteRange(start: marks["object.1"] ?? -1, count: 3))
        guard case .sameAs(let same)? = graph.object(2).fields.first?.value else { Issue.record("no stand-in"); return }
        #expect(same.owner == 1)
        #expect(graph.object(1).field("NS.bytes") != nil)
    }

    @Test func anIdOutsideTheTable() {
        let graph = Self.check(Self.small()).graph
        #expect(graph.object(99).diagnostics.map(\.id) == ["nib.object.no-such-id"])
        #expect(graph.object(-1).kind == .invalid)
    }
}

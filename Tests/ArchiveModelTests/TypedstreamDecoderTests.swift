import Testing
@testable import ArchiveModel
@testable import KeyedArchive
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveSources
import FuzzSupport

/// Built fixtures for every tag and type encoding, in both byte orders.
@Suite struct TypedstreamDecoderTests {
    static let byteOrders = [false, true]

    /// Header plus one group `types` whose values `body` writes.
    static func single(_ bigEndian: Bool, _ types: String, _ body: (inout TypedstreamWriter) -> Void) -> TypedstreamWriter {
        var w = TypedstreamWriter(bigEndian: bigEndian)
        w.header()
        w.mark("group")
        w.types(types)
        w.mark("value")
        body(&w)
        w.mark("end")
        return w
    }

    static func topValues(_ w: TypedstreamWriter) -> [FieldValue] {
        TypedstreamInvariants.decodeChecked(w.bytes).topLevel.map(\.value)
    }

    // MARK: - Header and the worked example

    @Test func workedExampleMatchesFormatsDocument() {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        w.mark("object")
        w.nsString("string value")
        w.mark("end")
        let expected: [UInt8] = [0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03, 0x84, 0x01, 0x40, 0x84]
            + [0x84, 0x84, 0x08] + Array("NSString".utf8) + [0x01] + [0x84, 0x84, 0x08] + Array("NSObject".utf8) + [0x00, 0x85]
            + [0x84, 0x01, 0x2B, 0x0C] + Array("string value".utf8) + [0x86]
        #expect(w.bytes == expected)

        let graph = TypedstreamInvariants.decodeChecked(w.bytes)
        #expect(graph.container == .typedstream(bigEndian: false))
        #expect(graph.archiveKind == "typedstream")
        #expect(graph.objectCount == 3)
        #expect(graph.topLevel == [Field(key: "0", value: .reference(.object(0)), typeEncoding: "@", range: w.range("object", "end"), isPositional: true)])
        let string = graph.object(0)
        #expect(string.kind == .instance)
        #expect(string.className == "NSString")
        #expect(string.classChain == [ClassInfo(name: "NSString", version: 1), ClassInfo(name: "NSObject", version: 0)])
        #expect(string.classObjectID == 1)
        #expect(string.range == w.range("object", "end"))
        #expect(string.fields.count == 1)
        #expect(string.fields.first?.key == "0")
        #expect(string.fields.first?.value == .scalar(.string("string value")))
        #expect(string.fields.first?.typeEncoding == "+")
        #expect(string.fields.first?.isPositional == true)
        #expect(string.fields.first?.range == ByteRange(w.at("end") - 14, w.at("end") - 1))
        let classRecord = graph.object(1)
        #expect(classRecord.kind == .classRecord)
        #expect(classRecord.className == "NSString")
        #expect(classRecord.classChain.map(\.name) == ["NSString", "NSObject"])
        #expect(classRecord.field("superclass")?.value == .reference(.object(2)))
        #expect(graph.object(2).field("superclass")?.value == .reference(.null))
        #expect(graph.fullCheck().map(\.id) == ["typedstream.header.info"])
        #expect(graph.sharedString(0) == "@")
        #expect(graph.sharedString(1) == "NSString")
    }

    @Test(arguments: byteOrders)
    func headerInBothByteOrders(bigEndian: Bool) {
        var w = TypedstreamWriter(bigEndian: bigEndian)
        w.header(systemVersion: 1000)
        #expect(Array(w.bytes.suffix(3)) == (bigEndian ? [0x81, 0x03, 0xE8] : [0x81, 0xE8, 0x03]))
        w.types("i")
        w.int(1)
        let graph = TypedstreamInvariants.decodeChecked(w.bytes)
        #expect(graph.container == .typedstream(bigEndian: bigEndian))
        #expect(FormatDetector.detect(w.input) == .typedstream(bigEndian: bigEndian))
        #expect(graph.streamerVersion == 4)
        #expect(graph.systemVersion == 1000)
        #expect(graph.openDiagnostics.first?.message == "typedstream version 4, \(bigEndian ? "big" : "little")-endian, system version 1000")
        #expect(graph.openDiagnostics.first?.range == ByteRange(0, 16))
    }

    // MARK: - Integers and reals

    @Test(arguments: byteOrders)
    func signedIntegerForms(bigEndian: Bool) {
        let w = Self.single(bigEndian, "iiiiiiii") { w in
            w.int(5); w.int(-110); w.int(127); w.int2(300); w.int2(-300); w.int4(70_000); w.int4(-70_000); w.int(-111)
        }
        #expect(Self.topValues(w) == [
            .scalar(.integer(5, width: 1)), .scalar(.integer(-110, width: 1)), .scalar(.integer(127, width: 1)),
            .scalar(.integer(300, width: 2)), .scalar(.integer(-300, width: 2)), .scalar(.integer(70_000, width: 4)),
            .scalar(.integer(-70_000, width: 4)), .scalar(.integer(-111, width: 2)),
        ])
        let graph = w.decode()
        #expect(graph.topLevel.map(\.key) == ["0", "1", "2", "3", "4", "5", "6", "7"])
        #expect(graph.topLevel.allSatisfy { $0.typeEncoding == "i" && $0.isPositional })
        #expect(graph.topLevel[3].range == ByteRange(w.at("value") + 3, w.at("value") + 6))
    }

    @Test(arguments: byteOrders)
    func unsignedIntegersUseTheHeadAsUnsigned(bigEndian: Bool) {
        let w = Self.single(bigEndian, "CSILQsl") { w in
            w.byte(0xC8); w.byte(0xC8); w.int2(0xFFFF); w.int4(0xFFFF_FFFF); w.byte(0xFF); w.byte(0xFF); w.byte(0x92)
        }
        #expect(Self.topValues(w) == [
            .scalar(.integer(200, width: 1)), .scalar(.integer(200, width: 1)), .scalar(.integer(65535, width: 2)),
            .scalar(.integer(4_294_967_295, width: 4)), .scalar(.integer(255, width: 1)), .scalar(.integer(-1, width: 1)),
            .scalar(.integer(-110, width: 1)),
        ])
    }

    @Test(arguments: byteOrders)
    func eightByteIntegerTagIsDecodedWithANote(bigEndian: Bool) {
        let w = Self.single(bigEndian, "qQ") { w in w.int8(-(1 << 40)); w.int8(1 << 63) }
        let graph = TypedstreamInvariants.decodeChecked(w.bytes)
        #expect(graph.topLevel.map(\.value) == [.scalar(.integer(-(1 << 40), width: 8)), .scalar(.integer(1 << 63, width: 8))])
        let notes = graph.fullCheck().filter { $0.id == "typedstream.int.8-byte" }
        #expect(notes.map(\.range) == [ByteRange(start: w.at("value"), count: 9), ByteRange(start: w.at("value") + 9, count: 9)])
        #expect(notes.allSatisfy { $0.severity == .note })
    }

    @Test(arguments: byteOrders)
    func realsTaggedOrStoredAsIntegers(bigEndian: Bool) {
        let w = Self.single(bigEndian, "ffdd") { w in w.float(1.5); w.int(3); w.double(-2.25); w.int2(1000) }
        #expect(Self.topValues(w) == [
            .scalar(.real(1.5, width: 4)), .scalar(.real(3, width: 4)), .scalar(.real(-2.25, width: 8)), .scalar(.real(1000, width: 8)),
        ])
    }

    @Test(arguments: byteOrders)
    func charsAndBoolsAreRawBytesWithoutTagProcessing(bigEndian: Bool) {
        let w = Self.single(bigEndian, "cCcBB") { w in w.byte(0x84); w.byte(0x84); w.byte(0x41); w.byte(1); w.byte(0) }
        #expect(Self.topValues(w) == [
            .scalar(.integer(-124, width: 1)), .scalar(.integer(132, width: 1)), .scalar(.integer(65, width: 1)),
            .scalar(.bool(true)), .scalar(.bool(false)),
        ])
    }

    // MARK: - Strings

    @Test(arguments: byteOrders)
    func unsharedStrings(bigEndian: Bool) {
        let w = Self.single(bigEndian, "+++") { w in w.unshared("héllo"); w.unshared([0xFF, 0xFE]); w.nilTag() }
        #expect(Self.topValues(w) == [.scalar(.string("héllo")), .scalar(.data([0xFF, 0xFE])), .scalar(.null)])
    }

    @Test(arguments: byteOrders)
    func longStringLengthUsesTaggedInteger(bigEndian: Bool) {
        let text = String(repeating: "x", count: 300)
        let w = Self.single(bigEndian, "+") { w in w.unshared(text) }
        #expect(w.bytes[w.at("value")] == 0x81)
        #expect(Self.topValues(w) == [.scalar(.string(text))])
    }

    @Test(arguments: byteOrders)
    func cStringsTakeObjectTableSlots(bigEndian: Bool) {
        var w = TypedstreamWriter(bigEndian: bigEndian)
        w.header()
        w.types("**")
        w.mark("first")
        let id = w.cString("i")
        w.mark("second")
        w.ref(id)
        w.mark("third")
        w.types("*")
        w.nilTag()
        let graph = TypedstreamInvariants.decodeChecked(w.bytes)
        #expect(graph.objectCount == 1)
        let string = graph.object(0)
        #expect(string.kind == .value)
        #expect(string.value == .string("i"))
        #expect(string.range == w.range("first", "second"))
        #expect(graph.topLevel.map(\.value) == [.reference(.object(0)), .reference(.object(0)), .reference(.null)])
        #expect(graph.topLevel.map(\.typeEncoding) == ["*", "*", "*"])
        #expect(graph.topLevel[1].range == w.range("second", "third"))
        // "i" was a C string's shared string and is then reused as a type string by reference.
        #expect(w.sharedIndex["i"] == 1)
    }

    @Test(arguments: byteOrders)
    func selectorsAndAtoms(bigEndian: Bool) {
        let w = Self.single(bigEndian, ":%::") { w in w.shared("setTitle:"); w.shared("atom"); w.shared("setTitle:"); w.nilTag() }
        let graph = TypedstreamInvariants.decodeChecked(w.bytes)
        #expect(graph.topLevel.map(\.value) == [
            .scalar(.string("setTitle:")), .scalar(.string("atom")), .scalar(.string("setTitle:")), .scalar(.null),
        ])
        #expect(graph.diagnosticIDs.contains("typedstream.type.atom"))
        #expect(graph.problems.isEmpty)
    }

    @Test(arguments: byteOrders)
    func ignoredIntHasNoData(bigEndian: Bool) {
        let w = Self.single(bigEndian, "!i") { w in w.int(7) }
        let graph = TypedstreamInvariants.decodeChecked(w.bytes)
        #expect(graph.topLevel.map(\.value) == [.scalar(.null), .scalar(.integer(7, width: 1))])
        #expect(graph.topLevel.first?.range == ByteRange(w.at("value"), w.at("value")))
    }

    // MARK: - Arrays and structs

    @Test(arguments: byteOrders)
    func arraysOfIntegersBytesAndObjects(bigEndian: Bool) {
        var w = Self.single(bigEndian, "[3s][4c][2C]") { w in
            w.int(1); w.int2(-2000); w.int(3)
            w.raw([0xDE, 0xAD, 0x84, 0x00])
            w.raw([1, 2])
        }
        w.types("[2@]")
        w.mark("objects")
        let a = w.nsString("a")
        w.ref(a)
        w.mark("objectsEnd")
        let graph = TypedstreamInvariants.decodeChecked(w.bytes)
        #expect(graph.topLevel.map(\.value) == [
            .list([.scalar(.integer(1, width: 1)), .scalar(.integer(-2000, width: 2)), .scalar(.integer(3, width: 1))]),
            .scalar(.data([0xDE, 0xAD, 0x84, 0x00])),
            .scalar(.data([1, 2])),
            .list([.reference(.object(0)), .reference(.object(0))]),
        ])
        #expect(graph.topLevel.map(\.typeEncoding) == ["[3s]", "[4c]", "[2C]", "[2@]"])
        #expect(graph.topLevel[0].range == ByteRange(w.at("value"), w.at("value") + 5))
        #expect(graph.topLevel[1].range == ByteRange(w.at("value") + 5, w.at("value") + 9))
        #expect(graph.topLevel[3].range == w.range("objects", "objectsEnd"))
    }

    @Test(arguments: byteOrders)
    func structsNestAndCarryTheirEncoding(bigEndian: Bool) {
        let w = Self.single(bigEndian, "{_NSRange=II}{_NSRect={_NSPoint=ff}{_NSSize=ff}}[2{p=si}]{}") { w in
            w.int(4); w.int2(500)
            w.float(1); w.float(2); w.float(3); w.float(4)
            w.int(1); w.int(2); w.int(3); w.int(4)
        }
        let graph = TypedstreamInvariants.decodeChecked(w.bytes)
        let real = { (v: Double) in FieldValue.scalar(.real(v, width: 4)) }
        let int = { (v: Int128) in FieldValue.scalar(.integer(v, width: 1)) }
        #expect(graph.topLevel.map(\.value) == [
            .list([int(4), .scalar(.integer(500, width: 2))]),
            .list([.list([real(1), real(2)]), .list([real(3), real(4)])]),
            .list([.list([int(1), int(2)]), .list([int(3), int(4)])]),
            .list([]),
        ])
        #expect(graph.topLevel.map(\.typeEncoding) == ["{_NSRange=II}", "{_NSRect={_NSPoint=ff}{_NSSize=ff}}", "[2{p=si}]", "{}"])
        #expect(graph.problems.isEmpty)
    }

    // MARK: - Classes and objects

    @Test(arguments: byteOrders)
    func classValuesAndSharedClassChains(bigEndian: Bool) {
        var w = TypedstreamWriter(bigEndian: bigEndian)
        w.header()
        w.types("@")
        let first = w.nsString("one")
        w.types("@")
        w.mark("second")
        let second = w.beginObject([("NSMutableString", 1), ("NSString", 1)])
        w.types("+")
        w.unshared("two")
        w.endObject()
        w.mark("class")
        w.types("##")
        w.classChain([("NSMutableString", 1)])
        w.nilTag()
        let graph = TypedstreamInvariants.decodeChecked(w.bytes)
        #expect(first == 0 && second == 3)
        let mutable = graph.object(second)
        #expect(mutable.classChain == [ClassInfo(name: "NSMutableString", version: 1), ClassInfo(name: "NSString", version: 1),
                                       ClassInfo(name: "NSObject", version: 0)])
        #expect(mutable.classObjectID == 4)
        #expect(graph.object(4).field("superclass")?.value == .reference(.object(1)))
        #expect(graph.topLevel.map(\.value).suffix(2) == [.reference(.object(4)), .reference(.null)])
        #expect(graph.topLevel.last?.typeEncoding == "#")
        #expect(graph.problems.isEmpty)
    }

    @Test(arguments: byteOrders)
    func nestedObjectsBackReferencesAndNil(bigEndian: Bool) {
        var w = TypedstreamWriter(bigEndian: bigEndian)
        w.header()
        w.types("@")
        w.mark("array")
        let array = w.beginObject([("NSArray", 0), ("NSObject", 0)])
        w.types("i")
        w.int(3)
        w.types("@")
        w.mark("element")
        let element = w.nsString("x")
        w.mark("elementEnd")
        w.types("@")
        w.ref(element)
        w.types("@")
        w.nilTag()
        w.endObject()
        w.mark("end")
        let graph = TypedstreamInvariants.decodeChecked(w.bytes)
        let object = graph.object(array)
        #expect(object.className == "NSArray")
        #expect(object.range == w.range("array", "end"))
        #expect(object.fields.map(\.value) == [.scalar(.integer(3, width: 1)), .reference(.object(element)), .reference(.object(element)), .reference(.null)])
        #expect(object.fields.map(\.key) == ["0", "1", "2", "3"])
        #expect(object.fields[1].range == w.range("element", "elementEnd"))
        #expect(graph.object(element).range == w.range("element", "elementEnd"))
        #expect(graph.problems.isEmpty)
        let index = GraphIndex(graph: graph)
        #expect(index?.referrerCounts[element] == 2)
        #expect(index?.unreachable == [])
    }

    @Test(arguments: byteOrders)
    func referencesToObjectsBeingDecodedAreCyclesWithNotes(bigEndian: Bool) {
        var w = TypedstreamWriter(bigEndian: bigEndian)
        w.header()
        w.types("@")
        let view = w.beginObject([("NSView", 0), ("NSObject", 0)])
        w.types("@")
        w.ref(view)
        w.types("@")
        let sub = w.beginObject([("NSView", 0)])
        w.types("@")
        w.ref(view)
        w.endObject()
        w.endObject()
        let graph = TypedstreamInvariants.decodeChecked(w.bytes)
        #expect(graph.object(view).fields.map(\.value) == [.reference(.object(view)), .reference(.object(sub))])
        #expect(graph.object(sub).fields.map(\.value) == [.reference(.object(view))])
        #expect(graph.problems.isEmpty)
        #expect(graph.diagnosticIDs.filter { $0 != "typedstream.header.info" } == ["typedstream.ref.self", "typedstream.ref.in-progress"])
        let cycles = GraphIndex(graph: graph)?.cycleEdges ?? []
        #expect(cycles.contains { $0.from == view && $0.to == view })
        #expect(cycles.contains { $0.from == sub && $0.to == view })
    }

    @Test func nsValueCarriesATypeStringAndAGroup() {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        let number = w.beginObject([("NSNumber", 0), ("NSValue", 0), ("NSObject", 0)])
        w.types("*")
        let type = w.cString("q")
        w.types("q")
        w.int(42)
        w.endObject()
        let graph = TypedstreamInvariants.decodeChecked(w.bytes)
        #expect(graph.object(number).fields.map(\.value) == [.reference(.object(type)), .scalar(.integer(42, width: 1))])
        #expect(graph.object(number).fields.map(\.typeEncoding) == ["*", "q"])
        #expect(graph.object(type).value == .string("q"))
    }

    @Test func outlineShowsTheGraphWithoutSpecialCases() {
        var w = TypedstreamWriter()
        w.header()
        w.types("@i")
        let array = w.beginObject([("NSArray", 0), ("NSObject", 0)])
        w.types("i")
        w.int(1)
        w.types("@")
        w.nsString("x")
        w.endObject()
        w.int(7)
        let graph = w.decode()
        let outline = Outline(graph: graph, index: GraphIndex(graph: graph))
        let roots = outline.roots()
        #expect(roots.map(\.label) == ["0", "1"])
        #expect(roots.first?.target == array)
        #expect(roots.first?.className == "NSArray")
        #expect(roots.last?.summary == "7")
        let children = roots.first.map { outline.children(of: $0) } ?? []
        // NSArray is a known class: its element first, the stored typed fields one step away.
        #expect(children.map(\.label) == ["[0]", "raw fields"])
        #expect(children.first?.className == "NSString")
        let raw = children.last.map { outline.children(of: $0) } ?? []
        #expect(raw.map(\.label) == ["0", "1"])
        let classRow = outline.node(label: "class", value: .reference(.object(1)), range: nil)
        #expect(classRow.summary == "class NSArray : NSObject")
    }

    @Test func outOfRangeObjectIdIsInvalid() {
        var w = TypedstreamWriter()
        w.header()
        w.types("i")
        w.int(1)
        let graph = w.decode()
        #expect(graph.object(5).kind == .invalid)
        #expect(graph.object(-1).diagnostics.first?.id == "typedstream.object.no-such-id")
    }

    // MARK: - Depth and size

    @Test func deeplyNestedObjectsUseNoRecursion() {
        let depth = 50_000
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        w.mark("root")
        for _ in 0..<depth {
            w.beginObject([("Node", 0)])
            w.types("@")
        }
        w.nilTag()
        for _ in 0..<depth { w.endObject() }
        let graph = TypedstreamDecoder.decode(w.input)
        #expect(graph.objectCount == depth + 1)
        #expect(graph.problems.isEmpty)
        #expect(graph.object(depth).fields.first?.value == .reference(.null))
        #expect(graph.object(0).range == ByteRange(w.at("root"), w.bytes.count))
        #expect(GraphIndex(graph: graph) != nil)
    }

    @Test func typeNestingIsBounded() {
        let ok = String(repeating: "[1", count: 200) + "i" + String(repeating: "]", count: 200)
        var w = Self.single(false, ok) { w in w.int(9) }
        var graph = TypedstreamInvariants.decodeChecked(w.bytes)
        #expect(graph.problems.isEmpty)
        let deep = String(repeating: "{", count: 300) + String(repeating: "}", count: 300)
        w = Self.single(false, deep) { _ in }
        graph = TypedstreamInvariants.decodeChecked(w.bytes)
        #expect(graph.diagnosticIDs.contains("typedstream.type.malformed"))
    }

    @Test func manyObjectsDecodeInLinearTime() {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        let count = 100_000
        w.beginObject([("NSArray", 0), ("NSObject", 0)])
        w.types("i")
        w.int(Int128(count))
        var last = 0
        for i in 0..<count {
            w.types("@")
            if i % 2 == 1 { w.ref(last) } else { last = w.nsString("s\(i)") }
        }
        w.endObject()
        let clock = ContinuousClock()
        var graph: TypedstreamGraph?
        let elapsed = clock.measure { graph = TypedstreamDecoder.decode(w.input) }
        #expect(graph?.problems.isEmpty == true)
        #expect(graph?.object(0).fields.count == count + 1)
        print("typedstream: \(count) values in \(w.bytes.count) bytes decoded in \(elapsed)")
    }
}

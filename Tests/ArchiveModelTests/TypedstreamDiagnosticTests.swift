import Testing
@testable import ArchiveModel
@testable import KeyedArchive
@testable import Typedstream
@testable import NIBArchive
import FuzzSupport

/// One built fixture per diagnostic id, asserting the exact (id, range) pair.
@Suite struct TypedstreamDiagnosticTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let bytes: [UInt8]
        let range: ByteRange
        var testDescription: String { id }
    }

    /// Builds a case: `body` writes the fixture (after the header, unless it writes its own) and
    /// returns the expected range.
    static func make(_ id: String, header: Bool = true, _ body: (inout TypedstreamWriter) -> ByteRange) -> Case {
        var w = TypedstreamWriter()
        if header { w.header() }
        let range = body(&w)
        return Case(id: id, bytes: w.bytes, range: range)
    }

    /// The next value's offset after writing `types`.
    static func value(_ w: inout TypedstreamWriter, _ types: String) -> Int {
        w.types(types)
        return w.offset
    }

    static let cases: [Case] = headerCases + valueCases + referenceCases + classCases + objectCases + typeCases + recoveryCases
        + knownClassCases

    static let knownClassCases: [Case] = {
        let (w, _, _, lengthAt) = TypedstreamAttributedStringTests.attributed("abc", runs: [2, 5])
        return [Case(id: "typedstream.attributed-string.run-past-end", bytes: w.bytes, range: ByteRange(lengthAt[1], lengthAt[1] + 1))]
    }()

    static let headerCases: [Case] = [
        make("typedstream.header.info") { w in w.types("i"); w.int(1); return ByteRange(0, 16) },
        make("typedstream.header.truncated", header: false) { w in w.raw([4, 11] + Array("stream".utf8)); return ByteRange(2, 8) },
        make("typedstream.header.bad-version", header: false) { w in w.header(version: 5); w.types("i"); w.int(1); return ByteRange(0, 1) },
        make("typedstream.header.old-version", header: false) { w in w.header(version: 3); w.types("i"); w.int(1); return ByteRange(0, 1) },
        make("typedstream.header.bad-signature-length", header: false) { w in w.header(signatureLength: 12); w.types("i"); w.int(1); return ByteRange(1, 2) },
        make("typedstream.header.bad-signature", header: false) { w in w.header(signature: "streamtypeX"); w.types("i"); w.int(1); return ByteRange(2, 13) },
        make("typedstream.header.unknown-system-version", header: false) { w in w.header(systemVersion: 2000); w.types("i"); w.int(1); return ByteRange(13, 16) },
        make("typedstream.stream.empty") { _ in ByteRange(16, 16) },
    ]

    static let valueCases: [Case] = [
        make("typedstream.eof.truncated") { w in let v = value(&w, "i"); w.raw([0x81, 0x01]); return ByteRange(v, v + 2) },
        make("typedstream.tag.unexpected") { w in let v = value(&w, "i"); w.byte(0x84); return ByteRange(v, v + 1) },
        make("typedstream.int.8-byte") { w in let v = value(&w, "q"); w.int8(5); return ByteRange(v, v + 9) },
        make("typedstream.length.past-end") { w in let v = value(&w, "+"); w.int(50); w.raw([1, 2, 3]); return ByteRange(v, v + 1) },
        make("typedstream.string.nil-literal") { w in let v = w.offset; w.raw([0x84, 0x85]); return ByteRange(v, v + 2) },
        make("typedstream.string.ref-out-of-range") { w in let v = w.offset; w.ref(8); return ByteRange(v, v + 1) },
        make("typedstream.cstring.nil") { w in let v = value(&w, "*"); w.raw([0x84, 0x85]); return ByteRange(v, v + 2) },
        make("typedstream.cstring.nul-byte") { w in let v = value(&w, "*"); w.raw([0x84, 0x84, 0x03, 0x61, 0x00, 0x62]); return ByteRange(v + 3, v + 6) },
        make("typedstream.bool.invalid") { w in let v = value(&w, "B"); w.byte(7); return ByteRange(v, v + 1) },
    ]

    static let referenceCases: [Case] = [
        make("typedstream.ref.out-of-range") { w in let v = value(&w, "@"); w.ref(3); return ByteRange(v, v + 1) },
        make("typedstream.ref.type-mismatch") { w in
            w.types("@"); w.nsString("x")
            let v = value(&w, "@"); w.ref(1); return ByteRange(v, v + 1)
        },
        make("typedstream.ref.self") { w in
            w.types("@"); let id = w.beginObject([("NSObject", 0)])
            let v = value(&w, "@"); w.ref(id); w.endObject(); return ByteRange(v, v + 1)
        },
        make("typedstream.ref.in-progress") { w in
            w.types("@"); let outer = w.beginObject([("A", 0)])
            w.types("@"); w.beginObject([("A", 0)])
            let v = value(&w, "@"); w.ref(outer); w.endObject(); w.endObject(); return ByteRange(v, v + 1)
        },
    ]

    static let classCases: [Case] = [
        make("typedstream.class.chain-cycle") { w in
            w.types("@"); w.newTag(); w.newTag(); w.shared("Foo"); w.int(0)
            let v = w.offset; w.ref(1); w.endObject(); return ByteRange(v, v + 1)
        },
        make("typedstream.class.nil-name") { w in
            w.types("@"); w.newTag(); w.newTag()
            let v = w.offset; w.nilTag(); w.int(0); w.nilTag(); w.endObject(); return ByteRange(v, v + 1)
        },
        make("typedstream.class.negative-version") { w in
            w.types("@"); w.newTag(); w.newTag(); w.shared("Foo")
            let v = w.offset; w.int(-1); w.nilTag(); w.endObject(); return ByteRange(v, v + 1)
        },
        make("typedstream.class.version-conflict") { w in
            w.types("@"); w.beginObject([("Foo", 1)]); w.endObject()
            w.types("@"); w.newTag(); w.newTag(); w.shared("Foo")
            let v = w.offset; w.int(2); w.nilTag(); w.endObject(); return ByteRange(v, v + 1)
        },
        make("typedstream.class.chain-too-deep") { w in
            let v = value(&w, "#")
            w.classChain((0...TypedstreamGraph.maxClassChain).map { ("C\($0)", 0) })
            return ByteRange(v, v + 6)
        },
    ]

    static let objectCases: [Case] = [
        make("typedstream.object.nil-class") { w in
            w.types("@"); w.newTag()
            let v = w.offset; w.nilTag(); w.endObject(); return ByteRange(v, v + 1)
        },
        make("typedstream.object.unterminated") { w in
            let o = value(&w, "@"); w.beginObject([("NSObject", 0)]); w.types("i"); w.int(1); return ByteRange(o, w.offset)
        },
        make("typedstream.object.stray-end") { w in w.types("i"); w.int(1); let v = w.offset; w.endObject(); return ByteRange(v, v + 1) },
    ]

    static let typeCases: [Case] = [
        make("typedstream.type.nil") { w in let v = w.offset; w.nilTag(); return ByteRange(v, v + 1) },
        make("typedstream.type.empty") { w in let v = w.offset; w.raw([0x84, 0x00]); return ByteRange(v, v + 2) },
        make("typedstream.type.unsupported") { w in let v = w.offset; w.types("^i"); let e = w.offset; w.int(1); return ByteRange(v, e) },
        make("typedstream.type.malformed") { w in let v = w.offset; w.types("[3i"); let e = w.offset; w.int(1); return ByteRange(v, e) },
        make("typedstream.type.ignored-int") { w in let v = value(&w, "!"); return ByteRange(v, v) },
        make("typedstream.type.atom") { w in let v = value(&w, "%"); w.shared("abc"); return ByteRange(v, v + 5) },
    ]

    static let recoveryCases: [Case] = [
        make("typedstream.resync.skipped") { w in
            w.types("@"); w.beginObject([("NSObject", 0)])
            let v = value(&w, "i"); w.raw([0x83, 0x01, 0x02]); w.endObject(); return ByteRange(v, v + 3)
        },
        make("typedstream.resync.failed") { w in let v = value(&w, "i"); w.raw([0x84, 0x01, 0x02, 0x03]); return ByteRange(v, v + 4) },
        make("typedstream.limit.values") { w in let v = value(&w, "[100000!]"); return ByteRange(v, v) },
    ]

    @Test(arguments: cases)
    func reportsIdAtRange(_ c: Case) {
        let graph = TypedstreamInvariants.decodeChecked(c.bytes)
        let found = graph.fullCheck().filter { $0.id == c.id }
        #expect(found.map(\.range).contains(c.range), "\(c.id): found \(found.map(\.description))")
        for d in found {
            #expect(d.message.first.map { !$0.isUppercase } == true, "\(d.message)")
        }
    }

    @Test func everyIdHasACase() {
        let covered = Set(Self.cases.map(\.id))
        // `typedstream.object.no-such-id` is about a caller's id, not the file (TypedstreamDecoderTests);
        // the decoder links every object it reads, so `typedstream.object.unreachable` needs a graph
        // with a link removed (TypedstreamUnreachableRuleTests).
        let expected = Set(TypedstreamCode.allCases.map(\.rawValue))
            .subtracting(["typedstream.object.no-such-id", "typedstream.object.unreachable"])
        #expect(covered == expected, "missing: \(expected.subtracting(covered).sorted())")
    }

    @Test func messagesCarryTheNumbers() {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        w.ref(40)
        let d = w.decode().fullCheck().first { $0.id == "typedstream.ref.out-of-range" }
        #expect(d?.message == "object reference 40 at offset 19 is out of range (the object table has 0 entries)")
        #expect(d?.severity == .error)
        #expect(w.decode().topLevel.first?.value == .reference(.dangling(raw: 40, reason: "out of range (the object table has 0 entries)")))
    }

    @Test func objectDiagnosticsAreAttachedToTheirObject() {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        let outer = w.beginObject([("A", 0), ("NSObject", 0)])
        w.types("@")
        w.ref(1)
        w.endObject()
        let graph = w.decode()
        let diagnostic = graph.object(outer).diagnostics.first
        #expect(diagnostic?.id == "typedstream.ref.type-mismatch")
        #expect(diagnostic?.object == outer)
        #expect(graph.object(outer).fields.first?.value == .reference(.dangling(raw: 1, reason: "#1 is class A, not an object")))
        #expect(graph.openDiagnostics.map(\.id) == ["typedstream.header.info"])
    }
}

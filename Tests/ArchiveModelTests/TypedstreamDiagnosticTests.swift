import Testing
@testable import ArchiveModel
import FuzzSupport

/// One built fixture per diagnostic id, asserting the exact (id, range) pair.
@Suite struct TypedstreamDiagnosticTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let bytes: [UInt8]
        let range: ByteRange
        var testDescription: String { id }
    }

    typealias ID = TypedstreamDiagnosticID

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

    static let headerCases: [Case] = [
        make(ID.header) { w in w.types("i"); w.int(1); return ByteRange(0, 16) },
        make(ID.headerTruncated, header: false) { w in w.raw([4, 11] + Array("stream".utf8)); return ByteRange(2, 8) },
        make(ID.headerBadVersion, header: false) { w in w.header(version: 5); w.types("i"); w.int(1); return ByteRange(0, 1) },
        make(ID.headerOldVersion, header: false) { w in w.header(version: 3); w.types("i"); w.int(1); return ByteRange(0, 1) },
        make(ID.headerBadSignatureLength, header: false) { w in w.header(signatureLength: 12); w.types("i"); w.int(1); return ByteRange(1, 2) },
        make(ID.headerBadSignature, header: false) { w in w.header(signature: "streamtypeX"); w.types("i"); w.int(1); return ByteRange(2, 13) },
        make(ID.headerUnknownSystemVersion, header: false) { w in w.header(systemVersion: 2000); w.types("i"); w.int(1); return ByteRange(13, 16) },
        make(ID.streamEmpty) { _ in ByteRange(16, 16) },
    ]

    static let valueCases: [Case] = [
        make(ID.truncated) { w in let v = value(&w, "i"); w.raw([0x81, 0x01]); return ByteRange(v, v + 2) },
        make(ID.unexpectedTag) { w in let v = value(&w, "i"); w.byte(0x84); return ByteRange(v, v + 1) },
        make(ID.int8Tag) { w in let v = value(&w, "q"); w.int8(5); return ByteRange(v, v + 9) },
        make(ID.lengthPastEnd) { w in let v = value(&w, "+"); w.int(50); w.raw([1, 2, 3]); return ByteRange(v, v + 1) },
        make(ID.stringNilLiteral) { w in let v = w.offset; w.raw([0x84, 0x85]); return ByteRange(v, v + 2) },
        make(ID.stringRefOutOfRange) { w in let v = w.offset; w.ref(8); return ByteRange(v, v + 1) },
        make(ID.cStringNil) { w in let v = value(&w, "*"); w.raw([0x84, 0x85]); return ByteRange(v, v + 2) },
        make(ID.cStringNulByte) { w in let v = value(&w, "*"); w.raw([0x84, 0x84, 0x03, 0x61, 0x00, 0x62]); return ByteRange(v + 3, v + 6) },
        make(ID.boolInvalid) { w in let v = value(&w, "B"); w.byte(7); return ByteRange(v, v + 1) },
    ]

    static let referenceCases: [Case] = [
        make(ID.refOutOfRange) { w in let v = value(&w, "@"); w.ref(3); return ByteRange(v, v + 1) },
        make(ID.refTypeMismatch) { w in
            w.types("@"); w.nsString("x")
            let v = value(&w, "@"); w.ref(1); return ByteRange(v, v + 1)
        },
        make(ID.refSelf) { w in
            w.types("@"); let id = w.beginObject([("NSObject", 0)])
            let v = value(&w, "@"); w.ref(id); w.endObject(); return ByteRange(v, v + 1)
        },
        make(ID.refInProgress) { w in
            w.types("@"); let outer = w.beginObject([("A", 0)])
            w.types("@"); w.beginObject([("A", 0)])
            let v = value(&w, "@"); w.ref(outer); w.endObject(); w.endObject(); return ByteRange(v, v + 1)
        },
    ]

    static let classCases: [Case] = [
        make(ID.classChainCycle) { w in
            w.types("@"); w.newTag(); w.newTag(); w.shared("Foo"); w.int(0)
            let v = w.offset; w.ref(1); w.endObject(); return ByteRange(v, v + 1)
        },
        make(ID.classNilName) { w in
            w.types("@"); w.newTag(); w.newTag()
            let v = w.offset; w.nilTag(); w.int(0); w.nilTag(); w.endObject(); return ByteRange(v, v + 1)
        },
        make(ID.classNegativeVersion) { w in
            w.types("@"); w.newTag(); w.newTag(); w.shared("Foo")
            let v = w.offset; w.int(-1); w.nilTag(); w.endObject(); return ByteRange(v, v + 1)
        },
        make(ID.classVersionConflict) { w in
            w.types("@"); w.beginObject([("Foo", 1)]); w.endObject()
            w.types("@"); w.newTag(); w.newTag(); w.shared("Foo")
            let v = w.offset; w.int(2); w.nilTag(); w.endObject(); return ByteRange(v, v + 1)
        },
        make(ID.classChainTooDeep) { w in
            let v = value(&w, "#")
            w.classChain((0...TypedstreamGraph.maxClassChain).map { ("C\($0)", 0) })
            return ByteRange(v, v + 6)
        },
    ]

    static let objectCases: [Case] = [
        make(ID.objectNilClass) { w in
            w.types("@"); w.newTag()
            let v = w.offset; w.nilTag(); w.endObject(); return ByteRange(v, v + 1)
        },
        make(ID.objectUnterminated) { w in
            let o = value(&w, "@"); w.beginObject([("NSObject", 0)]); w.types("i"); w.int(1); return ByteRange(o, w.offset)
        },
        make(ID.objectStrayEnd) { w in w.types("i"); w.int(1); let v = w.offset; w.endObject(); return ByteRange(v, v + 1) },
    ]

    static let typeCases: [Case] = [
        make(ID.typeNil) { w in let v = w.offset; w.nilTag(); return ByteRange(v, v + 1) },
        make(ID.typeEmpty) { w in let v = w.offset; w.raw([0x84, 0x00]); return ByteRange(v, v + 2) },
        make(ID.typeUnsupported) { w in let v = w.offset; w.types("^i"); let e = w.offset; w.int(1); return ByteRange(v, e) },
        make(ID.typeMalformed) { w in let v = w.offset; w.types("[3i"); let e = w.offset; w.int(1); return ByteRange(v, e) },
        make(ID.typeIgnoredInt) { w in let v = value(&w, "!"); return ByteRange(v, v) },
        make(ID.typeAtom) { w in let v = value(&w, "%"); w.shared("abc"); return ByteRange(v, v + 5) },
    ]

    static let recoveryCases: [Case] = [
        make(ID.resyncSkipped) { w in
            w.types("@"); w.beginObject([("NSObject", 0)])
            let v = value(&w, "i"); w.raw([0x83, 0x01, 0x02]); w.endObject(); return ByteRange(v, v + 3)
        },
        make(ID.resyncFailed) { w in let v = value(&w, "i"); w.raw([0x84, 0x01, 0x02, 0x03]); return ByteRange(v, v + 4) },
        make(ID.limitValues) { w in let v = value(&w, "[100000!]"); return ByteRange(v, v) },
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
        let expected = Set(TypedstreamDiagnosticID.all).subtracting([TypedstreamDiagnosticID.objectNoSuchID])
        #expect(covered == expected, "missing: \(expected.subtracting(covered).sorted())")
        #expect(Set(TypedstreamDiagnosticID.all).count == TypedstreamDiagnosticID.all.count)
    }

    @Test func messagesCarryTheNumbers() {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        w.ref(40)
        let d = w.decode().fullCheck().first { $0.id == ID.refOutOfRange }
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
        #expect(diagnostic?.id == ID.refTypeMismatch)
        #expect(diagnostic?.object == outer)
        #expect(graph.object(outer).fields.first?.value == .reference(.dangling(raw: 1, reason: "#1 is class A, not an object")))
        #expect(graph.openDiagnostics.map(\.id) == [ID.header])
    }
}

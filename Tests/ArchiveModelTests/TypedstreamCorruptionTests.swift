import Foundation
import Testing
@testable import ArchiveModel
@testable import KeyedArchive
@testable import Typedstream
@testable import NIBArchive
@testable import ArchiveDocuments
@testable import ArchivePresentation
import TestSupport
import FuzzSupport

/// Every truncation and single-byte change of small fixtures decodes without a crash or hang and
/// keeps the graph invariants; damaged and misaligned streams give located diagnostics and partial trees.
@Suite struct TypedstreamCorruptionTests {
    struct Fixture: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        var testDescription: String { name }
    }

    /// The FORMATS.md D.8 worked example.
    static let string: Fixture = {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        w.nsString("string value")
        return Fixture(name: "NSString (little-endian)", bytes: w.bytes)
    }()

    /// A big-endian array with a nested string, a back-reference, nil, an NSNumber with its C string and a class.
    static let array: Fixture = {
        var w = TypedstreamWriter(bigEndian: true)
        w.header()
        w.types("@")
        w.beginObject([("NSMutableArray", 0), ("NSArray", 0), ("NSObject", 0)])
        w.types("i")
        w.int(5)
        w.types("@")
        let s = w.nsString("héllo")
        w.types("@")
        w.ref(s)
        w.types("@")
        w.nilTag()
        w.types("@")
        w.beginObject([("NSNumber", 0), ("NSValue", 0), ("NSObject", 0)])
        w.types("*")
        w.cString("i")
        w.types("i")
        w.int2(-1234)
        w.endObject()
        w.types("#")
        w.classChain([("NSArray", 0)])
        w.endObject()
        return Fixture(name: "NSMutableArray (big-endian)", bytes: w.bytes)
    }()

    /// One object holding a group of many types.
    static let mixed: Fixture = {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        w.beginObject([("Custom", 3), ("NSObject", 0)])
        w.types("{_NSRange=II}[3s][4c]*:Bdfq")
        w.int(1); w.int2(300)
        w.int(-1); w.int(2); w.int(3)
        w.raw([0x84, 0x85, 0x86, 0x00])
        w.cString("text")
        w.shared("action:")
        w.byte(1)
        w.double(0.5)
        w.float(2.5)
        w.int8(1 << 40)
        w.endObject()
        return Fixture(name: "mixed types (little-endian)", bytes: w.bytes)
    }()

    static let fixtures = [string, array, mixed]

    /// Replacement bytes tried at every position: tags, reference heads, extremes.
    static let replacements: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x91, 0x92, 0xFF]

    @Test(arguments: fixtures)
    func fixturesDecodeCleanly(_ fixture: Fixture) {
        let graph = TypedstreamInvariants.decodeChecked(fixture.bytes)
        #expect(graph.problems.isEmpty, "\(graph.problems.map(\.description))")
    }

    @Test(.timeLimit(.minutes(2)), arguments: fixtures)
    func everyTruncationIsReported(_ fixture: Fixture) {
        for length in 0..<fixture.bytes.count {
            let graph = TypedstreamInvariants.decodeChecked(Array(fixture.bytes.prefix(length)))
            let reported = graph.problems
            #expect(!reported.isEmpty, "truncated to \(length) bytes: no warning or error")
            #expect(reported.allSatisfy { $0.range != nil }, "truncated to \(length) bytes: unlocated diagnostic")
        }
    }

    @Test(.timeLimit(.minutes(2)), arguments: fixtures)
    func everySingleByteChangeKeepsInvariants(_ fixture: Fixture) {
        for position in 0..<fixture.bytes.count {
            let original = fixture.bytes[position]
            for replacement in Self.replacements + [original ^ 0x01, original ^ 0x80] where replacement != original {
                var bytes = fixture.bytes
                bytes[position] = replacement
                TypedstreamInvariants.decodeChecked(bytes)
            }
        }
    }

    @Test(.timeLimit(.minutes(2)), arguments: fixtures)
    func everyDeletedOrInsertedByteKeepsInvariants(_ fixture: Fixture) {
        for position in 0..<fixture.bytes.count {
            var deleted = fixture.bytes
            deleted.remove(at: position)
            TypedstreamInvariants.decodeChecked(deleted)
            for inserted: UInt8 in [0x00, 0x84, 0x86] {
                var bytes = fixture.bytes
                bytes.insert(inserted, at: position)
                TypedstreamInvariants.decodeChecked(bytes)
            }
        }
    }

    @Test func truncatedObjectKeepsItsFieldsAndIsMarked() {
        let bytes = Array(Self.array.bytes.dropLast(20))
        let graph = TypedstreamInvariants.decodeChecked(bytes)
        let array = graph.object(0)
        #expect(array.className == "NSMutableArray")
        #expect(array.fields.count >= 3)
        #expect(array.fields.first?.value == .scalar(.integer(5, width: 1)))
        #expect(array.diagnostics.contains { $0.id == "typedstream.object.unterminated" && $0.range == ByteRange(19, bytes.count) })
        #expect(array.range == ByteRange(19, bytes.count))
        #expect(graph.topLevel.first?.value == .reference(.object(0)))
    }

    @Test func decodingResumesAfterAnUnsupportedType() {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        let outer = w.beginObject([("Outer", 0), ("NSObject", 0)])
        w.types("i")
        w.int(1)
        w.types("^i")       // unknown length: the 4 bytes after it are skipped
        w.raw([0x10, 0x20, 0x30, 0x40])
        w.types("@")
        let inner = w.nsString("after")
        w.endObject()
        let graph = TypedstreamInvariants.decodeChecked(w.bytes)
        #expect(graph.object(outer).fields.map(\.value) == [.scalar(.integer(1, width: 1)), .reference(.object(inner))])
        #expect(graph.object(inner).fields.first?.value == .scalar(.string("after")))
        #expect(graph.fullCheck().map(\.id).contains("typedstream.type.unsupported"))
        #expect(graph.fullCheck().map(\.id).contains("typedstream.resync.skipped"))
    }

    @Test(.timeLimit(.minutes(2)))
    func randomStreamsAfterAValidHeaderKeepInvariants() {
        // Bytes that matter to the grammar, so random streams reach deep states.
        let alphabet: [UInt8] = [0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x92, 0x93, 0x94, 0x95, 0x00, 0x01, 0x02, 0x03, 0x7F, 0xFF]
            + Array("@#*+:%!cCiIsSqQfdB[]{}=0123^v".utf8)
        var generator = SplitMix64(seed: 0x7479_7065_6473_7472)
        var header = TypedstreamWriter()
        header.header()
        for round in 0..<25_000 {
            let length = Int.random(in: 0...160, using: &generator)
            let body = (0..<length).map { _ in
                round % 5 == 0 ? UInt8.random(in: 0...255, using: &generator) : (alphabet.randomElement(using: &generator) ?? 0)
            }
            TypedstreamInvariants.decodeChecked(header.bytes + body)
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func largeGarbageDecodesInLinearTime() {
        var generator = SplitMix64(seed: 42)
        var w = TypedstreamWriter()
        w.header()
        // Many literal type strings and end markers make many resynchronisation candidates.
        let pieces: [[UInt8]] = [[0x84, 0x01, 0x40], [0x86], [0x84, 0x84], [0x92, 0x84, 0x84], [0x83], [0x10, 0x20]]
        while w.offset < 1 << 20 { w.raw(pieces.randomElement(using: &generator) ?? [0]) }
        let clock = ContinuousClock()
        var graph: TypedstreamGraph?
        let elapsed = clock.measure { graph = TypedstreamDecoder.decode(w.input) }
        #expect(graph.map { TypedstreamInvariants.violations($0).isEmpty } == true)
        print("typedstream: 1 MiB of garbage decoded in \(elapsed), \(graph?.fullCheck().count ?? 0) diagnostics, \(graph?.objectCount ?? 0) table entries")
    }

    // MARK: - Corpus

    /// Typedstreams among `corrupt/` (signature within the first 64 bytes, so misaligned ones count).
    static func corruptTypedstreams(_ root: URL) -> [URL] {
        let folder = root.appendingPathComponent("corrupt")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }.filter { url in
            guard let data = FileManager.default.contents(atPath: url.path) else { return false }
            let head = [UInt8](data.prefix(64))
            return ["streamtyped", "typedstream"].contains { sig in
                let s = Array(sig.utf8)
                return head.count >= s.count && (0...(head.count - s.count)).contains { Array(head[$0..<($0 + s.count)]) == s }
            }
        }
    }

    @Test(.needsCorpus) func damagedCorpusTypedstreamsGiveLocatedDiagnosticsAndPartialGraphs() throws {
        let root = try #require(TypedstreamCorpus.corpusRoot)
        var damaged: [(String, [UInt8])] = try Self.corruptTypedstreams(root).map { url in
            (url.lastPathComponent, try TypedstreamCorpus.bytes(url))
        }
        if damaged.isEmpty {
            print("note: ../shared/corpus/corrupt holds no typedstream (its README mentions a misaligned one); checking misaligned copies of a corpus typedstream instead")
        }
        // Misaligned copies of a real file: one byte dropped, one byte doubled, in the middle of the body.
        let source = root.appendingPathComponent("typedstream/crabstep__foundation_NSDictionaryNested")
        if FileManager.default.fileExists(atPath: source.path) {
            let bytes = try TypedstreamCorpus.bytes(source)
            let middle = bytes.count / 2
            var dropped = bytes
            dropped.remove(at: middle)
            var doubled = bytes
            doubled.insert(bytes[middle], at: middle)
            damaged += [("NSDictionaryNested minus byte \(middle)", dropped), ("NSDictionaryNested plus byte \(middle)", doubled)]
        }
        for (name, bytes) in damaged {
            let graph = TypedstreamInvariants.decodeChecked(bytes)
            let errors = graph.fullCheck().filter { $0.severity >= .warning }
            #expect(!errors.isEmpty, "\(name): no diagnostic")
            #expect(errors.allSatisfy { $0.range != nil }, "\(name): unlocated diagnostic")
            #expect(graph.instanceClassNames.count > 0, "\(name): no partial graph")
            print("typedstream damaged: \(name): \(graph.objectCount) table entries kept; first: \(errors.first?.description ?? "-")")
        }
    }

    @Test(.needsCorpus, .tags(.slow), .timeLimit(.minutes(3)))
    func corpusTruncationsAndByteChangesKeepInvariants() throws {
        let files = TypedstreamCorpus.typedstreamFiles()
        let picked = files.filter { ["solarized__solarized.clr", "crabstep__foundation_NSDictionaryNested", "crabstep__AttributedBodyTextOnly"].contains($0.lastPathComponent) }
        for url in picked {
            let bytes = try TypedstreamCorpus.bytes(url)
            for length in 0..<bytes.count {
                TypedstreamInvariants.decodeChecked(Array(bytes.prefix(length)))
            }
            for position in 0..<bytes.count {
                for replacement: UInt8 in [0x00, 0x84, 0x85, 0x86, 0x92, bytes[position] ^ 0x01] where replacement != bytes[position] {
                    var changed = bytes
                    changed[position] = replacement
                    TypedstreamInvariants.decodeChecked(changed)
                }
            }
        }
    }
}

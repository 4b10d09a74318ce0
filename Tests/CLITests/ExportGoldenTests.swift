import ArchiveModel
import Foundation
import FuzzSupport
import Testing
import TestSupport

/// The writers' output byte for byte (issue 39: the writers were rewritten for speed, their output
/// kept): `--unarchive json`, `xml1`, `binary1` and `--json` of inputs built in code that hold every
/// value kind, compared with `Golden/export/NAME.FORMAT`, recorded from the writers before the
/// rewrite. Runs in process (the same calls the command line makes). After an intended change of
/// the output, re-record with `ARCHIVE_BROWSE_RECORD=1 swift test --filter ExportGoldenTests` and
/// read the diff.
@Suite struct ExportGoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var input: [UInt8]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "plain-kinds", input: GoldenDumpTests.plainBinaryPlist()),
        Case(name: "integers", input: integers()),
        Case(name: "reals", input: reals()),
        Case(name: "dates", input: dates()),
        Case(name: "strings", input: strings()),
        Case(name: "data", input: data()),
        Case(name: "containers", input: containers()),
        Case(name: "library", input: library()),
        Case(name: "xml-plist", input: Array(GoldenDumpTests.xmlPlist.utf8)),
        Case(name: "openstep-plist", input: Array(GoldenDumpTests.openStepPlist.utf8)),
        Case(name: "typedstream", input: HostileInputs.typedstreamSharedStringRepeated(count: 3, text: "shared text")),
        Case(name: "nibarchive", input: NIBArchiveBuilder.sample().build().bytes),
        Case(name: "bookmark", input: BookmarkBuilder.sample().build().bytes),
        Case(name: "dag", input: dag(levels: 8)),
        Case(name: "keyed-dag", input: HostileInputs.keyedDAG()),
        Case(name: "embedded", input: embedded()),
        Case(name: "data-listed", input: HostileInputs.dataListedManyTimes(count: 12, size: 1500)),
        Case(name: "long-key", input: HostileInputs.longKeyForManyObjects(count: 6, length: 80)),
    ]

    static let formats = ["unarchive.json", "unarchive.xml", "unarchive.bplist", "graph.json"]

    @Test(arguments: cases)
    func outputMatchesTheGoldenFiles(_ golden: Case) throws {
        for format in Self.formats {
            try Self.compare(Self.output(golden.input, format), withGolden: golden.name + "." + format)
        }
    }

    /// The output of one mode on `input`, as the command line writes it.
    static func output(_ input: [UInt8], _ format: String) -> [UInt8] {
        let document = ArchiveDocument.open(InputBytes(input), name: "fixture")
        var out: [UInt8] = []
        if format == "graph.json" {
            JSONRenderer(document: document, diagnostics: DocumentCheck.fullCheck(of: document)).render { out += Array($0.utf8) }
            return out
        }
        var exporter = ArchiveExporter(shapes: ExportShapes.followingEmbeddedArchives(of: document.graph))
        let root = exporter.shapes.root
        switch format {
        case "unarchive.xml":
            var sink = NestingLimitedSink(XMLPlistExportSink { out += $0 })
            exporter.write(root, to: &sink)
        case "unarchive.bplist":
            var sink = NestingLimitedSink(BinaryPlistExportSink { out += $0 })
            exporter.write(root, to: &sink)
        default:
            var sink = JSONExportSink { out += $0 }
            exporter.write(root, to: &sink)
        }
        return out
    }

    // MARK: - Golden files

    static let directory = GoldenDumpTests.directory.appendingPathComponent("export")

    static func compare(_ actual: [UInt8], withGolden name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        let expected = try? [UInt8](Data(contentsOf: url))
        if expected == actual { return }
        if GoldenDumpTests.recording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual).write(to: url)
            return
        }
        guard let expected else {
            Issue.record("no golden file \(url.path): record it with ARCHIVE_BROWSE_RECORD=1 swift test --filter ExportGoldenTests",
                         sourceLocation: sourceLocation)
            return
        }
        let first = (0..<Swift.min(actual.count, expected.count)).first { actual[$0] != expected[$0] } ?? Swift.min(actual.count, expected.count)
        let context = { (b: [UInt8]) in String(decoding: b[Swift.max(0, first - 40)..<Swift.min(b.count, first + 40)], as: UTF8.self) }
        Issue.record("""
            output differs from Golden/export/\(name) at byte \(first) (\(actual.count) bytes, golden \(expected.count)):
              expected: \(context(expected).debugDescription)
              actual:   \(context(actual).debugDescription)
            """, sourceLocation: sourceLocation)
    }

    // MARK: - Inputs

    /// A plain binary plist whose root array holds `values` (object 0 is the array).
    static func plainArray(_ values: [BinaryPlistBuilder.Object]) -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.add(.array(values.indices.map { $0 + 1 }))
        for v in values { b.add(v) }
        return b.build().bytes
    }

    static func integers() -> [UInt8] {
        plainArray([.integer(0), .integer(-1), .integer(7), .integer(255), .integer(256), .integer(65_535), .integer(1 << 31),
                    .integer(-(1 << 40)), .integer(Int64.max), .integer(Int64.min), .bigInteger(UInt64.max),
                    .bigInteger(1 << 63), .bool(false), .bool(true), .uid(0), .uid(1 << 32)])
    }

    static func reals() -> [UInt8] {
        plainArray([0.0, -0.0, 0.1, 1.0 / 3.0, 1.5, 100.0, 1e15, 1e16, 1.0e300, -2.5e-300, 5e-324, 2.2250738585072014e-308,
                    123_456_789_012_345_680_000.0, .pi, -.pi, Double.greatestFiniteMagnitude, .nan, .infinity, -.infinity]
                    .map { .real($0) } + [.float(0.1), .float(3.5), .float(.infinity), .float(.nan)])
    }

    static func dates() -> [UInt8] {
        plainArray([0, 1, 0.5, -0.25, -1_009_843_200.5, 757_382_400, 1e9 + 0.125, 1e12, -1e12, 62_000_000_000, -62_000_000_000,
                    249_999_999_999, -63_000_000_001, .nan, .infinity, -.infinity].map { .date($0) })
    }

    static func strings() -> [UInt8] {
        let texts = ["", "plain", "a&b<c>d\"e'f", "cr\r lf\n tab\t", "esc\u{1B}[31m", "nul\u{0}", "del\u{7F}", "c1\u{85}", "café",
                     "日本語", "😀 emoji", "bom\u{FEFF}", "nonchar\u{FFFE}\u{FFFF}", "zero\u{200B}width", "rtl\u{202E}x", "tag\u{E0001}",
                     "line\u{2028}sep", "backslash\\ slash/", String(repeating: "long ", count: 40)]
        var b = BinaryPlistBuilder()
        b.add(.null) // 0: the root, set below
        let ids = texts.map { b.add(.string($0)) }
        let values = ids.indices.map { b.add(.integer(Int64($0))) }
        let dictionary = b.add(.dict(ids.indices.map { (key: ids[$0], value: values[$0]) }))
        // UTF-16 strings: a lone high surrogate, a low surrogate first, and a valid pair.
        let lone = b.add(.raw([0x61, 0xD8, 0x00])), low = b.add(.raw([0x62, 0xDC, 0x00, 0x00, 0x41]))
        let pair = b.add(.raw([0x62, 0xD8, 0x3D, 0xDE, 0x00]))
        b.objects[0] = .array(ids + [dictionary, lone, low, pair])
        return b.build().bytes
    }

    /// Arrays of two references to the next level, `levels` deep: 2^levels paths to one string.
    static func dag(levels: Int) -> [UInt8] {
        var b = BinaryPlistBuilder()
        for level in 0..<levels { b.add(.array([level + 1, level + 1])) }
        b.add(.string("x"))
        return b.build().bytes
    }

    /// A plain plist whose data values hold a plain plist and a keyed archive.
    static func embedded() -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.add(.array([1, 2, 3]))
        b.add(.data(GoldenDumpTests.plainBinaryPlist()))
        b.add(.data(library()))
        b.add(.data(Array("bplist00 not really".utf8)))
        return b.build().bytes
    }

    static func data() -> [UInt8] {
        plainArray([0, 1, 2, 3, 4, 5, 56, 57, 58, 100, 1000].map { n in .data((0..<n).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }) })
    }

    /// Empty containers, a set, a dictionary with non-string keys, a dictionary listed twice, nesting.
    static func containers() -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.add(.null) // 0: the root, set below
        let empty = b.add(.array([])), emptyDict = b.add(.dict([]))
        let one = b.add(.integer(1)), two = b.add(.string("two")), k = b.add(.string("k"))
        let set = b.add(.set([one, two]))
        let oddKeys = b.add(.dict([(key: one, value: two), (key: two, value: one)]))
        let shared = b.add(.dict([(key: k, value: one)]))
        let inner = b.add(.array([shared, shared, empty]))
        let deep = b.add(.array([b.add(.array([b.add(.array([inner]))]))]))
        let null = b.add(.null)
        b.objects[0] = .array([empty, emptyDict, set, oddKeys, shared, inner, deep, null])
        return b.build().bytes
    }

    /// A keyed archive of a library: two books sharing an author, each pointing back at the library
    /// (a cycle), a dictionary, a set, a date, data, a UUID and keys that start with `$`.
    static func library() -> [UInt8] { LibraryFixture.library(awkwardValues: true) }
}

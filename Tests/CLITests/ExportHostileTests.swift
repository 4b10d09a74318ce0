import ArchiveModel
import Foundation
import FuzzSupport
import Testing
import TestSupport

/// Issue 39's hostile graphs through the writers: a value shared 10,000 times, a million-deep
/// nesting, keys that need escaping in every byte, invalid UTF-16, NaN and infinite reals, dates out
/// of range. Each output is valid for its format (JSON parses, XML and binary plists load in Python's
/// plistlib and in this tool with no error) and bounded in proportion to the input.
@Suite struct ExportHostileTests {
    typealias Output = ExportGoldenTests

    /// The three `--unarchive` outputs and `--json` of `input`, each checked; returns them by format.
    @discardableResult
    static func checkedOutputs(_ input: [UInt8], bound: Int, label: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: [UInt8]] {
        var outputs: [String: [UInt8]] = [:]
        for format in Output.formats {
            let out = Output.output(input, format)
            outputs[format] = out
            #expect(out.count <= bound, "\(format): \(out.count) bytes for \(input.count) in", sourceLocation: sourceLocation)
            switch format {
            case "unarchive.json", "graph.json":
                #expect((try? JSONSerialization.jsonObject(with: Data(out), options: [.fragmentsAllowed])) != nil,
                        "\(format) does not parse", sourceLocation: sourceLocation)
            default:
                let back = ArchiveDocument.open(InputBytes(out), name: format)
                let errors = DocumentCheck.fullCheck(of: back).filter { $0.severity == .error }
                #expect(errors.isEmpty, "\(format) read back: \(errors.map(\.id))", sourceLocation: sourceLocation)
                if Python3.isAvailable {
                    let path = try CLITests.temp(out, "hostile-export-\(label).\(format)")
                    let load = try Python3.run(["-c", "import plistlib,sys; plistlib.load(open(sys.argv[1],'rb')); print('ok')", path])
                    #expect(load.out.hasPrefix("ok"), "\(format) does not load in plistlib", sourceLocation: sourceLocation)
                }
            }
        }
        return outputs
    }

    /// One 1,000-byte string listed 10,000 times: written in full at each place while the repeated
    /// bytes stay within the budget, then as `{"$ref"…}` markers, counted.
    @Test func aValueSharedTenThousandTimes() throws {
        var b = BinaryPlistBuilder()
        let text = b.add(.string(String(repeating: "<&x", count: 333) + "!"))
        b.topObject = b.add(.array(Array(repeating: text, count: 10_000)))
        let input = b.build().bytes
        // Within the default budget (16 MiB plus four times the input) every repeat is written.
        let outputs = try Self.checkedOutputs(input, bound: 64 << 20, label: "shared")
        let xml = String(decoding: outputs["unarchive.xml"] ?? [], as: UTF8.self)
        #expect(xml.components(separatedBy: "<string>&lt;&amp;x").count == 10_001)
        // With a budget of 100 KB, about a hundred repeats are written and the rest are markers.
        let document = ArchiveDocument.open(InputBytes(input), name: "shared")
        var exporter = ArchiveExporter(shapes: ExportShapes(graph: document.graph), repeatByteBudget: 100_000)
        var out: [UInt8] = []
        var sink = JSONExportSink { out += $0 }
        exporter.write(exporter.shapes.root, to: &sink)
        #expect(exporter.refusedRepeats == 10_000 - 1 - 100)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(out)) as? [Any])
        #expect(parsed.count == 10_000)
        #expect((parsed.last as? [String: Any])?["$ref"] as? Int == text)
        #expect((parsed.last as? [String: Any])?["$path"] as? String == "0")
        #expect(out.count < 200_000 + 10_000 * 32)
    }

    /// Arrays nested 300,000 deep (a million took four minutes in a debug build, most of it reading
    /// the input): no recursion, and the XML indentation stops growing at
    /// `XMLPlistExportSink.indentLimit` tabs (so the output is linear in the depth, not quadratic).
    @Test func aDeepNesting() throws {
        let depth = 300_000
        let input = HostileInputs.bplistNested(depth: depth)
        let document = ArchiveDocument.open(InputBytes(input), name: "deep")
        var exporter = ArchiveExporter(shapes: ExportShapes(graph: document.graph))
        var size = 0, lines = 0, widest = 0
        var sink = XMLPlistExportSink { chunk in
            size += chunk.count
            var run = 0
            for byte in chunk {
                if byte == 0x0A { lines += 1; run = 0 } else if byte == 0x09 { run += 1; widest = Swift.max(widest, run) }
            }
        }
        exporter.write(exporter.shapes.root, to: &sink)
        #expect(lines >= 2 * depth)
        #expect(widest == XMLPlistExportSink.indentLimit)
        #expect(size < 2 * depth * (XMLPlistExportSink.indentLimit + 16))
        // The same input, 200 deep (within the depth limits of Foundation's JSON reader, CF's and
        // this tool's 512, and Python's recursion), through every format and the validity checks.
        try Self.checkedOutputs(HostileInputs.bplistNested(depth: 200), bound: 200 * 2 * (XMLPlistExportSink.indentLimit + 16) + 4096, label: "deep")
    }

    /// Arrays nested 600 deep, past the 512 levels CoreFoundation reads: `xml1` and `binary1` write a
    /// container below 511 others as one `$tooDeep` string (and say so), so that Foundation loads the
    /// output; `--unarchive json` keeps every level.
    @Test func plistOutputsStayWithinCoreFoundationsNesting() throws {
        let input = HostileInputs.bplistNested(depth: 600)
        let path = try CLITests.temp(input, "nested-600.bplist")
        let xml = try CLITests.run(["--unarchive", "xml1", path])
        #expect(xml.err.contains("1 container nested deeper than 511 others is written as one \"$tooDeep: …\" string"), "\(xml.err)")
        #expect(xml.out.components(separatedBy: "<string>$tooDeep: an array inside 511 others").count == 2)
        #expect(xml.out.components(separatedBy: "<array>").count - 1 == 511)
        let json = try CLITests.run(["--unarchive", "json", path])
        #expect(!json.out.contains("$tooDeep"))
        #expect(json.out.filter { $0 == "[" }.count == 600)

        let document = ArchiveDocument.open(InputBytes(input), name: "nested")
        let written = [Self.written(document) { NestingLimitedSink(XMLPlistExportSink(write: $0)) },
                       Self.written(document) { NestingLimitedSink(BinaryPlistExportSink(write: $0)) }]
        for out in written {
            #expect((try? PropertyListSerialization.propertyList(from: Data(out), format: nil)) != nil, "Foundation cannot load it")
            let back = ArchiveDocument.open(InputBytes(out), name: "back")
            #expect(DocumentCheck.fullCheck(of: back).filter { $0.severity == .error }.isEmpty)
        }
        // Without the limit, the same document is one Foundation refuses (what the limit is for).
        let plain = Self.written(document) { XMLPlistExportSink(write: $0) }
        #expect((try? PropertyListSerialization.propertyList(from: Data(plain), format: nil)) == nil)
    }

    /// `document` exported through the sink `makeSink` makes.
    static func written<S: ExportSink>(_ document: ArchiveDocument, _ makeSink: (@escaping ([UInt8]) -> Void) -> S) -> [UInt8] {
        let bytes = WrittenBytes()
        var exporter = ArchiveExporter(shapes: ExportShapes(graph: document.graph))
        var sink = makeSink { bytes.value += $0 }
        exporter.write(exporter.shapes.root, to: &sink)
        return bytes.value
    }

    /// Keys made of the characters each format escapes, one per byte value below 0x80, and the
    /// noncharacters XML cannot hold: XML writes them as `\u{…}` text and counts them.
    @Test func keysNeedingEscapesInEveryByte() throws {
        var b = BinaryPlistBuilder()
        b.add(.null) // 0: the root, set below
        var pairs: [(key: Int, value: Int)] = []
        for byte in 0..<0x80 {
            let key = b.add(.string(String(repeating: String(UnicodeScalar(UInt8(byte))), count: 3) + "\"\\<&>\u{FFFE}"))
            pairs.append((key, b.add(.integer(Int64(byte)))))
        }
        b.objects[0] = .dict(pairs)
        let input = b.build().bytes
        let outputs = try Self.checkedOutputs(input, bound: 1 << 20, label: "keys")
        let document = ArchiveDocument.open(InputBytes(input), name: "keys")
        var exporter = ArchiveExporter(shapes: ExportShapes(graph: document.graph))
        var sink = XMLPlistExportSink { _ in }
        exporter.write(exporter.shapes.root, to: &sink)
        #expect(sink.replacedKeys == 0x80)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outputs["unarchive.json"] ?? [])) as? [String: Any])
        #expect(json.count == 0x80)
        #expect(json["\u{1}\u{1}\u{1}\"\\<&>\u{FFFE}"] as? Int == 1)
    }

    /// UTF-16 strings with lone surrogates, reals that are NaN or infinite, dates out of every range.
    @Test func invalidUTF16NonFiniteRealsAndDatesOutOfRange() throws {
        var b = BinaryPlistBuilder()
        b.add(.null) // 0: the root, set below
        var items = [b.add(.raw([0x61, 0xD8, 0x00])), b.add(.raw([0x62, 0xDC, 0x00, 0xD8, 0x00])), b.add(.raw([0x63, 0x00, 0x41, 0xDB, 0xFF, 0x00, 0x42]))]
        items += [Double.nan, .infinity, -.infinity, -0.0, .greatestFiniteMagnitude].map { b.add(.real($0)) }
        items += [Double.nan, .infinity, -.infinity, 1e300, -1e300, 1e15, -1e15, 249_999_999_999.5, -63_000_000_000]
            .map { b.add(.date($0)) }
        b.objects[0] = .array(items)
        let outputs = try Self.checkedOutputs(b.build().bytes, bound: 1 << 20, label: "values")
        let xml = String(decoding: outputs["unarchive.xml"] ?? [], as: UTF8.self)
        #expect(xml.contains("<real>nan</real>") && xml.contains("<real>+infinity</real>") && xml.contains("<real>-infinity</real>"))
        #expect(!xml.contains("<date>invalid"))
        let json = String(decoding: outputs["unarchive.json"] ?? [], as: UTF8.self)
        #expect(json.contains(#"{"$real":"nan"}"#))
    }
}

/// Bytes a sink's write closure appends to (the closure escapes, so it cannot capture a local array).
private final class WrittenBytes: @unchecked Sendable {
    var value: [UInt8] = []
}

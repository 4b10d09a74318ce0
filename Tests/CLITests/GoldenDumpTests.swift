import ArchiveModel
import Foundation
import FuzzSupport
import Testing
import TestSupport

/// `--dump` of one input per format and per kind of whole-file damage, each built in code (not read
/// from the corpus), compared byte for byte with `Golden/NAME.txt`. After an intended change of the
/// output, re-record them with `ARCHIVE_BROWSE_RECORD=1 swift test --filter GoldenDumpTests` and
/// read the diff.
@Suite struct GoldenDumpTests {
    /// One golden case: the input (nil for the built-in demo), the exit status, and a text the dump
    /// must hold whatever the golden file says (so a wrong recording does not pass unnoticed).
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var input: [UInt8]?
        var status: Int32
        var mustContain: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "demo", input: nil, status: 0, mustContain: "NSKeyedArchiver"),
        Case(name: "binary-plist", input: plainBinaryPlist(), status: 0, mustContain: "binary plist"),
        Case(name: "xml-plist", input: Array(xmlPlist.utf8), status: 0, mustContain: "XML"),
        Case(name: "openstep-plist", input: Array(openStepPlist.utf8), status: 0, mustContain: "OpenStep"),
        Case(name: "typedstream", input: HostileInputs.typedstreamSharedStringRepeated(count: 3, text: "shared text"),
             status: 0, mustContain: "typedstream"),
        Case(name: "nibarchive", input: NIBArchiveBuilder.sample().build().bytes, status: 0, mustContain: "NIBArchive"),
        Case(name: "ib3-xml", input: IB3ArchiveBuilder.sample().finished(), status: 0, mustContain: "action press:"),
        Case(name: "bookmark", input: BookmarkBuilder.sample().build().bytes, status: 0, mustContain: "bookmark data"),
        // A binary plist in a stored LZFSE block (`bvx-`, size, bytes), ended by `bvx$`.
        Case(name: "lzfse-wrapped", input: Array("bvx-".utf8) + (0..<4).map { UInt8(truncatingIfNeeded: plainBinaryPlist().count >> (8 * $0)) }
             + plainBinaryPlist() + Array("bvx$".utf8), status: 0, mustContain: "wrapper.lzfse"),
        Case(name: "damage-truncated", input: Array(damageOriginal.dropLast(7)), status: 1, mustContain: "damage.truncated"),
        Case(name: "damage-zero-filled", input: zeroedTail(), status: 1, mustContain: "damage.zero-filled"),
        Case(name: "damage-line-endings", input: damageOriginal.map { $0 == 0x0D ? 0x0A : $0 }, status: 1,
             mustContain: "damage.line-endings"),
        // Each byte read as Latin-1 and written back as UTF-8.
        Case(name: "damage-reencoded", input: Array(String(String.UnicodeScalarView(damageOriginal.map { Unicode.Scalar($0) })).utf8), status: 1,
             mustContain: "damage.reencoded"),
        Case(name: "damage-wrong-content", input: Array(notFoundPage.utf8), status: 2, mustContain: "damage.wrong-content"),
    ]

    @Test(arguments: cases)
    func dumpMatchesTheGoldenFile(_ golden: Case) throws {
        let result = golden.input.map { try? CLITests.run(["--dump", "-"], stdin: Data($0)) }
            ?? (try? CLITests.run(["--demo", "--dump"]))
        let r = try #require(result)
        #expect(r.status == golden.status, "\(r.err)")
        #expect(r.out.contains(golden.mustContain), "\(r.out.prefix(500))")
        try Self.compare(r.out, withGolden: golden.name)
    }

    // MARK: - Golden files

    /// `Tests/CLITests/Golden`, from this file's path.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Whether to write the goldens instead of comparing (`ARCHIVE_BROWSE_RECORD` set, the project's
    /// switch for generated expectations).
    static var recording: Bool { TestPlatform.environment("ARCHIVE_BROWSE_RECORD") != nil }

    static func compare(_ actual: String, withGolden name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name + ".txt")
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if expected == actual { return }
        if recording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let expected else {
            Issue.record("no golden file \(url.path): record it with ARCHIVE_BROWSE_RECORD=1 swift test --filter GoldenDumpTests",
                         sourceLocation: sourceLocation)
            return
        }
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let first = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
        Issue.record("""
            --dump differs from Golden/\(name).txt at line \(first + 1) (re-record with ARCHIVE_BROWSE_RECORD=1 if intended):
              expected: \(first < e.count ? String(e[first]) : "(end of file)")
              actual:   \(first < a.count ? String(a[first]) : "(end of output)")
            """, sourceLocation: sourceLocation)
    }

    // MARK: - Inputs

    /// A plain binary plist with every scalar type and nested containers.
    static func plainBinaryPlist() -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.add(.dict([(1, 2), (3, 4), (5, 6)]))
        b.add(.string("name")); b.add(.string("日本 \u{1B}[1m"))
        b.add(.string("list")); b.add(.array([7, 8, 9, 10, 11, 12]))
        b.add(.string("set")); b.add(.set([7, 8]))
        b.add(.integer(-7)); b.add(.real(1.5)); b.add(.data([1, 2, 3])); b.add(.date(0)); b.add(.bool(true)); b.add(.uid(3))
        return b.build().bytes
    }

    static let xmlPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>name</key><string>caf&#233; &lt;tag&gt;</string>
            <key>count</key><integer>42</integer>
            <key>ratio</key><real>0.5</real>
            <key>when</key><date>2001-01-01T00:00:00Z</date>
            <key>flags</key><array><true/><false/></array>
            <key>blob</key><data>AAEC</data>
        </dict>
        </plist>

        """

    static let openStepPlist = """
        // OpenStep plist
        { name = "demo \\033[31m"; list = (1, 2, "three", <0a0b0c>); nested = { a = b; c = (); }; }

        """

    /// The damage tests' keyed archive with 40 people, damaged in each way the damage analysis names.
    static let damageOriginal: [UInt8] = DamageFixture.people(40)

    /// The original with its last 600 bytes zeroed (a file whose tail never reached the disk).
    static func zeroedTail() -> [UInt8] {
        var damaged = damageOriginal
        for i in (damaged.count - 600)..<damaged.count { damaged[i] = 0 }
        return damaged
    }

    static let notFoundPage = """
        <!DOCTYPE html>
        <html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>The requested URL was not found.</p></body></html>

        """
}

import Foundation
import Testing

/// `--check`, `--dump` and `--json` on a `.strings` file in UTF-16: read, clean, and the encoding named
/// where the format is (issue 26 item 4).
@Suite struct TextEncodingCLITests {
    /// `"greeting" = "Grüß dich";` and a comment, in UTF-16LE with a byte-order mark (what Xcode wrote).
    static let strings: [UInt8] = [0xFF, 0xFE]
        + "/* Greetings */\r\n\"greeting\" = \"Grüß dich\";\r\n\"bye\" = \"Tschüss\";\r\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }

    @Test func checkOfAUTF16StringsFileIsCleanAndNamesTheEncoding() throws {
        let path = try CLITests.temp(Self.strings, "Localizable.strings")
        defer { unlink(path) }
        let r = try CLITests.run(["--check", path])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.isEmpty)
        #expect(r.err.contains(": OpenStep/ASCII plist, UTF-16LE: 0 errors, 0 warnings, 0 notes"), "\(r.err)")
    }

    @Test func dumpAndJSONNameTheEncoding() throws {
        let path = try CLITests.temp(Self.strings, "Dump.strings")
        defer { unlink(path) }
        let dump = try CLITests.run(["--dump", path])
        #expect(dump.status == 0)
        let header = try #require(dump.out.split(separator: "\n").first)
        #expect(header.contains(": OpenStep/ASCII plist, UTF-16LE, plist, "), "\(header)")
        // The entry's range is in the file's bytes: `"greeting"` starts after the mark and 17 characters.
        #expect(dump.out.contains("greeting = string \"Grüß dich\""), "\(dump.out)")
        let json = try CLITests.run(["--json", path])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "openstep")
        #expect(object["encoding"] as? String == "utf-16le")
        #expect(object["byteOrderMark"] as? Bool == true)
    }

    @Test func aTruncatedUTF16FileIsAnErrorNotARefusal() throws {
        let path = try CLITests.temp(Array(Self.strings.dropLast(3)), "Cut.strings")
        defer { unlink(path) }
        let r = try CLITests.run(["--check", path])
        #expect(r.status == 1)
        #expect(r.out.contains("error: text.encoding.partial-unit: "), "\(r.out)")
        #expect(r.err.contains("UTF-16LE"))
    }
}

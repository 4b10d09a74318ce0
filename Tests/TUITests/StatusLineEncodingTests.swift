import ArchiveModel
import Testing
@testable import TUI

/// The status line names a text plist's encoding when it is not plain UTF-8 (issue 26 item 4).
@Suite struct StatusLineEncodingTests {
    static func graph(_ bytes: [UInt8]) -> any ObjectGraph { ArchiveDocument.open(InputBytes(bytes), name: "t").graph }

    @Test func namesUTF16AndMarkedUTF8() {
        let text = "<plist><dict><key>a</key><true/></dict></plist>"
        #expect(StatusLine.formatName(Self.graph(Array(text.utf8))) == "XML plist")
        #expect(StatusLine.formatName(Self.graph([0xEF, 0xBB, 0xBF] + Array(text.utf8))) == "XML plist, UTF-8 with byte-order mark")
        let be = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(StatusLine.formatName(Self.graph([0xFE, 0xFF] + be)) == "XML plist, UTF-16BE")
        #expect(StatusLine.formatName(Self.graph(be)) == "XML plist, UTF-16BE without byte-order mark")
        let strings = "\"k\" = \"v\";".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(StatusLine.formatName(Self.graph([0xFF, 0xFE] + strings)) == "OpenStep plist, UTF-16LE")
    }
}

import ArchiveModel
import Foundation
import Testing

/// A file in an Apple format the tool recognises but does not decode is named, with exit 2, and is
/// never damage; foreign content still is `damage.wrong-content` (issue 36 item 4).
@Suite struct RecognisedFormatCLITests {
    @Test func anAppleDoubleFileIsNamedWithExitTwo() throws {
        let bytes: [UInt8] = [0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00] + Array("Mac OS X        ".utf8) + [UInt8](repeating: 0, count: 60)
        let r = try CLITests.run(["--check", try CLITests.temp(bytes, "._Info.plist")])
        #expect(r.status == 2)
        #expect(r.out.contains("0: note: format.apple.not-decoded: this is an AppleDouble file"), "\(r.out)")
        #expect(!r.out.contains("damage."))
        let json = try CLITests.run(["--json", try CLITests.temp(bytes, "._Info.plist")])
        #expect(json.out.contains("\"format\":\"apple-appleDouble\""))
    }

    @Test func anHTMLPageIsStillWrongContent() throws {
        let page = Array("<!DOCTYPE html>\n<html><head><title>Not Found</title></head><body>gone</body></html>\n".utf8)
        let r = try CLITests.run(["--check", try CLITests.temp(page, "page.plist")])
        #expect(r.status == 2)
        #expect(r.out.contains("damage.wrong-content"))
    }
}

import ArchiveModel
import Foundation
import FuzzSupport
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
        #expect(json.out.contains("\"format\":\"apple-appledouble\""))
    }

    @Test func anHTMLPageIsStillWrongContent() throws {
        let page = Array("<!DOCTYPE html>\n<html><head><title>Not Found</title></head><body>gone</body></html>\n".utf8)
        let r = try CLITests.run(["--check", try CLITests.temp(page, "page.plist")])
        #expect(r.status == 2)
        #expect(r.out.contains("damage.wrong-content"))
    }

    /// A folder lists the formats the tool decodes, a standalone bookmark among them, and not a
    /// recognised format it does not decode (an AppleDouble file beside it).
    @Test func aFolderListsItsBookmarksNotItsAppleDoubleFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ab-cli-\(getpid())-recognised-dir")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(BookmarkBuilder.sample().build().bytes).write(to: dir.appendingPathComponent("file.bookmark"))
        try Data([0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00] + [UInt8](repeating: 0, count: 40)).write(to: dir.appendingPathComponent("._file.bookmark"))
        let r = try CLITests.run(["--check", dir.path])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        let all = r.out + r.err
        #expect(all.contains("summary: 1 archive"), "\(all)")
        #expect(all.contains("file.bookmark: bookmark data"), "\(all)")
        #expect(!all.contains("._file.bookmark"), "\(all)")
    }
}

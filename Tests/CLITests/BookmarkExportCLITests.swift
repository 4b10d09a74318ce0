import ArchiveModel
import Foundation
import FuzzSupport
import Testing
import TestSupport

/// A standalone bookmark's `--unarchive` is its record, `{"$bookmark": …}`, as inside data values; two
/// bookmarks, standalone or in data values, are compared by their fields (issue 36).
@Suite struct BookmarkExportCLITests {
    static let built = BookmarkBuilder.sample().build().bytes

    /// The sample bookmark with its last path component `file.txt` changed to `file.txu`.
    static var changed: [UInt8] {
        var bytes = built
        let name = Array("file.txt".utf8)
        if let at = (0...(bytes.count - name.count)).first(where: { bytes[$0..<($0 + name.count)].elementsEqual(name) }) {
            bytes[at + name.count - 1] = UInt8(ascii: "u")
        }
        return bytes
    }

    static func holder(_ bookmark: [UInt8]) -> [UInt8] {
        var builder = KeyedArchiveBuilder()
        let data = builder.add(.data(bookmark))
        builder.top = [("root", .ref(data))]
        return builder.buildBinary()
    }

    @Test func unarchiveOfAStandaloneBookmarkIsItsRecord() throws {
        let r = try CLITests.run(["--unarchive", "json", try CLITests.temp(Self.built, "standalone.bookmark")])
        #expect(r.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        #expect(parsed?.keys.sorted() == ["$bookmark"], "\(r.out.prefix(300))")
        let bookmark = try #require(parsed?["$bookmark"] as? [String: Any])
        #expect(bookmark["path"] as? [String] == ["Users", "me", "file.txt"])
        #expect(bookmark["volumeName"] as? String == "Macintosh HD")
        // The same value a data value holding it is written as.
        let held = try CLITests.run(["--unarchive", "json", try CLITests.temp(Self.holder(Self.built), "standalone-holder.plist")])
        #expect(held.out.contains("{\"root\":" + r.out.trimmingCharacters(in: .whitespacesAndNewlines) + "}"), "\(held.out.prefix(300))")
    }

    @Test func diffOfTwoBookmarksNamesTheField() throws {
        let a = try CLITests.temp(Self.built, "diff-a.bookmark"), b = try CLITests.temp(Self.changed, "diff-b.bookmark")
        let r = try CLITests.run(["--diff", a, b])
        #expect(r.status == 1)
        #expect(r.out.contains("changed bookmark.path.2: \"file.txt\" → \"file.txu\""), "\(r.out)")
        // Located in the file: the field's item holds the changed string.
        let name = try #require(r.out.split(separator: "\n").firstIndex { $0.hasPrefix("changed bookmark.path.2") })
        #expect(r.out.split(separator: "\n")[name + 1].contains("in #"), "\(r.out)")
        #expect(!r.out.contains("data of"))
        #expect(try CLITests.run(["--diff", a, a]).status == 0)
    }

    /// Bookmarks in data values were compared as bytes ("data of 588 bytes → data of 588 bytes").
    @Test func diffOfBookmarksInDataValuesNamesTheField() throws {
        let a = try CLITests.temp(Self.holder(Self.built), "diff-holder-a.plist"), b = try CLITests.temp(Self.holder(Self.changed), "diff-holder-b.plist")
        let r = try CLITests.run(["--diff", a, b])
        #expect(r.status == 1)
        #expect(r.out.contains("changed root.$root.bookmark.path.2: \"file.txt\" → \"file.txu\""), "\(r.out)")
        #expect(!r.out.contains("data of"))
    }

    /// An alias record file's `--unarchive` is its record too.
    @Test(.needsCorpus) func unarchiveOfAnAliasRecordIsItsRecord() throws {
        let path = try #require(Corpus.path("bookmark/dtformats__com.apple.loginitems.plist.alias_data"))
        let r = try CLITests.run(["--unarchive", "json", path])
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("{\"$aliasRecord\":{"), "\(r.out.prefix(200))")
        #expect(r.out.contains("iTunesHelper.app"))
    }
}

import ArchiveModel
import Foundation
import FuzzSupport
import Testing
import TestSupport

/// Bookmark data, alias records and LZFSE-compressed archives through the real binary (issue 36
/// items 2 and 3): `--check` clean with exit 0, `--dump` and `--json` showing the record, and the
/// corpus's files that hold them.
@Suite struct BookmarkCLITests {
    static let built = BookmarkBuilder.sample().build()

    @Test func checkIsCleanOnASoundBookmark() throws {
        let r = try CLITests.run(["--check", try CLITests.temp(Self.built.bytes, "sound.bookmark")])
        #expect(r.status == 0)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("bookmark data: 0 errors, 0 warnings"))
    }

    @Test func checkLocatesADamagedTable() throws {
        var bytes = Self.built.bytes
        let toc = try #require(Self.built.marks["toc.0"])
        bytes[toc + 4] = 0
        let r = try CLITests.run(["--check", try CLITests.temp(bytes, "damaged.bookmark")])
        #expect(r.status == 1)
        #expect(r.out.contains("\(toc + 4): error: bookmark.toc.bad-magic"))
    }

    @Test func dumpShowsTheSummaryAndTheFields() throws {
        let r = try CLITests.run(["--dump", try CLITests.temp(Self.built.bytes, "dump.bookmark")])
        #expect(r.status == 0)
        #expect(r.out.contains("bookmark data, bookmark, "))
        #expect(r.out.contains("bookmark = bookmark /Users/me/file.txt on \"Macintosh HD\" (/), created 2022-07-04T18:06:15Z"))
        #expect(r.out.contains("path = array 3 items"))
        #expect(r.out.contains("[2] = string \"file.txt\""))
    }

    @Test func jsonNamesTheFormat() throws {
        let r = try CLITests.run(["--json", try CLITests.temp(Self.built.bytes, "json.bookmark")])
        #expect(r.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        #expect(parsed?["format"] as? String == "bookmark")
        #expect(r.out.contains("file.txt"))
    }

    @Test(.needsCorpus) func everyCorpusBookmarkChecksClean() throws {
        for path in Corpus.files("bookmark") + Corpus.files("compressed") {
            let r = try CLITests.run(["--check", path])
            #expect(r.status == 0, "\(path): \(r.out)")
            #expect(!r.out.contains("damage."), "\(path)")
        }
    }

    /// The bookmarks inside the shared-file list, background-item stores and Dock plist: each row
    /// holding one names its path in `--dump`.
    @Test(.needsCorpus) func containersShowTheirBookmarksDecoded() throws {
        let expected = [
            "artemis__com.apple.LSSharedFileList.GlobalLoginItems.sfl2": "bookmark: /Users/android/Downloads/medusa.py",
            "artemis__backgrounditemsPoisonApple.btm": "bookmark: /Applications/LuLu.app",
            "artemis__BackgroundItems-v4.btm": "bookmark: /Applications/Syncthing.app",
            "velociraptor__com.apple.dock.plist": "bookmark: /System/Applications/",
        ]
        for (name, text) in expected {
            let path = try #require(Corpus.path("bookmark/" + name))
            let r = try CLITests.run(["--dump", path])
            #expect(r.status == 0, "\(name)")
            #expect(r.out.contains(text), "\(name)")
            #expect(r.out.contains("(embedded bookmark data"), "\(name)")
        }
    }

    @Test(.needsCorpus) func anAliasRecordIsNamed() throws {
        let path = try #require(Corpus.path("bookmark/dtformats__com.apple.loginitems.plist.alias_data"))
        let r = try CLITests.run(["--dump", path])
        #expect(r.status == 0)
        #expect(r.out.contains("Alias Manager record, alias record"))
        #expect(r.out.contains("iTunesHelper.app"))
    }

    @Test(.needsCorpus) func aHelpIndexIsDecompressed() throws {
        let path = try #require(Corpus.path("compressed/costumemaster__English.lproj.cshelpindex"))
        let check = try CLITests.run(["--check", path])
        #expect(check.status == 0)
        let json = try CLITests.run(["--json", path])
        #expect(json.status == 0)
        #expect(json.out.contains("\"wrapper.lzfse\""))
        let dump = try CLITests.run(["--dump", path])
        #expect(dump.out.contains("wrapper.lzfse"))
        #expect(dump.out.contains("bplist00"))
    }

    /// A new user's path through a Dock plist: down to a tile's `book`, whose row names the app, then
    /// `o` opens the bookmark with its fields one step away.
    @Test(.needsCorpus) func theBrowserShowsAndOpensADockBookmark() throws {
        let path = try #require(Corpus.path("bookmark/velociraptor__com.apple.dock.plist"))
        let row = try CLITests.run(["--screen", "200x20", "--keys", "jjjjljljjl", path])
        #expect(row.status == 0)
        #expect(row.out.contains("book  data  ⧉ embedded bookmark data  584 bytes, bookmark: /System/Applications/Launchpad.app on \"Macintosh HD\" (/)"))
        let opened = try CLITests.run(["--screen", "200x24", "--keys", "jjjjljljjljjjjo", path])
        #expect(opened.out.contains("▾ bookmark  bookmark  /System/Applications/Launchpad.app"))
        #expect(opened.out.contains("volumeName  string  \"Macintosh HD\""))
    }

    /// `--unarchive json` writes a bookmark in a data value as its decoded record, `{"$bookmark": …}`.
    @Test func unarchiveWritesTheBookmarkDecoded() throws {
        var builder = KeyedArchiveBuilder()
        let data = builder.add(.data(Self.built.bytes))
        builder.top = [("root", .ref(data))]
        let r = try CLITests.run(["--unarchive", "json", try CLITests.temp(builder.buildBinary(), "holder.plist")])
        #expect(r.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        let root = parsed?["root"] as? [String: Any]
        let bookmark = try #require(root?["$bookmark"] as? [String: Any], "\(r.out.prefix(400))")
        #expect(bookmark["path"] as? [String] == ["Users", "me", "file.txt"])
        #expect((bookmark["summary"] as? [String: Any])?["path"] as? String == "/Users/me/file.txt")
    }

    /// `--json` lists the bookmarks in a file's data values with where they are and their summary.
    @Test(.needsCorpus) func jsonListsTheBookmarksOfADockPlist() throws {
        let path = try #require(Corpus.path("bookmark/velociraptor__com.apple.dock.plist"))
        let r = try CLITests.run(["--json", path])
        #expect(r.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        let bookmarks = try #require(parsed?["bookmarks"] as? [[String: Any]])
        #expect(bookmarks.count == 11)
        let first = try #require(bookmarks.first)
        #expect(first["offset"] as? Int == 626 && first["size"] as? Int == 584 && first["format"] as? String == "bookmark")
        #expect((first["summary"] as? [String: Any])?["path"] as? String == "/System/Applications/Launchpad.app")
        let plain = try CLITests.run(["--json", try CLITests.temp(Self.built.bytes, "plain.bookmark")])
        #expect(!plain.out.contains("\"bookmarks\""))
    }
}

import FuzzSupport
import Testing
@testable import ArchiveModel
@testable import OpenStepPlist
@testable import Typedstream
@testable import ArchivePresentation

/// The sample bookmark as its users see it: the one-line summary, the field view with ranges, and
/// the JSON tree and text.
@Suite struct BookmarkViewTests {
    static let built = BookmarkBuilder.sample().build()
    static let bookmark = BookmarkData(bytes: built.bytes)

    @Test func summary() {
        let s = Self.bookmark.summary
        #expect(s.path == "/Users/me/file.txt" && s.pathComponents == ["Users", "me", "file.txt"])
        #expect(s.volumeName == "Macintosh HD" && s.volumeMountPoint == "/" && s.fileID == 706_090)
        #expect(s.creationDateText == "2022-07-04T18:06:15Z" && s.userName == "me")
        #expect(s.flags == ["security-scoped", "regular file", "boot volume"])
        #expect(s.line == "/Users/me/file.txt on \"Macintosh HD\" (/), created 2022-07-04T18:06:15Z, file ID 706090, security-scoped, regular file, boot volume")
    }

    @Test func viewRootsAreTheEntriesThenTheHeader() throws {
        let view = Self.bookmark.view()
        let names = view.roots.map { view.fields[$0].name }
        #expect(names.prefix(5) == ["path", "fileIDs", "resourceProperties", "creationDate", "0x1054"])
        #expect(names.suffix(2) == ["com.example.volumeID", "header"])
        let path = try #require(view.root("path"))
        #expect(path.summary == "array of 3" && path.range?.start == Self.built.marks["toc.0.entry.0.item"])
        let components = path.children.map { view.fields[$0] }
        #expect(components.map(\.name) == ["[0]", "[1]", "[2]"])
        #expect(components.map(\.value) == [.string("Users"), .string("me"), .string("file.txt")])
        #expect(components[2].range == ByteRange(start: try #require(Self.built.marks["toc.0.entry.0.item.2"]), count: 16))
        #expect(view.root("creationDate")?.value == .date(678_650_775))
        #expect(view.root("volumeURL")?.summary == "<file:///>")
        #expect(view.root("com.example.volumeID")?.value == .uuid("4F11DC52-BC18-4F1F-B08A-F944C91D95E3"))
        #expect(view.root("resourceProperties")?.summary.hasPrefix("24 bytes <0100000000000000") == true)
        let header = try #require(view.root("header"))
        #expect(view.children(of: try #require(view.roots.last)).map(\.name) == ["magic", "length", "version", "dataOffset", "firstTOC"])
        #expect(header.range == ByteRange(0, 48))
    }

    @Test func jsonShape() throws {
        let json = try #require(Self.bookmark.json()["$bookmark"])
        #expect(json["path"] == .array([.string("Users"), .string("me"), .string("file.txt")]))
        #expect(json["volumeName"] == .string("Macintosh HD") && json["creationDate"] == .date(678_650_775))
        #expect(json["volumeIsRoot"] == .bool(true) && json["volumeSize"] == .integer(122_107_002_880))
        #expect(json["unknownKeys"] == .array([.object([.init("key", .string("0x1054")), .init("type", .string("0x0303")),
                                                        .init("hex", .string("07000000")), .init("value", .integer(7))])]))
        #expect(json["stringKeys"] == .object([.init("com.example.volumeID", .string("4F11DC52-BC18-4F1F-B08A-F944C91D95E3"))]))
        #expect(json["summary"]?["path"] == .string("/Users/me/file.txt") && json["summary"]?["fileID"] == .integer(706_090))
        let text = Self.bookmark.json().text
        #expect(text.hasPrefix("{\"$bookmark\":{\"path\":[\"Users\",\"me\",\"file.txt\"],\"fileIDs\":[21327,360459,706090],"))
        #expect(text.contains("\"creationDate\":{\"$date\":\"2022-07-04T18:06:15Z\",\"$seconds\":678650775.0}"))
        #expect(text.contains("\"resourceProperties\":{\"$data\":\"AQAAAAAAAAAPAAAAAAAAAAAAAAAAAAAA\"}"))
    }

    @Test func furtherTablesAreGroupsAndMoreTOCs() {
        var builder = BookmarkBuilder.sample()
        builder.tocs.append(BookmarkBuilder.TOC(identifier: 0xF000, [.init(0x2010, .string("Image"))]))
        let b = BookmarkData(bytes: builder.build().bytes)
        #expect(b.diagnostics.isEmpty && b.tocs.count == 2)
        let view = b.view()
        let group = view.roots.map { view.fields[$0] }.first { $0.name.hasPrefix("toc 2") }
        #expect(group?.name == "toc 2 (id 0xf000)" && group?.summary == "1 entry")
        #expect(b.json()["$bookmark"]?["moreTOCs"] == .array([.object([.init("tocID", .integer(0xF000)), .init("volumeName", .string("Image"))])]))
        // The first table holding a key wins, as CoreServices looks keys up.
        #expect(b.summary.volumeName == "Macintosh HD")
    }
}

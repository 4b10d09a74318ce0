import Foundation
import Testing
@testable import ArchiveModel
@testable import Typedstream
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveOutput
@testable import ArchiveSources
import TestSupport

/// The bookmarks of `corpus/bookmark`: raw bookmark files, the alias record, and the bookmarks inside
/// the shared-file list, background-item stores and Dock plist there (found by the `book` signature in
/// the file's bytes, or in the base64 of an XML plist's `<data>` elements), each decoding cleanly with
/// a path.
@Suite(.needsCorpus)
struct BookmarkCorpusTests {
    /// One bookmark found in a corpus file: the bytes holding it and its range in them.
    struct Found {
        let file: String
        let input: InputBytes
        let range: ByteRange
    }

    /// Every bookmark of the folder: whole raw files, and those inside containers.
    static func bookmarks() -> [Found] {
        var found: [Found] = []
        for path in Corpus.files("bookmark") {
            guard let input = try? InputBytes.read(path: path) else { continue }
            if BookmarkData.matches(input) {
                found.append(Found(file: path, input: input, range: ByteRange(0, input.count)))
            } else if input.matches(Array("<?xml".utf8)) {
                for blob in xmlDataValues(input) { found += scan(path, InputBytes(blob)) }
            } else {
                found += scan(path, input)
            }
        }
        return found
    }

    /// Standard-header bookmarks inside `input`: each `book` whose header makes sense, over its declared length.
    static func scan(_ file: String, _ input: InputBytes) -> [Found] {
        var found: [Found] = []
        var at = 0
        while at + 48 <= input.count {
            if input.matches(Array("book".utf8), at: at), BookmarkData.matches(input, at: at),
               let length = input.uintLE(at: at + 4, width: 4), Int(length) >= 52, at + Int(length) <= input.count {
                found.append(Found(file: file, input: input, range: ByteRange(start: at, count: Int(length))))
                at += Int(length)
            } else {
                at += 1
            }
        }
        return found
    }

    /// The decoded bytes of every `<data>` element of an XML plist.
    static func xmlDataValues(_ input: InputBytes) -> [[UInt8]] {
        let text = String(decoding: input.buffer, as: UTF8.self)
        return text.components(separatedBy: "<data>").dropFirst().compactMap { part in
            guard let end = part.range(of: "</data>") else { return nil }
            let base64 = part[..<end.lowerBound].filter { !$0.isWhitespace }
            return Data(base64Encoded: String(base64)).map { [UInt8]($0) }
        }
    }

    static func name(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }

    @Test func everyBookmarkDecodesCleanlyWithAPath() {
        let found = Self.bookmarks()
        var perFile: [String: Int] = [:]
        for f in found { perFile[Self.name(f.file), default: 0] += 1 }
        // The manifest's counts: 5 raw bookmarks, and 2 + 3 + 1 + 11 in the containers.
        #expect(perFile["artemis__com.apple.LSSharedFileList.GlobalLoginItems.sfl2"] == 2)
        #expect(perFile["artemis__backgrounditemsPoisonApple.btm"] == 3)
        #expect(perFile["artemis__BackgroundItems-v4.btm"] == 1)
        #expect(perFile["velociraptor__com.apple.dock.plist"] == 11)
        #expect(found.count == 22, "\(perFile)")
        for f in found {
            let bookmark = BookmarkData(input: f.input, range: f.range)
            let summary = bookmark.summary
            #expect(bookmark.diagnostics.isEmpty, "\(Self.name(f.file)) at \(f.range): \(bookmark.diagnostics.map(\.description))")
            #expect(!summary.pathComponents.isEmpty && summary.path?.isEmpty == false, "\(Self.name(f.file)) at \(f.range)")
            #expect(summary.volumeName != nil && summary.creationDate != nil, "\(Self.name(f.file)) at \(f.range)")
            #expect(bookmark.outerDiagnostics.isEmpty && bookmark.outer(ByteRange(0, 4)) == ByteRange(start: f.range.start, count: 4))
            print("bookmark \(Self.name(f.file)) @\(f.range.start): \(summary.line)")
        }
    }

    @Test func theFinderAliasFileHasTwoTables() throws {
        let path = try #require(Corpus.path("bookmark/mac_alias__56b_header"))
        let bookmark = BookmarkData(input: try InputBytes.read(path: path))
        #expect(bookmark.header?.shape == .finderAliasFile && bookmark.header?.dataOffset == 56)
        #expect(bookmark.tocs.count == 2 && bookmark.diagnostics.isEmpty)
        #expect(bookmark.summary.path == "/Volumes/Abcdefghi/jlkmn/opqr/stuvwxyzABC/DEFGHIJ/KLMNOPQRSTUV WXYZ-abcd/1234567.mp4")
    }

    @Test func theAliasRecordDecodes() throws {
        let path = try #require(Corpus.path("bookmark/dtformats__com.apple.loginitems.plist.alias_data"))
        let input = try InputBytes.read(path: path)
        #expect(AliasRecord.matches(input) && !BookmarkData.matches(input))
        let alias = AliasRecord(input: input)
        #expect(alias.diagnostics.isEmpty, "\(alias.diagnostics.map(\.description))")
        #expect(alias.version == 3 && alias.declaredSize == 216)
        let summary = alias.summary
        #expect(summary.path == "/Applications/iTunes.app/Contents/MacOS/iTunesHelper.app")
        #expect(summary.volumeName == "Macintosh HD")
        #expect(alias.field("targetName")?.value == .string("iTunesHelper.app"))
        #expect(alias.field("parentDirectoryID")?.value == .integer(0x26EAE) && summary.fileID == 0x26EB1)
        print("alias \(Self.name(path)): \(summary.line)")
    }

    @Test func noOtherCorpusFileLooksLikeABookmarkOrAlias() {
        // Content detection must not claim the containers themselves.
        for path in Corpus.files("bookmark") {
            guard let input = try? InputBytes.read(path: path), !input.matches(Array("book".utf8)) else { continue }
            #expect(!BookmarkData.matches(input), "\(Self.name(path))")
            #expect(AliasRecord.matches(input) == path.hasSuffix(".alias_data"), "\(Self.name(path))")
        }
    }
}

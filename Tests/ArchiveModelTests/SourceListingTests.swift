import Foundation
import Testing
@testable import ArchiveModel
@testable import KeyedArchive
@testable import ArchiveDocuments
@testable import ArchiveAudit
@testable import ArchiveSources
import TestSupport

/// Sources of archives (issue 27): what a folder, a ZIP file and a database list, and reading one
/// archive back by its place. The sources are built by scripts/make_sources.py.
@Suite(.needsPython)
struct SourceListingTests {
    func places(_ source: ArchiveSource) -> [String] { source.entries.map(\.place.text) }
    func ids(_ source: ArchiveSource) -> Set<String> { Set(source.diagnostics.map(\.id)) }

    @Test func folderListsArchivesByContentAndFollowsNoLinkOutOrRound() throws {
        let path = try #require(SourceFixtures.make("folder"))
        let source = try #require(ArchiveSource.open(path: Array(path.utf8)))
        #expect(source.kind == .folder(flavor: "folder"))
        let listed = places(source)
        #expect(listed.contains("a.plist"))
        #expect(listed.contains("sub/b.xml"))
        #expect(listed.contains("sub/deeper/c.archive"))
        #expect(listed.contains("wrapped.gz"))
        #expect(listed.contains("Main.storyboardc/Info.plist"))
        #expect(!listed.contains("sub/readme.txt"), "text that is no archive is not listed")
        #expect(!listed.contains { $0.hasPrefix("outside") || $0.contains("loop/") }, "\(listed)")
        #expect(ids(source).contains(SourceCode.symlinkOutside.rawValue))
        #expect(ids(source).contains(SourceCode.symlinkLoop.rawValue))
        let wrapped = try #require(source.entries.first { $0.place.text == "wrapped.gz" })
        #expect(wrapped.formatName == "gzip › bplist00")
        let extraction = source.extract(wrapped.place)
        let input = try #require(extraction.input)
        #expect(ArchiveDocument.open(input, name: "w").format == .binaryPlist)
    }

    @Test(.needsCorpus) func xcodeFoldersListTheirNibs() throws {
        let path = try #require(SourceFixtures.make("folder"))
        let storyboard = try #require(ArchiveSource.open(path: Array((path + "/Main.storyboardc").utf8)))
        #expect(storyboard.kind == .folder(flavor: "compiled storyboard"))
        #expect(places(storyboard) == ["Info.plist", "UIViewController-x.nib/runtime.nib"])
        #expect(storyboard.entries.map(\.format) == [.binaryPlist, .nibArchive])
        let nib = try #require(ArchiveSource.open(path: Array((path + "/View.nib").utf8)))
        #expect(nib.kind == .folder(flavor: "nib folder"))
        #expect(places(nib) == ["keyedobjects-101300.nib"])
    }

    @Test func folderDepthLimitIsADiagnostic() throws {
        let path = try #require(SourceFixtures.make("folder"))
        var limits = SourceLimits()
        limits.folderDepth = 1
        let source = try #require(ArchiveSource.open(path: Array(path.utf8), limits: limits))
        #expect(ids(source).contains(SourceCode.depthLimit.rawValue))
        #expect(!places(source).contains("sub/deeper/c.archive"))
        #expect(places(source).contains("sub/b.xml"))
    }

    @Test func pathsTooLongToReadAreUnreadableNotFatal() throws {
        let root = SourceFixtures.temporaryFolder()
        // Nested folders whose full path passes PATH_MAX: lstat fails (ENAMETOOLONG) even for root.
        // Made relative to open folders (mkdirat/openat), so the process's working folder stays put.
        let long = String(repeating: "d", count: 250)
        var fd = open(root, O_RDONLY | O_DIRECTORY)
        for _ in 0..<18 {
            _ = mkdirat(fd, long, 0o755)
            let next = openat(fd, long, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
        }
        let file = openat(fd, "deep.plist", O_CREAT | O_WRONLY, 0o644)
        _ = write(file, "bplist00", 8)
        close(file)
        close(fd)
        let source = try #require(ArchiveSource.open(path: Array(root.utf8)))
        #expect(ids(source).contains(SourceCode.folderUnreadable.rawValue), "\(source.diagnostics)")
    }

    @Test func zipListsEntriesAndReadsThemBack() throws {
        let path = try #require(SourceFixtures.make("zip"))
        let source = try #require(ArchiveSource.open(path: Array(path.utf8)))
        #expect(source.kind == .zip)
        let listed = places(source)
        #expect(listed.contains("Payload/App.app/Info.plist"))
        #expect(listed.contains("Payload/App.app/Settings.plist"))
        #expect(listed.contains("Payload/App.app/stored.archive"))
        #expect(!listed.contains("Payload/App.app/App"))
        for entry in source.entries {
            let result = SourceCheck.check(source, entry.place)
            #expect(result.status == 0, "\(entry.place.text): \(result.diagnostics)")
        }
        #expect(source.diagnostics.isEmpty)
    }

    @Test func databaseListsEveryColumnHoldingArchives() throws {
        let path = try #require(SourceFixtures.make("chatdb"))
        let source = try #require(ArchiveSource.open(path: Array(path.utf8)))
        #expect(source.kind == .sqlite)
        #expect(places(source) == ["message.attributedBody:1", "message.attributedBody:1234", "message.attributedBody:1235",
                                   "message.payload_data:1234", "odd \"name.v:1", "odd \"name.v:2"])
        #expect(source.entries.last?.wrapper == "base64")
        // The half archive is listed and reads as what it is: a cut binary plist.
        let half = SourceCheck.check(source, SourcePlace([.cell(table: "message", column: "attributedBody", rowid: 1235)]))
        #expect(half.status == 1)
        #expect(half.diagnostics.contains { $0.id == "bplist.file.too-short" })
    }

    @Test func placesAreFoundByTheirText() throws {
        let path = try #require(SourceFixtures.make("chatdb"))
        let source = try #require(ArchiveSource.unlisted(path: Array(path.utf8)))
        #expect(source.place(named: Array("message.attributedBody:1234".utf8)) == SourcePlace([.cell(table: "message", column: "attributedBody", rowid: 1234)]))
        // A table whose name holds a quote is found through the listing.
        #expect(source.place(named: Array("odd \"name.v:1".utf8)) == SourcePlace([.cell(table: "odd \"name", column: "v", rowid: 1)]))
        #expect(source.place(named: Array("message.attributedBody:99".utf8)) == nil)
        let missing = source.extract(SourcePlace([.cell(table: "message", column: "attributedBody", rowid: 99)]))
        #expect(missing.input == nil)
        #expect(missing.problems.map(\.id) == [SourceCode.sqliteCellGone.rawValue])
        let split = try #require(ArchiveSource.split(argument: Array((path + ":message.attributedBody:1").utf8)))
        #expect(split.source == Array(path.utf8))
        #expect(split.place == Array("message.attributedBody:1".utf8))
    }

    @Test func damagedDatabaseListsWhatItCanAndSaysWhatItCannot() throws {
        let path = try #require(SourceFixtures.make("damaged-db"))
        let source = try #require(ArchiveSource.open(path: Array(path.utf8)))
        #expect(ids(source).contains(SourceCode.sqliteTableUnreadable.rawValue), "\(source.diagnostics)")
        #expect(places(source).contains("message.attributedBody:1"))
    }

    @Test func fileThatIsNoDatabaseIsUnreadable() throws {
        let folder = SourceFixtures.temporaryFolder()
        let path = folder + "/garbage.db"
        #expect(TestPlatform.writeFile(Array("SQLite format 3".utf8) + [0] + [UInt8](repeating: 0x41, count: 2000), to: path))
        let before = SourceFixtures.snapshot(folder)
        let source = try #require(ArchiveSource.open(path: Array(path.utf8)))
        #expect(source.entries.isEmpty)
        #expect(ids(source) == [SourceCode.sqliteUnreadable.rawValue])
        #expect(SourceFixtures.snapshot(folder) == before)
    }
}

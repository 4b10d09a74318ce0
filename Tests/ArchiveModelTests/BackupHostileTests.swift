import Foundation
import Testing
@testable import ArchiveModel
@testable import ArchiveDocuments
@testable import ArchiveSources
import TestSupport

/// Backups that lie (issue 38, bad input): a manifest naming files that are missing or are folders,
/// links (looping ones too), names that are not UTF-8 or hold control characters, ids that are no
/// ids, a damaged Manifest.db page, many rows. Each problem is a located `source.backup.*`
/// diagnostic, counted per kind; nothing crashes and nothing is written.
struct BackupHostileTests {
    static let good = BackupSourceTests.prefs

    func diagnostic(_ source: ArchiveSource, _ code: SourceCode) -> Diagnostic? { source.diagnostics.first { $0.id == code.rawValue } }

    @Test func missingFoldersAndLinksAreCountedNotFollowed() throws {
        let missing = (1...3).map { BackupBuilder.File("HomeDomain", "Library/gone\($0).plist", .missing) }
        let folder = BackupBuilder.File("HomeDomain", "Library/folder.plist", .folder)
        let loop = BackupBuilder.File("HomeDomain", "Library/loop.plist", .link("loop"))
        let outside = BackupBuilder.File("HomeDomain", "Library/outside.plist", .link("/etc/passwd"))
        let builder = BackupBuilder(files: [Self.good] + missing + [folder, loop, outside])
        let root = builder.write()
        // The copy of loop.plist is a link to itself.
        try? FileManager.default.removeItem(atPath: builder.copyPath(loop, root: root))
        _ = symlink(builder.copyPath(loop, root: root), builder.copyPath(loop, root: root))
        let before = SourceFixtures.snapshot(root)
        let source = try #require(ArchiveSource.open(path: Array(root.utf8)))
        #expect(source.entries.map(\.place.text).contains("HomeDomain-Library/Preferences/com.apple.test.plist"))
        let gone = try #require(diagnostic(source, .backupFileMissing))
        #expect(gone.severity == .warning)
        #expect(gone.message.hasPrefix("Manifest.db row 2: the copy of HomeDomain-Library/gone1.plist (\(missing[0].id.prefix(2))/\(missing[0].id)) is missing"), "\(gone.message)")
        #expect(gone.message.hasSuffix("(and 2 more like it)"), "\(gone.message)")
        let odd = try #require(diagnostic(source, .backupNotAFile))
        #expect(odd.message.contains("is a folder"), "\(odd.message)")
        #expect(odd.message.hasSuffix("(and 2 more like it)"), "the two links: \(odd.message)")
        #expect(source.diagnostics.filter { $0.id == SourceCode.backupNotAFile.rawValue }.count == 1)
        #expect(SourceFixtures.snapshot(root) == before)
    }

    @Test func aLoopingFolderOnTheWayIsAMissingCopyWithItsReason() throws {
        let file = BackupBuilder.File("HomeDomain", "Library/a.plist", .missing)
        let builder = BackupBuilder(files: [file])
        let root = builder.write()
        let folder = root + "/" + file.id.prefix(2)
        try FileManager.default.removeItem(atPath: folder)
        _ = symlink(folder, folder)
        let source = try #require(ArchiveSource.open(path: Array(root.utf8)))
        let gone = try #require(diagnostic(source, .backupFileMissing))
        #expect(gone.message.lowercased().contains("symbolic links"), "ELOOP's reason: \(gone.message)")
    }

    @Test func oddNamesAreListedEscapedAndNoted() throws {
        let bad = BackupBuilder.File(bytes: Array("HomeDomain".utf8), Array("Library/bad\u{FF}".utf8.dropLast(2)) + [0xFF] + Array("\u{1B}[31m.plist".utf8),
                                     .bytes(BackupBuilder.keyedString("x")))
        let root = BackupBuilder(files: [bad]).write()
        let source = try #require(ArchiveSource.open(path: Array(root.utf8)))
        let entry = try #require(source.entries.first { $0.place.backupFile != nil })
        #expect(entry.place.displayText == "HomeDomain-Library/bad\\xff\\e[31m.plist")
        #expect(!entry.place.isExact)
        #expect(entry.place.jsonText == "HomeDomain-Library/bad\\xff\\e[31m.plist")
        let note = try #require(diagnostic(source, .backupOddName))
        #expect(note.severity == .note)
        #expect(note.message.contains("is not UTF-8") && !note.message.contains("\u{1B}"), "\(note.message)")
        #expect(source.extract(entry.place).input != nil)
    }

    @Test func idsThatAreNoIdsAreNeverPaths() throws {
        let escape = BackupBuilder.File("HomeDomain", "Library/a.plist", .missing, fileID: "../../../../etc/passwd")
        let other = BackupBuilder.File("HomeDomain", "Library/b.plist", .bytes(BackupBuilder.keyedString("b")), fileID: String(repeating: "ab", count: 20))
        let root = BackupBuilder(files: [escape, other]).write()
        let source = try #require(ArchiveSource.open(path: Array(root.utf8)))
        let bad = try #require(diagnostic(source, .backupBadFileID))
        #expect(bad.severity == .error && bad.message.contains("../../../../etc/passwd"), "\(bad.message)")
        let mismatch = try #require(diagnostic(source, .backupFileIDMismatch))
        #expect(mismatch.message.contains(BackupSHA1.fileID(domain: Array("HomeDomain".utf8), relativePath: Array("Library/b.plist".utf8))))
        // The copy the manifest names is read, under the row's name.
        #expect(source.entries.contains { $0.place.text == "HomeDomain-Library/b.plist" })
        let forged = SourcePlace([.backupFile(domain: Array("HomeDomain".utf8), path: [], fileID: "../../../../etc/passwd")])
        #expect(source.extract(forged).input == nil)
    }

    @Test func aDamagedManifestPageKeepsTheRowsBeforeIt() throws {
        var builder = BackupBuilder(files: [Self.good])
        builder.fillerRows = 4000
        let root = builder.write()
        let path = root + "/Manifest.db"
        var bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pages = bytes.count / pageSize
        // The last third of the pages: later leaves of the Files table among them.
        for page in (2 * pages / 3)..<pages {
            for i in 0..<pageSize { bytes[page * pageSize + i] = UInt8(truncatingIfNeeded: i &* 131 &+ 7) }
        }
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let source = try #require(ArchiveSource.open(path: Array(root.utf8)))
        let broken = try #require(diagnostic(source, .backupManifestUnreadable))
        #expect(broken.severity == .error)
        #expect(broken.message.contains("after") && broken.message.contains("malformed"), "\(broken.message)")
        #expect(!broken.message.contains("after 0 rows") && !broken.message.contains("after 1 row)"), "the damage is past the first rows: \(broken.message)")
        #expect(source.entries.contains { $0.place.text == "HomeDomain-Library/Preferences/com.apple.test.plist" })
    }

    @Test func aManifestThatIsNoDatabaseIsSaidSo() throws {
        var builder = BackupBuilder(files: [Self.good])
        builder.manifestEncrypted = true  // random bytes, but Manifest.plist says not encrypted
        let root = builder.write()
        let source = try #require(ArchiveSource.open(path: Array(root.utf8)))
        let broken = try #require(diagnostic(source, .backupManifestUnreadable))
        #expect(broken.message.hasPrefix("Manifest.db is not an SQLite database"), "\(broken.message)")
        #expect(source.entries.map(\.place.text) == ["Info.plist", "Manifest.plist", "Status.plist"])
    }

    @Test func manyRowsMakeAFewLinesAndTheLimitIsADiagnostic() throws {
        var builder = BackupBuilder(files: [Self.good])
        builder.fillerRows = 20_000
        let root = builder.write()
        let (opened, growth) = Memory.peakGrowth { ArchiveSource.open(path: Array(root.utf8)) }
        let source = try #require(opened)
        if let growth { #expect(growth < 1 << 20, "peak RSS grew by \(growth / 1024) MiB") }  // KiB
        let missing = try #require(diagnostic(source, .backupFileMissing))
        #expect(missing.message.hasSuffix("(and 19999 more like it)"), "\(missing.message)")
        #expect(source.diagnostics.count <= 4, "\(source.diagnostics.map(\.id))")
        var limits = SourceLimits()
        limits.files = 1000
        let limited = try #require(ArchiveSource.open(path: Array(root.utf8), limits: limits))
        let limit = try #require(diagnostic(limited, .entryLimit))
        #expect(limit.message.contains("more than 1000 files"), "\(limit.message)")
        #expect(diagnostic(limited, .backupFileMissing)?.message.hasSuffix("(and 998 more like it)") == true)
    }
}

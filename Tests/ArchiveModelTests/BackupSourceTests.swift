import Foundation
import Testing
@testable import ArchiveModel
@testable import Typedstream
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveSources
import TestSupport

/// iOS backup folders as sources (issue 38, item 2), built by `BackupBuilder`: found through the
/// manifest, named `Domain-relativePath`, databases inside searched, Manifest.db's MBFile archives
/// listed, encryption named, never written.
struct BackupSourceTests {
    static let prefs = BackupBuilder.File("HomeDomain", "Library/Preferences/com.apple.test.plist",
                                          .bytes(BackupBuilder.plist([("Enabled", .bool(true))])))
    static let note = BackupBuilder.File("AppDomain-com.example.notes", "Documents/note.archive", .bytes(BackupBuilder.keyedString("hello")))
    static let sms = BackupBuilder.File("HomeDomain", "Library/SMS/sms.db",
                                        .database(BackupBuilder.messageDatabase([BackupBuilder.keyedString("first"), Array("plain".utf8), BackupBuilder.keyedString("third")])))
    static let text = BackupBuilder.File("HomeDomain", "Library/notes.txt", .bytes(Array("no archive here\n".utf8)))
    static let folder = BackupBuilder.File("HomeDomain", "Library", flags: 2, .missing)

    func places(_ source: ArchiveSource) -> [String] { source.entries.map(\.place.text) }
    func ids(_ source: ArchiveSource) -> [String] { source.diagnostics.map(\.id) }

    @Test func sha1IsTheStandardOne() {
        #expect(BackupSHA1.hex([]) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(BackupSHA1.hex(Array("abc".utf8)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(BackupSHA1.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(BackupSHA1.hex(Array(repeating: 0x61, count: 1000)) == "291e9a6c66994949b57ba5e650361e98fc36b1ba")
        // Padding at the block edges: 55 bytes fit one block, 64 need two more.
        #expect(BackupSHA1.hex(Array(repeating: 0x61, count: 55)) == "c1c8bbdc22796e28c0e15163d20899b65621d65a")
        #expect(BackupSHA1.hex(Array(repeating: 0x61, count: 64)) == "0098ba824b5c16427bd7a1122a5a442a25ec644d")
        // The example of Practical Mobile Forensics (docs/BACKUPS.md, [1]).
        #expect(BackupSHA1.fileID(domain: Array("CameraRollDomain".utf8), relativePath: Array("Media/PhotoData/Thumbnails/V2/DCIM/102APPLE".utf8))
                == "ae94e0607ca39a88c18aca095cb5b4f8471291a0")
    }

    @Test func aBackupIsFoundThroughItsManifestAndNamedByDomainAndPath() throws {
        let root = BackupBuilder(files: [Self.prefs, Self.note, Self.sms, Self.text, Self.folder]).write()
        let before = SourceFixtures.snapshot(root)
        let source = try #require(ArchiveSource.open(path: Array(root.utf8)))
        #expect(source.kind == .backup(encrypted: false))
        #expect(source.kind.description == "iOS backup")
        let listed = places(source)
        #expect(listed.contains("HomeDomain-Library/Preferences/com.apple.test.plist"))
        #expect(listed.contains("AppDomain-com.example.notes-Documents/note.archive"))
        #expect(listed.contains("HomeDomain-Library/SMS/sms.db:message.attributedBody:1"))
        #expect(listed.contains("HomeDomain-Library/SMS/sms.db:message.attributedBody:3"))
        #expect(!listed.contains("HomeDomain-Library/SMS/sms.db:message.attributedBody:2"), "plain text is no archive")
        #expect(!listed.contains { $0.contains("notes.txt") })
        #expect(listed.contains("Info.plist") && listed.contains("Manifest.plist") && listed.contains("Status.plist"))
        #expect(!listed.contains { $0.count == 40 || $0.contains("/" + Self.prefs.id) }, "never listed by hash: \(listed)")
        // Manifest.db's own MBFile archives, one per row.
        #expect(listed.filter { $0.hasPrefix("Manifest.db:Files.file:") }.count == 5)
        // The backup's files first, domain then path.
        #expect(listed.first == "AppDomain-com.example.notes-Documents/note.archive")
        #expect(ids(source).isEmpty, "\(source.diagnostics)")
        #expect(SourceFixtures.snapshot(root) == before, "nothing is written to a backup")
    }

    @Test func aPlaceInABackupCarriesDomainPathAndFileID() throws {
        let root = BackupBuilder(files: [Self.prefs, Self.sms]).write()
        let source = try #require(ArchiveSource.open(path: Array(root.utf8)))
        let cell = try #require(source.entries.first { $0.place.text.hasSuffix("attributedBody:3") })
        let file = try #require(cell.place.backupFile)
        #expect(String(decoding: file.domain, as: UTF8.self) == "HomeDomain")
        #expect(String(decoding: file.path, as: UTF8.self) == "Library/SMS/sms.db")
        #expect(file.fileID == Self.sms.id)
        #expect(cell.place.cell?.table == "message" && cell.place.cell?.rowid == 3)
        #expect(SourceReport.label(source, cell.place) == root + ":HomeDomain-Library/SMS/sms.db:message.attributedBody:3")
        #expect(source.columnValues(at: cell.place, ["text", "date"]) == [.text("message 3", cut: false), .integer(700_000_002)])
        // Read back through the place: the archive in the database in the backup.
        let opened = try #require(SourceCheck.open(source, cell.place).document)
        #expect(opened.format == .binaryPlist)
        #expect((try? SourceExport.extractedJSON(opened, ["root"]).get())?.json == "\"third\"")
    }

    @Test func manifestFileValuesOpenAsMBFileArchives() throws {
        let root = BackupBuilder(files: [Self.prefs]).write()
        let source = try #require(ArchiveSource.open(path: Array(root.utf8)))
        let entry = try #require(source.entries.first { $0.place.text == "Manifest.db:Files.file:1" })
        let (document, _) = SourceCheck.open(source, entry.place)
        let opened = try #require(document)
        #expect(opened.graph.graphKind == .keyedArchive)
        #expect((try? SourceExport.extractedJSON(opened, ["root", "RelativePath"]).get())?.json == "\"Library/Preferences/com.apple.test.plist\"")
        #expect((try? SourceExport.extractedJSON(opened, ["root", "Size"]).get())?.json == "1")
        let text = SourceExport.exportedJSON(opened)
        #expect(text.contains("MBFile"), "\(text)")
    }

    @Test func placesAreFoundByTheirText() throws {
        let root = BackupBuilder(files: [Self.prefs, Self.sms]).write()
        let source = try #require(ArchiveSource.unlisted(path: Array(root.utf8)))
        let split = try #require(ArchiveSource.split(argument: Array((root + ":HomeDomain-Library/SMS/sms.db:message.attributedBody:1").utf8)))
        #expect(split.source == Array(root.utf8))
        let place = try #require(source.place(named: split.place))
        #expect(place.backupFile?.fileID == Self.sms.id)
        #expect(source.extract(place).input != nil)
        #expect(source.place(named: Array("HomeDomain-Library/nothing".utf8)) == nil)
        // Read straight through Manifest.db's key, without a listing.
        #expect(source.backupPlace(split.place) == place)
        #expect(source.backupPlace(Array("Manifest.db:Files.file:2".utf8)) == SourcePlace([.path(Array("Manifest.db".utf8)), .cell(table: "Files", column: "file", rowid: 2)]))
        #expect(source.backupPlace(Array("Info.plist".utf8)) == SourcePlace([.path(Array("Info.plist".utf8))]))
        #expect(source.backupPlace(Array("HomeDomain-Library/Preferences/com.apple.test.plist".utf8))?.backupFile?.fileID == Self.prefs.id)
        #expect(source.backupPlace(Array("HomeDomain-Library/nothing".utf8)) == nil)
    }

    @Test func anOldBackupIsReadThroughManifestMBDB() throws {
        var builder = BackupBuilder(files: [Self.prefs, Self.note, Self.folder])
        builder.mbdb = true
        let root = builder.write()
        let source = try #require(ArchiveSource.open(path: Array(root.utf8)))
        #expect(source.kind == .backup(encrypted: false))
        #expect(places(source).contains("HomeDomain-Library/Preferences/com.apple.test.plist"))
        #expect(places(source).contains("AppDomain-com.example.notes-Documents/note.archive"))
        #expect(ids(source).isEmpty, "\(source.diagnostics)")
        let entry = try #require(source.entries.first { $0.place.text.hasPrefix("AppDomain") })
        #expect(source.extract(entry.place).input != nil)
    }

    @Test func aDamagedManifestMBDBKeepsTheRecordsBeforeTheDamage() throws {
        var builder = BackupBuilder(files: [Self.prefs, Self.note])
        builder.mbdb = true
        let root = builder.write()
        let whole = BackupBuilder.mbdb([Self.prefs, Self.note])
        let first = BackupBuilder.mbdb([Self.prefs]).count
        // Cut inside the second record's path.
        FileManager.default.createFile(atPath: root + "/Manifest.mbdb", contents: Data(whole.prefix(first + 20)))
        let source = try #require(ArchiveSource.open(path: Array(root.utf8)))
        #expect(places(source).contains("HomeDomain-Library/Preferences/com.apple.test.plist"))
        #expect(!places(source).contains { $0.hasPrefix("AppDomain") })
        let damage = try #require(source.diagnostics.first { $0.id == SourceCode.backupMBDBDamaged.rawValue })
        #expect(damage.range == ByteRange(first, first + 20))
        #expect(damage.message.contains("offset \(first)"), "\(damage.message)")
        // Not an mbdb at all.
        FileManager.default.createFile(atPath: root + "/Manifest.mbdb", contents: Data("hello world".utf8))
        let wrong = try #require(ArchiveSource.open(path: Array(root.utf8)))
        #expect(wrong.diagnostics.first { $0.id == SourceCode.backupMBDBDamaged.rawValue }?.range == ByteRange(0, 6))
    }

    @Test func anEncryptedBackupIsNamedAndListsWhatItCan() throws {
        var builder = BackupBuilder(files: [Self.prefs, Self.note])
        builder.encrypted = true
        builder.manifestEncrypted = true
        let root = builder.write()
        let source = try #require(ArchiveSource.open(path: Array(root.utf8)))
        #expect(source.kind == .backup(encrypted: true))
        #expect(source.kind.description == "encrypted iOS backup")
        #expect(places(source) == ["Info.plist", "Manifest.plist", "Status.plist"])
        let note = try #require(source.diagnostics.first { $0.id == SourceCode.backupEncrypted.rawValue })
        #expect(note.message.contains("Manifest.db (iOS 10.2 and later)"), "\(note.message)")
        // Before iOS 10.2 the manifest stayed readable: its records are listed, the copies are not read.
        builder.manifestEncrypted = false
        let older = try #require(ArchiveSource.open(path: Array(builder.write().utf8)))
        #expect(places(older).filter { $0.hasPrefix("Manifest.db:Files.file:") }.count == 2)
        #expect(!places(older).contains { $0.hasPrefix("HomeDomain") })
        #expect(older.diagnostics.first { $0.id == SourceCode.backupEncrypted.rawValue }?.message.contains("names 2 files") == true)
    }

    @Test func aFolderWithoutAManifestIsAFolder() throws {
        let root = BackupBuilder(files: [Self.prefs]).write()
        try FileManager.default.removeItem(atPath: root + "/Manifest.db")
        #expect(ArchiveSource.kind(of: Array(root.utf8)) == .folder(flavor: "folder"))
    }
}

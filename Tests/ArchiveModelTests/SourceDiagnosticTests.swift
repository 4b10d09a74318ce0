import Foundation
import Testing
@testable import ArchiveModel
@testable import ArchiveDocuments
@testable import ArchiveSources
import TestSupport

/// Every `source.*` diagnostic, produced by a source built for it: damaged ZIP directories and
/// entries (patched from a ZIP Python wrote), limits, links, databases. Ids are named literally.
@Suite(.needsPython)
struct SourceDiagnosticTests {
    func ids(_ diagnostics: [Diagnostic]) -> Set<String> { Set(diagnostics.map(\.id)) }

    /// The ZIP fixture's bytes and the offset of each central-directory record.
    func zipWithRecords() throws -> (bytes: [UInt8], records: [Int]) {
        let path = try #require(SourceFixtures.make("zip"))
        let input = try InputBytes.read(path: path)
        let end = try #require(ZIPDirectory.findEnd(input))
        let bounds = try #require(ZIPDirectory.directoryBounds(input, end: end))
        var records: [Int] = []
        var offset = bounds.start
        for _ in 0..<bounds.count {
            records.append(offset)
            offset = try #require(ZIPDirectory.centralRecord(input, at: offset)).next
        }
        return (input.bytes(in: ByteRange(0, input.count)), records)
    }

    func source(_ bytes: [UInt8], limits: SourceLimits = .standard) throws -> ArchiveSource {
        let path = SourceFixtures.temporaryFolder() + "/patched.zip"
        #expect(TestPlatform.writeFile(bytes, to: path))
        return try #require(ArchiveSource.open(path: Array(path.utf8), limits: limits))
    }

    func put(_ value: UInt32, width: Int, at offset: Int, in bytes: inout [UInt8]) {
        for i in 0..<width { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(i))) }
    }

    @Test func encryptedAndUnknownMethodEntriesAreNotOpened() throws {
        var (bytes, records) = try zipWithRecords()
        put(1, width: 2, at: records[0] + 8, in: &bytes)      // general-purpose flag: encrypted
        put(12, width: 2, at: records[1] + 10, in: &bytes)    // method 12: bzip2
        let patched = try source(bytes)
        #expect(ids(patched.diagnostics).isSuperset(of: ["source.zip.encrypted", "source.zip.unsupported-method"]))
        #expect(patched.diagnostics.contains { $0.message.contains("method 12 (bzip2)") })
    }

    @Test func aChecksumMismatchIsReportedWithTheEntry() throws {
        var (bytes, records) = try zipWithRecords()
        put(0xDEAD_BEEF, width: 4, at: records[0] + 16, in: &bytes)
        let patched = try source(bytes)
        let entry = try #require(patched.entries.first { $0.place.text == "Payload/App.app/Info.plist" })
        let result = SourceCheck.check(patched, entry.place)
        #expect(ids(result.diagnostics).contains("source.zip.crc-mismatch"))
        #expect(result.status == 1)
    }

    @Test func dataClaimedPastTheEndIsADamagedEntry() throws {
        var (bytes, records) = try zipWithRecords()
        put(0x7FFF_0000, width: 4, at: records[0] + 20, in: &bytes)   // compressed size
        let patched = try source(bytes)
        let entry = try #require(patched.entries.first { $0.place.text == "Payload/App.app/Info.plist" })
        #expect(ids(SourceCheck.check(patched, entry.place).diagnostics).contains("source.zip.entry-damaged"))
    }

    @Test func aCutDirectoryIsRecoveredFromLocalHeaders() throws {
        let (bytes, records) = try zipWithRecords()
        let cut = try source(Array(bytes.prefix(records[1])))
        #expect(ids(cut.diagnostics).contains("source.zip.damaged"))
        #expect(cut.entries.map(\.place.text).contains("Payload/App.app/Settings.plist"))
        for entry in cut.entries { #expect(SourceCheck.check(cut, entry.place).failure == nil) }
    }

    @Test func aBombStopsAtTheLimit() throws {
        let path = try #require(SourceFixtures.make("bomb-zip"))
        let bomb = try #require(ArchiveSource.open(path: Array(path.utf8)))
        let entry = try #require(bomb.entries.first { $0.place.text == "bomb.plist" })
        let extraction = bomb.extract(entry.place)
        #expect(ids(extraction.problems).contains("source.zip.inflate-limit"))
        #expect((extraction.input?.count ?? 0) <= Unwrapper.inflateLimit(for: 1 << 20))
    }

    @Test func limitsAreDiagnostics() throws {
        let many = try #require(SourceFixtures.make("many-zip:300"))
        var limits = SourceLimits()
        limits.zipEntries = 100
        limits.archives = 50
        let source = try #require(ArchiveSource.open(path: Array(many.utf8), limits: limits))
        #expect(source.entries.count == 50)
        #expect(source.diagnostics.filter { $0.id == "source.limit.entries" }.count == 2)
        let folder = SourceFixtures.temporaryFolder()
        _ = try #require(SourceFixtures.make("zip", in: folder))
        var shallow = SourceLimits()
        shallow.containerDepth = 0
        let listed = try #require(ArchiveSource.open(path: Array(folder.utf8), limits: shallow))
        #expect(ids(listed.diagnostics) == ["source.limit.depth"])
    }

    @Test func databasesInsideZipsAreNotedAndZipsInsideZipsOpened() throws {
        let path = try #require(SourceFixtures.make("zip-with-db"))
        let outer = try #require(ArchiveSource.open(path: Array(path.utf8)))
        #expect(ids(outer.diagnostics) == ["source.sqlite.nested"])
        #expect(outer.entries.map(\.place.text) == ["inner.zip:deep.plist"])
        let deep = try #require(outer.entries.first)
        #expect(SourceCheck.check(outer, deep.place).status == 0)
    }

    @Test func foldersAndDatabasesNameTheirProblems() throws {
        let folder = try #require(SourceFixtures.make("folder"))
        let listed = try #require(ArchiveSource.open(path: Array(folder.utf8)))
        #expect(ids(listed.diagnostics) == ["source.folder.symlink-outside", "source.folder.symlink-loop"])
        let wal = try #require(SourceFixtures.make("wal-db"))
        #expect(ids(try #require(ArchiveSource.open(path: Array(wal.utf8))).diagnostics) == ["source.sqlite.wal-not-read"])
        let damaged = try #require(SourceFixtures.make("damaged-db"))
        #expect(ids(try #require(ArchiveSource.open(path: Array(damaged.utf8))).diagnostics).contains("source.sqlite.table-unreadable"))
        let db = try #require(SourceFixtures.make("chatdb"))
        let source = try #require(ArchiveSource.open(path: Array(db.utf8)))
        #expect(ids(source.extract(SourcePlace([.cell(table: "message", column: "attributedBody", rowid: 2)])).problems) == ["source.sqlite.cell-missing"])
        let garbage = SourceFixtures.temporaryFolder() + "/x.db"
        #expect(TestPlatform.writeFile(Array("SQLite format 3".utf8) + [0] + [UInt8](repeating: 7, count: 100), to: garbage))
        #expect(ids(try #require(ArchiveSource.open(path: Array(garbage.utf8))).diagnostics) == ["source.sqlite.unreadable"])
    }

    @Test func unreadablePathsAreNamed() throws {
        let root = SourceFixtures.temporaryFolder()
        let long = String(repeating: "e", count: 250)
        var fd = open(root, O_RDONLY | O_DIRECTORY)
        for _ in 0..<18 {
            _ = mkdirat(fd, long, 0o755)
            let next = openat(fd, long, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
        }
        close(fd)
        let source = try #require(ArchiveSource.open(path: Array(root.utf8)))
        #expect(ids(source.diagnostics).contains("source.folder.unreadable"))
    }
}

import ArchiveModel
import Foundation

/// Builds iOS backup folders for tests (issue 38, item 2), laid out as docs/BACKUPS.md describes:
/// `Manifest.db` with its `Files(fileID, domain, relativePath, flags, file)` table (each `file` an
/// MBFile keyed archive) or an iOS 5-9 `Manifest.mbdb`, `Info.plist`, `Status.plist`,
/// `Manifest.plist` (with `IsEncrypted`), and each file's copy at `<first two hex digits>/<fileID>`
/// (Manifest.db) or `<fileID>` (Manifest.mbdb), where fileID is the SHA-1 of `domain-relativePath`.
public struct BackupBuilder {
    /// What the backup holds for one manifest record.
    public enum Copy: Sendable {
        /// A regular file with these bytes.
        case bytes([UInt8])
        /// An SQLite database, made by `make` (given the path to write).
        case database(@Sendable (String) -> Void)
        /// Nothing: the manifest names a file the folder lacks.
        case missing
        /// A folder where the file should be.
        case folder
        /// A symbolic link to `target` where the file should be.
        case link(String)
    }

    /// One record of the manifest.
    public struct File: Sendable {
        public var domain: [UInt8]
        public var relativePath: [UInt8]
        /// 1 a file, 2 a directory, 4 a symbolic link (Manifest.db's flags).
        public var flags: Int64
        public var copy: Copy
        /// The file id written in the manifest when not the SHA-1 of domain and path.
        public var fileID: String?

        public init(_ domain: String, _ relativePath: String, flags: Int64 = 1, _ copy: Copy, fileID: String? = nil) {
            self.init(bytes: Array(domain.utf8), Array(relativePath.utf8), flags: flags, copy, fileID: fileID)
        }

        public init(bytes domain: [UInt8], _ relativePath: [UInt8], flags: Int64 = 1, _ copy: Copy, fileID: String? = nil) {
            self.domain = domain
            self.relativePath = relativePath
            self.flags = flags
            self.copy = copy
            self.fileID = fileID
        }

        /// The id the manifest gives: `fileID`, else the SHA-1 of `domain-relativePath`.
        public var id: String { fileID ?? BackupSHA1.fileID(domain: domain, relativePath: relativePath) }
    }

    public var files: [File] = []
    /// Manifest.plist's `IsEncrypted`.
    public var encrypted = false
    /// Manifest.db written as random-looking bytes, as iOS 10.2 and later encrypt it.
    public var manifestEncrypted = false
    /// An iOS 5-9 backup: Manifest.mbdb, copies at the top of the folder.
    public var mbdb = false
    /// Rows added to the Files table after `files`, each naming a missing file (for size tests).
    public var fillerRows = 0

    public init(files: [File] = []) { self.files = files }

    /// Writes the backup into a new folder under `parent` (a new temporary folder when nil); its path.
    @discardableResult
    public func write(in parent: String? = nil) -> String {
        let root = (parent ?? SourceFixtures.temporaryFolder()) + "/backup"
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        write(Self.plist([("Device Name", .string("Test iPhone")), ("Product Version", .string(mbdb ? "9.3" : "17.0")),
                          ("Unique Identifier", .string("00008030-000A1C2E3F40802E"))]), to: root + "/Info.plist")
        write(Self.plist([("IsFullBackup", .bool(false)), ("Version", .string("3.3")), ("BackupState", .string("new"))]), to: root + "/Status.plist")
        write(Self.plist([("IsEncrypted", .bool(encrypted)), ("Version", .string(mbdb ? "9.1" : "10.0"))]), to: root + "/Manifest.plist")
        for file in files { writeCopy(file, root: root) }
        if mbdb {
            write(Self.mbdb(files), to: root + "/Manifest.mbdb")
        } else if manifestEncrypted {
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            write((0..<8192).map { _ in state = state &* 6364136223846793005 &+ 1442695040888963407; return UInt8(truncatingIfNeeded: state >> 56) },
                  to: root + "/Manifest.db")
        } else {
            writeManifestDB(root + "/Manifest.db")
        }
        return root
    }

    /// Where the copy of `file` goes.
    public func copyPath(_ file: File, root: String) -> String {
        mbdb ? root + "/" + file.id : root + "/" + String(file.id.prefix(2)) + "/" + file.id
    }

    private func writeCopy(_ file: File, root: String) {
        let path = copyPath(file, root: root)
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        switch file.copy {
        case .bytes(let bytes): write(bytes, to: path)
        case .database(let make): make(path)
        case .missing: break
        case .folder: try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        case .link(let target): _ = symlink(target, path)
        }
    }

    private func writeManifestDB(_ path: String) {
        guard let db = SQLiteWriter(path: path) else { return }
        db.execute("CREATE TABLE Files (fileID TEXT PRIMARY KEY, domain TEXT, relativePath TEXT, flags INTEGER, file BLOB)")
        db.execute("CREATE INDEX FilesDomainIdx ON Files(domain)")
        db.execute("CREATE TABLE Properties (key TEXT PRIMARY KEY, value BLOB)")
        let rows: [[SQLiteWriter.Value]] = files.enumerated().map { i, file in
            [.text(file.id), .textBytes(file.domain), .textBytes(file.relativePath), .integer(file.flags),
             .blob(Self.mbFile(relativePath: String(decoding: file.relativePath, as: UTF8.self), flags: file.flags, size: Int64(i) * 100 + 1))]
        }
        db.insert("INSERT INTO Files VALUES (?, ?, ?, ?, ?)", rows)
        if fillerRows > 0 {
            db.execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(fillerRows))
                INSERT INTO Files SELECT printf('%040x', i), 'HomeDomain', 'Library/filler/' || i, 1, NULL FROM n
                """)
        }
        db.close()
    }

    /// An MBFile keyed archive, as Manifest.db's `file` column holds one per row.
    public static func mbFile(relativePath: String, flags: Int64 = 1, size: Int64 = 0) -> [UInt8] {
        var archive = KeyedArchiveBuilder()
        let path = archive.add(.string(relativePath))
        let mode: Int64 = flags == 2 ? 0o40755 : flags == 4 ? 0o120755 : 0o100644
        let file = archive.object("MBFile", [
            ("LastModified", .int(1_700_000_000)), ("Birth", .int(1_690_000_000)), ("LastStatusChange", .int(1_700_000_100)),
            ("Mode", .int(mode)), ("UserID", .int(501)), ("GroupID", .int(501)), ("InodeNumber", .int(123_456)),
            ("Size", .int(size)), ("ProtectionClass", .int(3)), ("Flags", .int(0)), ("RelativePath", .ref(path)),
        ])
        archive.top = [("root", .ref(file))]
        return archive.buildBinary()
    }

    /// A binary plist dictionary.
    package static func plist(_ pairs: [(String, BinaryPlistBuilder.Object)]) -> [UInt8] {
        var b = BinaryPlistBuilder()
        let root = b.add(.null)
        let entries = pairs.map { (key: b.add(.string($0.0)), value: b.add($0.1)) }
        b.objects[root] = .dict(entries)
        return b.build().bytes
    }

    /// Manifest.mbdb for `files` (docs/BACKUPS.md: big-endian, strings as u16 length and bytes).
    public static func mbdb(_ files: [File]) -> [UInt8] {
        var out: [UInt8] = Array("mbdb".utf8) + [5, 0]
        func string(_ s: [UInt8]?) {
            guard let s else { out += [0xFF, 0xFF]; return }
            out += [UInt8(s.count >> 8), UInt8(s.count & 0xFF)] + s
        }
        func number(_ n: UInt64, _ width: Int) { for i in (0..<width).reversed() { out.append(UInt8(truncatingIfNeeded: n >> UInt64(8 * i))) } }
        for file in files {
            string(file.domain); string(file.relativePath); string(nil); string(nil); string(nil)
            number(file.flags == 2 ? 0o40755 : file.flags == 4 ? 0o120755 : 0o100644, 2)
            number(99, 8); number(501, 4); number(501, 4)
            number(1_700_000_000, 4); number(1_700_000_000, 4); number(1_690_000_000, 4)
            number(100, 8); number(3, 1)
            number(1, 1); string(Array("com.apple.test".utf8)); string(Array("value".utf8))
        }
        return out
    }

    private func write(_ bytes: [UInt8], to path: String) {
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    /// A database with a table `message(text TEXT, attributedBody BLOB)` whose rows hold `bodies`.
    public static func messageDatabase(_ bodies: [[UInt8]]) -> @Sendable (String) -> Void {
        { path in
            guard let db = SQLiteWriter(path: path) else { return }
            db.execute("CREATE TABLE message (ROWID INTEGER PRIMARY KEY, text TEXT, date INTEGER, attributedBody BLOB)")
            db.insert("INSERT INTO message (text, date, attributedBody) VALUES (?, ?, ?)",
                      bodies.enumerated().map { [.text("message \($0.offset + 1)"), .integer(700_000_000 + Int64($0.offset)), .blob($0.element)] })
            db.close()
        }
    }

    /// A keyed archive whose root is the string `text`.
    public static func keyedString(_ text: String) -> [UInt8] {
        var archive = KeyedArchiveBuilder()
        let s = archive.add(.string(text))
        archive.top = [("root", .ref(s))]
        return archive.buildBinary()
    }
}

import ArchiveCore

/// An iOS backup folder (docs/BACKUPS.md): its files found through the manifest, never by listing the
/// hashed names. Each file the manifest names is looked up by its file id and classified by its first
/// bytes, as a folder's file is: an archive is listed as `Domain-relativePath`, a database's archives
/// under it, a ZIP file's entries under it. The top plists and Manifest.db's `Files.file` values
/// (MBFile archives, read in the same pass as the rows) are listed too; Manifest.db's other tables
/// (`Properties`) hold no archives and are not searched. Problems with the manifest's records are counted, one diagnostic per
/// kind with the first example, so a million bad rows make a handful of lines.
extension SourceScanner {
    mutating func scanBackup(root: [UInt8], encrypted: Bool) {
        for name in BackupLayout.topPlists {
            let file = BackupLayout.path(root, name)
            guard let status = Platform.pathStatus(file, followLinks: false), status.kind == .regular else { continue }
            scanFile(path: file, place: SourcePlace([.path(Array(name.utf8))]), depth: 0, name: Array(name.utf8), size: status.size)
        }
        var problems = BackupProblems()
        let database = BackupLayout.path(root, BackupLayout.manifestDB)
        if Platform.pathStatus(database, followLinks: true)?.kind == .regular {
            scanManifestDB(root: root, database: database, encrypted: encrypted, &problems)
        } else {
            scanManifestMBDB(root: root, encrypted: encrypted, &problems)
        }
        for found in problems.found {
            let more = found.count > 1 ? " (and \(found.count - 1) more like it)" : ""
            report(found.code, found.message + more, at: SourcePlace([]), range: found.range)
        }
    }

    private mutating func scanManifestDB(root: [UInt8], database: [UInt8], encrypted: Bool, _ problems: inout BackupProblems) {
        let head = Platform.head(of: database, count: SourceSniffer.sqliteHeader.count) ?? []
        guard head == SourceSniffer.sqliteHeader else {
            if encrypted {
                report(.backupEncrypted, "the backup is encrypted (Manifest.plist IsEncrypted is true) and so is its Manifest.db (iOS 10.2 and later): no domain, path or file can be listed without the backup's password; only the plists at its top are", at: SourcePlace([]))
            } else {
                report(.backupManifestUnreadable, "Manifest.db is not an SQLite database (it starts \(ValueFormatter.dataSummary(head))); no file of the backup can be found without it", at: SourcePlace([]), range: ByteRange(0, head.count))
            }
            return
        }
        var count = 0
        let manifestPlace = SourcePlace([.path(Array(BackupLayout.manifestDB.utf8))])
        // One pass: each row's record, and the first bytes of its `file` value (an MBFile archive).
        let sql = "SELECT rowid, fileID, domain, relativePath, flags, length(CAST(file AS BLOB)), substr(CAST(file AS BLOB), 1, \(Self.cellHead)) FROM Files"
        do {
            try cache.withDatabase(database) { (db) throws(SQLiteDatabase.Failure) in
                try db.query(sql) { row in
                    guard row.count == 7, case .integer(let rowid) = row[0] else { return true }
                    count += 1
                    guard count <= limits.files else { return false }
                    let record = BackupRecord(domain: Self.bytes(row[2]), relativePath: Self.bytes(row[3]), fileID: Self.bytes(row[1]),
                                              kind: BackupRecord.kind(flags: Self.integer(row[4])), location: .row(rowid))
                    visit(record, root: root, encrypted: encrypted, &problems)
                    if case .integer(let size) = row[5], size >= 8, case .bytes(let head) = row[6],
                       case .archive(let format, let wrapper)? = SourceSniffer.classify(head: head) {
                        add(SourceEntry(place: manifestPlace.appending(.cell(table: "Files", column: "file", rowid: rowid)),
                                        format: format, wrapper: wrapper, size: Int(size)))
                    }
                    return true
                }
            }
        } catch {
            report(.backupManifestUnreadable, "Manifest.db's Files table cannot be read to its end (after \(English.count(count, "row"))): \(DisplayText.escape(error.message)); the files of the rows read are listed", at: SourcePlace([]))
        }
        limitReached(count)
        if encrypted {
            report(.backupEncrypted, "the backup is encrypted (Manifest.plist IsEncrypted is true): its files are not decrypted, so none is listed; its Manifest.db is readable (a backup made before iOS 10.2) and names \(English.count(Swift.min(count, limits.files), "file")), each listed with its domain and path through Manifest.db's Files.file values", at: SourcePlace([]))
        }
    }

    private mutating func scanManifestMBDB(root: [UInt8], encrypted: Bool, _ problems: inout BackupProblems) {
        let file = BackupLayout.path(root, BackupLayout.manifestMBDB)
        let input: InputBytes
        do { input = try InputBytes.read(path: file) } catch {
            report(.backupManifestUnreadable, "Manifest.mbdb cannot be read: \(error.description)", at: SourcePlace([]))
            return
        }
        var count = 0
        let damage = BackupMBDB(input: input).forEach { record in
            count += 1
            guard count <= limits.files else { return false }
            visit(record, root: root, encrypted: encrypted, &problems)
            return true
        }
        if let damage { report(.backupMBDBDamaged, "Manifest.mbdb: " + damage.message, at: SourcePlace([]), range: damage.range) }
        limitReached(count)
        if encrypted {
            report(.backupEncrypted, "the backup is encrypted (Manifest.plist IsEncrypted is true): its files are not decrypted, so none is listed; its Manifest.mbdb (never encrypted) names \(English.count(Swift.min(count, limits.files), "file"))", at: SourcePlace([]))
        }
    }

    private mutating func limitReached(_ count: Int) {
        if count > limits.files {
            report(.entryLimit, "the manifest names more than \(limits.files) files; the rest are not searched", at: SourcePlace([]))
        }
    }

    /// One record: its name checked, its copy found and classified.
    private mutating func visit(_ record: BackupRecord, root: [UInt8], encrypted: Bool, _ problems: inout BackupProblems) {
        // Directories and links have no copy; a kind this reader does not know is looked for all the same.
        switch record.kind {
        case .directory, .symlink: return
        case .file, .unknown: break
        }
        if let why = BackupNames.oddity(record.domain) ?? BackupNames.oddity(record.relativePath) {
            problems.add(.backupOddName, "\(record.locationText): the name \(record.displayName) \(why); it is listed escaped", record.range)
        }
        guard BackupLayout.isFileID(record.fileID), let copy = BackupLayout.copyPath(root, fileID: record.fileID) else {
            problems.add(.backupBadFileID, "\(record.locationText): the file id of \(record.displayName), \(DisplayText.escape(bytes: record.fileID)), is not 40 hex digits; its copy is not looked for", record.range)
            return
        }
        let id = String(decoding: record.fileID, as: UTF8.self).lowercased()
        let expected = BackupSHA1.fileID(domain: record.domain, relativePath: record.relativePath)
        if id != expected {
            problems.add(.backupFileIDMismatch, "\(record.locationText): the file id of \(record.displayName) is \(id), not the SHA-1 of its domain and path (\(expected)); the copy named by the manifest is read", record.range)
        }
        if encrypted { return }
        guard let status = Platform.pathStatus(copy, followLinks: false) else {
            problems.add(.backupFileMissing, "\(record.locationText): the copy of \(record.displayName) (\(BackupNames.relative(copy, root))) is missing: \(DisplayText.escape(Platform.errorText))", record.range)
            return
        }
        let place = SourcePlace([.backupFile(domain: record.domain, path: record.relativePath, fileID: id)])
        switch status.kind {
        case .regular:
            scanFile(path: copy, place: place, depth: 0, name: BackupNames.lastComponent(record.relativePath), size: status.size)
        case .directory:
            problems.add(.backupNotAFile, "\(record.locationText): the copy of \(record.displayName) (\(BackupNames.relative(copy, root))) is a folder, not a file; not searched", record.range)
        case .symlink:
            problems.add(.backupNotAFile, "\(record.locationText): the copy of \(record.displayName) (\(BackupNames.relative(copy, root))) is a symbolic link (a backup holds regular files); not followed", record.range)
        case .other:
            problems.add(.backupNotAFile, "\(record.locationText): the copy of \(record.displayName) (\(BackupNames.relative(copy, root))) is not a regular file (a named pipe, socket or device); not read", record.range)
        }
    }

    private static func bytes(_ value: SQLiteDatabase.Value) -> [UInt8] {
        switch value {
        case .bytes(let bytes): bytes
        case .integer(let i): Array(String(i).utf8)
        case .real(let d): Array(String(d).utf8)
        case .null: []
        }
    }

    private static func integer(_ value: SQLiteDatabase.Value) -> Int64 {
        if case .integer(let i) = value { return i }
        return -1
    }
}

/// Problems with a manifest's records, one per kind: how many, and the first (in manifest order).
struct BackupProblems {
    private(set) var found: [(code: SourceCode, count: Int, message: String, range: ByteRange?)] = []

    mutating func add(_ code: SourceCode, _ message: @autoclosure () -> String, _ range: ByteRange?) {
        if let i = found.firstIndex(where: { $0.code == code }) { found[i].count += 1 } else { found.append((code, 1, message(), range)) }
    }
}

/// What the names in a manifest may hold that a reader should be told of.
enum BackupNames {
    /// Why `name` is odd (not UTF-8, or holding control characters), or nil.
    static func oddity(_ name: [UInt8]) -> String? {
        if String(validating: name, as: UTF8.self) == nil { return "is not UTF-8" }
        if name.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return "holds control characters" }
        return nil
    }

    /// The last component of a relative path (the name a file had on the device).
    static func lastComponent(_ path: [UInt8]) -> [UInt8] {
        Array(path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).last ?? path[...])
    }

    /// `ab/abcdef…`: the copy's path inside the backup folder, escaped.
    static func relative(_ path: [UInt8], _ root: [UInt8]) -> String {
        let prefix = BackupLayout.path(root, "")
        return DisplayText.escape(bytes: path.starts(with: prefix) ? Array(path.dropFirst(prefix.count)) : path)
    }
}

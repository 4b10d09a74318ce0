import ArchiveCore
import ArchiveDocuments

/// A place in an iOS backup read straight from its text (`--dump BACKUP:HomeDomain-Library/SMS/sms.db:message.attributedBody:12`),
/// without listing the backup: `Domain-relativePath` cannot be split by its text (a domain may hold
/// `-`), but its SHA-1 is the file id, which Manifest.db's primary key finds with the row's domain and
/// path. A top plist or `Manifest.db` is a path. What follows the file may be one database cell.
extension ArchiveSource {
    /// The place `text` names in this backup, or nil when it cannot be read directly (then the listing
    /// is searched: a Manifest.mbdb backup, a row whose id is not the SHA-1 of its name).
    func backupPlace(_ text: [UInt8]) -> SourcePlace? {
        let ends = text.indices.filter { text[$0] == UInt8(ascii: ":") } + [text.count]
        for end in ends {
            let head = Array(text[..<end])
            let rest = end < text.count ? Array(text[(end + 1)...]) : []
            guard let first = backupStep(head) else { continue }
            if rest.isEmpty { return SourcePlace([first]) }
            if let cell = Self.cellStep(rest) { return SourcePlace([first, cell]) }
        }
        return nil
    }

    /// The first step named by `name`: a top file of the backup, or a file the manifest names.
    private func backupStep(_ name: [UInt8]) -> ArchivePlace? {
        let text = String(decoding: name, as: UTF8.self)
        if BackupLayout.topPlists.contains(text) || text == BackupLayout.manifestDB { return .path(name) }
        let id = BackupSHA1.hex(name)
        let database = BackupLayout.path(path, BackupLayout.manifestDB)
        guard Platform.head(of: database, count: SourceSniffer.sqliteHeader.count) == SourceSniffer.sqliteHeader else { return nil }
        var found: ArchivePlace?
        // `id` is 40 hex digits, so it is safe inside the statement.
        try? cache.withDatabase(database) { (db) throws(SQLiteDatabase.Failure) in
            try db.query("SELECT domain, relativePath FROM Files WHERE fileID = '\(id)' OR fileID = '\(id.uppercased())'") { row in
                guard row.count == 2, case .bytes(let domain) = row[0], case .bytes(let relative) = row[1],
                      domain + [UInt8(ascii: "-")] + relative == name else { return true }
                found = .backupFile(domain: domain, path: relative, fileID: id)
                return false
            }
        }
        return found
    }
}

import ArchiveCore

/// One file an iOS backup's manifest names: its domain, its path inside the domain, the id of its
/// copy in the backup folder, and what kind of file it was on the device (see docs/BACKUPS.md).
struct BackupRecord: Sendable {
    /// What the manifest says the file was.
    enum Kind: Sendable {
        case file, directory, symlink
        /// A flags value (Manifest.db) or mode (Manifest.mbdb) this reader does not know.
        case unknown(Int64)
    }

    /// Where in the manifest the record is, for diagnostics.
    enum Location: Sendable {
        /// Manifest.db's `Files` row.
        case row(Int64)
        /// Manifest.mbdb's bytes.
        case bytes(ByteRange)
    }

    var domain: [UInt8]
    var relativePath: [UInt8]
    /// The copy's name as the manifest gives it (Manifest.db's `fileID`), or the SHA-1 of
    /// `domain-relativePath` (Manifest.mbdb, which names no file).
    var fileID: [UInt8]
    var kind: Kind
    var location: Location

    /// `HomeDomain-Library/SMS/sms.db`: how the backup's entries are named, escaped for display.
    var displayName: String { DisplayText.escape(bytes: domain + [UInt8(ascii: "-")] + relativePath) }

    /// `Manifest.db row 12` or `Manifest.mbdb offset 6`.
    var locationText: String {
        switch location {
        case .row(let rowid): "\(BackupLayout.manifestDB) row \(rowid)"
        case .bytes(let range): "\(BackupLayout.manifestMBDB) offset \(range.start)"
        }
    }

    /// The byte range of a Manifest.mbdb record (nil for a database row).
    var range: ByteRange? {
        if case .bytes(let range) = location { return range }
        return nil
    }

    /// Manifest.db's `flags`: 1 a file, 2 a directory, 4 a symbolic link.
    static func kind(flags: Int64) -> Kind {
        switch flags {
        case 1: .file
        case 2: .directory
        case 4: .symlink
        default: .unknown(flags)
        }
    }

    /// Manifest.mbdb's mode: its top four bits are the file type (8 a file, 4 a directory, A a link).
    static func kind(mode: UInt64) -> Kind {
        switch mode >> 12 {
        case 0x8: .file
        case 0x4: .directory
        case 0xA: .symlink
        default: .unknown(Int64(mode))
        }
    }
}

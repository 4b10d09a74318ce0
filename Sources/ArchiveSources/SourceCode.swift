import ArchiveCore

/// The diagnostics of sources of archives (folders, ZIP files, SQLite databases, iOS backups): what could not be
/// read, and where a limit stopped the listing. Explanations are in `SourceCode+Explanations.swift`.
package enum SourceCode: String, DiagnosticCatalog {
    case folderUnreadable = "source.folder.unreadable"
    case symlinkOutside = "source.folder.symlink-outside"
    case symlinkLoop = "source.folder.symlink-loop"
    case entryLimit = "source.limit.entries"
    case depthLimit = "source.limit.depth"
    case zipDamaged = "source.zip.damaged"
    case zipEntryDamaged = "source.zip.entry-damaged"
    case zipMethod = "source.zip.unsupported-method"
    case zipEncrypted = "source.zip.encrypted"
    case zipBomb = "source.zip.inflate-limit"
    case zipChecksum = "source.zip.crc-mismatch"
    case sqliteUnreadable = "source.sqlite.unreadable"
    case sqliteTableUnreadable = "source.sqlite.table-unreadable"
    case sqliteModuleUnavailable = "source.sqlite.module-unavailable"
    case sqliteWAL = "source.sqlite.wal-not-read"
    case sqliteNested = "source.sqlite.nested"
    case sqliteCellGone = "source.sqlite.cell-missing"
    case backupEncrypted = "source.backup.encrypted"
    case backupManifestUnreadable = "source.backup.manifest-unreadable"
    case backupMBDBDamaged = "source.backup.mbdb-damaged"
    case backupFileMissing = "source.backup.file-missing"
    case backupNotAFile = "source.backup.not-a-file"
    case backupBadFileID = "source.backup.bad-file-id"
    case backupFileIDMismatch = "source.backup.file-id-mismatch"
    case backupOddName = "source.backup.odd-name"

    package var severity: Severity {
        switch self {
        case .symlinkOutside, .symlinkLoop, .sqliteWAL, .sqliteNested, .sqliteModuleUnavailable, .backupOddName: .note
        case .folderUnreadable, .entryLimit, .depthLimit, .zipMethod, .zipEncrypted, .backupEncrypted, .backupFileMissing,
             .backupNotAFile, .backupFileIDMismatch: .warning
        default: .error
        }
    }

    package var summary: String {
        switch self {
        case .folderUnreadable: "a file or folder in the source could not be read"
        case .symlinkOutside: "a symbolic link leads out of the folder and was not followed"
        case .symlinkLoop: "a symbolic link leads back to a folder already searched and was not followed again"
        case .entryLimit: "the source holds more archives (or entries) than are listed"
        case .depthLimit: "folders or containers are nested deeper than this tool searches"
        case .zipDamaged: "the ZIP file's central directory is damaged or missing; entries were recovered from local headers"
        case .zipEntryDamaged: "a ZIP entry's header or compressed data is damaged or outside the file"
        case .zipMethod: "a ZIP entry is compressed with a method this tool does not inflate"
        case .zipEncrypted: "a ZIP entry is encrypted"
        case .zipBomb: "a ZIP entry inflates past the size limit (a decompression bomb, or too large)"
        case .zipChecksum: "a ZIP entry's inflated bytes do not match its CRC-32"
        case .sqliteUnreadable: "the SQLite database cannot be opened or its schema cannot be read"
        case .sqliteTableUnreadable: "a table of the SQLite database could not be read to its end"
        case .sqliteModuleUnavailable: "a virtual table of the SQLite database needs a module this tool's SQLite does not have"
        case .sqliteWAL: "a write-ahead log beside the database holds changes that are not read"
        case .sqliteNested: "an SQLite database inside a ZIP file or another database is not searched"
        case .sqliteCellGone: "the database row or cell named by a place does not exist"
        case .backupEncrypted: "the iOS backup is encrypted; its files are not decrypted"
        case .backupManifestUnreadable: "the iOS backup's Manifest.db cannot be opened or read to its end"
        case .backupMBDBDamaged: "the iOS backup's Manifest.mbdb is cut short or malformed"
        case .backupFileMissing: "files named by the iOS backup's manifest are missing from the folder"
        case .backupNotAFile: "where the iOS backup's manifest names a file, the folder holds a folder, link or other non-file"
        case .backupBadFileID: "a file id in the iOS backup's manifest is not 40 hex digits"
        case .backupFileIDMismatch: "a file id in the iOS backup's manifest is not the SHA-1 of its domain and path"
        case .backupOddName: "a domain or path in the iOS backup's manifest is not UTF-8 or holds control characters"
        }
    }
}

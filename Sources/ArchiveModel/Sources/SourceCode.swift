/// The diagnostics of sources of archives (folders, ZIP files, SQLite databases): what could not be
/// read, and where a limit stopped the listing. Explanations are in `SourceCode+Explanations.swift`.
public enum SourceCode: String, DiagnosticCatalog {
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

    public var severity: Severity {
        switch self {
        case .symlinkOutside, .symlinkLoop, .sqliteWAL, .sqliteNested, .sqliteModuleUnavailable: .note
        case .folderUnreadable, .entryLimit, .depthLimit, .zipMethod, .zipEncrypted: .warning
        default: .error
        }
    }

    public var summary: String {
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
        }
    }
}

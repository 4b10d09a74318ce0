import ArchiveCore

extension SourceCode {
    /// The `--explain` paragraph: what it means, what usually causes it, what to do.
    package var explanation: String {
        switch self {
        case .folderUnreadable:
            "A file or folder inside the source could not be opened or listed (permission denied, a file removed while the folder was searched, an I/O error). It is left out of the list; the message names it and gives the system's reason. Everything else in the source is listed. Run the tool as a user who may read it, or copy the evidence first."
        case .symlinkOutside:
            "A symbolic link inside the folder points to a place outside the folder that was opened (or nowhere). archive-browse searches only the folder it was given, so links that lead out of it are not followed: a backup or image mounted from elsewhere could otherwise pull in the analyst's own files. Open the link's target directly to see its archives."
        case .symlinkLoop:
            "A symbolic link leads to a folder that the search has already visited (a link to a parent, or two links to each other). Following it again would list the same archives forever, so it is not followed; the archives are listed once, under their first path."
        case .entryLimit:
            "The source holds more archives, ZIP entries or files than one listing takes (the message gives the limit and how many more were seen). The listing shows the first ones in the order they were found; the rest are counted, not listed. Open a subfolder, a single file, or query the database for the rows you want, to see the others."
        case .depthLimit:
            "Folders, or containers inside containers (a ZIP inside a ZIP inside a folder), are nested deeper than the search goes. What lies deeper is not listed; the limit bounds the work a hostile source (a ZIP quine, a folder nested a thousand deep) can cause. Open the deeper folder or container directly."
        case .zipDamaged:
            "A ZIP file ends with a central directory (its table of contents, found through the end-of-central-directory record). Here that record is missing, cut or points outside the file, so the entries were found instead by scanning for local file headers (PK 03 04) from the start, as recovery tools do. Entries found this way are listed; names, sizes or entries the directory alone described may be missing. A file cut short (an interrupted download or copy) is the usual cause."
        case .zipEntryDamaged:
            "A ZIP entry's local header does not match its central-directory record, lies outside the file, or its compressed data cannot be inflated to the end (zlib's message is given). The entry is listed; when it is opened, what inflated before the damage is decoded."
        case .zipMethod:
            "The entry is compressed with a method other than stored (0) or deflate (8): deflate64, bzip2, LZMA, zstd or another. archive-browse inflates only those two, which are what Apple's tools and iOS app packages use. Extract the entry with a tool that supports the method and open the file."
        case .zipEncrypted:
            "The entry's general-purpose flag says it is encrypted (traditional PKWARE or AES encryption). Its bytes are not the archive in the clear, so it is not opened, and it cannot be told by its first bytes whether it holds an archive. Decrypt the ZIP first (with its password), then open the decrypted copy."
        case .zipBomb:
            "Inflating the entry stopped at the size limit (the larger of 16 MiB and 200 times the entry's compressed size, at most 1 GiB), or its declared size is past that limit: a decompression bomb, or an archive too large to inflate here. The entry is listed with its declared size; opening it decodes the bytes inflated up to the limit."
        case .zipChecksum:
            "The bytes inflated from the entry do not have the CRC-32 its central-directory record gives. The compressed data or the record is damaged (a flipped bit, a partial overwrite). The archive is still decoded from the inflated bytes; its own diagnostics say what in it is broken."
        case .sqliteUnreadable:
            "SQLite could not open the file as a database or read its schema (sqlite_master): the message gives SQLite's own words, such as \"database disk image is malformed\" or \"file is not a database\". The database is opened read-only and immutable, so nothing is written to it, and no journal, WAL or shared-memory file is created. When the schema cannot be read no table can be searched; recover the database (sqlite3's .recover) into a copy and open that."
        case .sqliteTableUnreadable:
            "Reading a table stopped with an SQLite error (often \"database disk image is malformed\" on a damaged page). The rows read before the error are listed; the rest of the table is not. Other tables are searched as usual. sqlite3's .recover on a copy may get more rows back."
        case .sqliteModuleUnavailable:
            "The table is a virtual table (CREATE VIRTUAL TABLE … USING MODULE): its rows are made by code that the program which wrote the database registers with its SQLite, such as Apple's VirtualBufferReaderModule in a Photos library. This tool's SQLite does not have that module, so the table cannot be read. That is not damage: a virtual table stores nothing of its own in its rows (what it shows lives in ordinary tables, which are searched as usual), and the rest of the database is listed in full. The message names the module."
        case .sqliteWAL:
            "A file named like the database with -wal appended sits beside it: a write-ahead log whose changes SQLite would apply on top of the database. To read the database without writing anything (no -shm file created, no checkpoint), archive-browse opens it immutable, which reads the database file alone: rows added or changed in the log are not listed. To see them, copy the database, its -wal and -shm to another folder and open the copy."
        case .sqliteNested:
            "The source holds an SQLite database inside a ZIP file or inside another container, which SQLite can read only from a file. It is not searched, and nothing is written to disk to make that possible (a source is never copied behind the analyst's back). Extract it to a file and open that."
        case .sqliteCellGone:
            "The place names a table, column or rowid that the database does not have (or no longer has: the row was deleted). Nothing is opened. Check the place against the listing of the database (`--check` or the browser list every value that holds an archive, with its place)."
        case .backupEncrypted, .backupManifestUnreadable, .backupMBDBDamaged, .backupFileMissing, .backupNotAFile, .backupBadFileID,
             .backupFileIDMismatch, .backupOddName:
            backupExplanation
        }
    }
}

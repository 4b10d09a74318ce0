import ArchiveCore

extension SourceCode {
    /// The `--explain` paragraph of an iOS backup's diagnostics (docs/BACKUPS.md).
    var backupExplanation: String {
        switch self {
        case .backupEncrypted:
            "The backup's Manifest.plist says IsEncrypted: every file in it is encrypted with keys from the backup keybag, which only the backup's password unlocks. archive-browse never decrypts, so no file's archives are listed. What stays readable is listed: Info.plist, Manifest.plist and Status.plist; from a Manifest.db that is not encrypted (backups made before iOS 10.2) its Files.file values, each an MBFile archive naming one file's domain, path, size and times; from a Manifest.mbdb (iOS 5 to 9, never encrypted) the count of files. Since iOS 10.2 Manifest.db itself is encrypted, and the message says so. Decrypt the backup with its password (a forensic suite, or iphone_backup_decrypt) into a new folder, and open that."
        case .backupManifestUnreadable:
            "Manifest.db is the index of an iOS 10 or later backup: one row per file, naming its domain, path and the file id its copy is stored under. Here it is not an SQLite database (it does not start with \"SQLite format 3\"; an encrypted backup's Manifest.db looks so, but then Manifest.plist says IsEncrypted), or SQLite stopped reading its Files table (a damaged page: SQLite's message is given, often \"database disk image is malformed\"). The files of the rows read before the damage are listed; the rest cannot be found, since their copies are named only by hashes. Run sqlite3's .recover on a copy of Manifest.db, put the recovered copy in a copy of the backup folder, and open that."
        case .backupMBDBDamaged:
            "Manifest.mbdb is the index of an iOS 5 to 9 backup: after the header mbdb 05 00, one variable-length record per file (five length-prefixed strings, the mode, inode, owner, times, size, protection class and properties). Here the header is wrong, or a record runs past the end of the file (a copy cut short, or bytes overwritten so that a length is wrong). The range given is that of the record where reading stopped; every record before it is listed as usual."
        case .backupFileMissing:
            "The manifest names a file (domain and path) whose copy, named by its file id in a folder of the id's first two hex digits (or at the top, in backups before iOS 10), is not in the backup folder: the backup was copied in part, the copy was deleted, or the backup was interrupted. The message gives the first such file and how many more there are; the others are listed as usual. The manifest's own record of the file (Manifest.db's Files.file, an MBFile archive) still gives its size and times."
        case .backupNotAFile:
            "Where the manifest names a file, the backup folder holds a folder, a symbolic link, or something that is not a regular file (a named pipe, a socket, a device). A backup stores each file's copy as a regular file, so this is not how iTunes or Finder wrote it: the folder was changed afterwards, or it is crafted. A link is never followed (it could lead out of the backup or round in a loop), a named pipe is never opened (it could block). The message gives the first case and how many more there are."
        case .backupBadFileID:
            "A manifest row's fileID is not 40 hex digits, the SHA-1 every backup names its copies by. It is not made into a path (a crafted id such as ../../x could otherwise name a file outside the backup), so the row's file is not read. The rest of the manifest is read as usual."
        case .backupFileIDMismatch:
            "A manifest row's fileID is not the SHA-1 of its domain, a hyphen and its relative path, which is how iOS names every file of a backup. The row was edited (its domain or path changed, or its id), or the manifest was written by another tool. The copy the row names by its id is read and listed under the row's domain and path; the message gives both ids, so the file the id belongs to can be looked for."
        case .backupOddName:
            "A domain or relative path in the manifest is not UTF-8 or holds control characters (such as an escape, which could recolour a terminal). iOS writes UTF-8 names, so this points to an edited or crafted manifest. The file is listed as usual, its name shown escaped (\\xff, \\e) everywhere text is printed, and written escaped in JSON."
        default:
            ""
        }
    }
}

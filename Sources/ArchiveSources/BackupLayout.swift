import ArchiveCore
import ArchiveDocuments

/// The layout of an iOS (iTunes, Finder) backup folder (docs/BACKUPS.md): `Manifest.db` (iOS 10 and
/// later) or `Manifest.mbdb` (iOS 5 to 9) beside `Info.plist` and `Status.plist`, `Manifest.plist`
/// with `IsEncrypted`, and each file's copy named by its `fileID` (SHA-1 of `Domain-relativePath`),
/// in a folder named by the id's first two hex digits (iOS 10 and later) or at the top.
enum BackupLayout {
    static let manifestDB = "Manifest.db"
    static let manifestMBDB = "Manifest.mbdb"
    static let infoPlist = "Info.plist"
    static let statusPlist = "Status.plist"
    static let manifestPlist = "Manifest.plist"
    /// The plists at the top of a backup, listed as archives of their own.
    static let topPlists = [infoPlist, manifestPlist, statusPlist]
    /// The most of Manifest.plist read to learn whether the backup is encrypted.
    static let manifestPlistLimit = 64 << 20

    /// `root/name`.
    static func path(_ root: [UInt8], _ name: String) -> [UInt8] {
        var base = root
        while base.count > 1, base.last == UInt8(ascii: "/") { base.removeLast() }
        return base + [UInt8(ascii: "/")] + Array(name.utf8)
    }

    /// Whether the folder `root` is a backup: a regular Manifest.db or Manifest.mbdb beside a
    /// regular Info.plist or Status.plist.
    static func isBackup(_ root: [UInt8]) -> Bool {
        func isFile(_ name: String) -> Bool { Platform.pathStatus(path(root, name), followLinks: true)?.kind == .regular }
        return (isFile(manifestDB) || isFile(manifestMBDB)) && (isFile(infoPlist) || isFile(statusPlist))
    }

    /// Whether Manifest.plist says `IsEncrypted` true; false when it says false, is missing or unreadable.
    static func isEncrypted(_ root: [UInt8]) -> Bool {
        let file = path(root, manifestPlist)
        guard let status = Platform.pathStatus(file, followLinks: true), status.kind == .regular, status.size <= manifestPlistLimit,
              let input = try? InputBytes.read(path: file) else { return false }
        let document = ArchiveDocument.open(input, name: "Manifest.plist")
        guard case .success(let found) = SourceExport.extractedJSON(document, ["IsEncrypted"]) else { return false }
        return found.json == "true"
    }

    /// Whether `id` is a file id: 40 hex digits (so it names a file inside the folder, never a path).
    static func isFileID(_ id: [UInt8]) -> Bool {
        id.count == 40 && id.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) }
    }

    /// Where the copy of the file `id` is looked for: `root/ab/abcdef…` (iOS 10 and later), then
    /// `root/abcdef…` (earlier backups). Nil when `id` is no file id.
    static func candidates(_ root: [UInt8], fileID id: [UInt8]) -> [[UInt8]]? {
        guard isFileID(id) else { return nil }
        let name = String(decoding: id, as: UTF8.self)
        return [path(root, String(name.prefix(2)) + "/" + name), path(root, name)]
    }

    /// The copy of the file `id` that exists (as anything: the caller judges what it is), or the
    /// first candidate when none does. Nil when `id` is no file id.
    static func copyPath(_ root: [UInt8], fileID id: [UInt8]) -> [UInt8]? {
        guard let candidates = candidates(root, fileID: id) else { return nil }
        return candidates.first { Platform.pathStatus($0, followLinks: false) != nil } ?? candidates.first
    }
}

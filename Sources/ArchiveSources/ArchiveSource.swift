import ArchiveCore

/// A place holding many archives: a folder (searched recursively, Xcode's `.nib`, `.storyboardc`,
/// `.xcarchive` and `.app` folders among them), a ZIP-family file (`.zip`, `.ipa`), an SQLite
/// database (every table and column whose values start like an archive), or an iOS backup folder
/// (its files found through its manifest, docs/BACKUPS.md). Detected by content.
///
/// Listing reads only what it must (directory entries, the first bytes of each file, a ZIP's central
/// directory, the first bytes of each database value); `extract(_:)` reads one archive's bytes. Nothing
/// is ever written to a source: files are opened read-only, databases read-only and immutable.
package final class ArchiveSource: Sendable {
    /// What the source is.
    package enum Kind: Hashable, Sendable, CustomStringConvertible {
        /// A folder; `flavor` names the Xcode folders (`nib folder`, `storyboard`, `Xcode archive`, `app bundle`).
        case folder(flavor: String)
        case zip
        case sqlite
        /// An iOS backup folder (docs/BACKUPS.md), `encrypted` when its Manifest.plist says so.
        case backup(encrypted: Bool)

        package var description: String {
            switch self {
            case .folder(let flavor): flavor
            case .zip: "ZIP file"
            case .sqlite: "SQLite database"
            case .backup(let encrypted): encrypted ? "encrypted iOS backup" : "iOS backup"
            }
        }
    }

    /// The path as given (bytes of the name).
    package let path: [UInt8]
    /// The path escaped for display.
    package let displayName: String
    package let kind: Kind
    /// The archives found, in place order.
    package let entries: [SourceEntry]
    /// What could not be read, and limits reached, while listing.
    package let diagnostics: [Diagnostic]
    let cache: SourceCache

    init(path: [UInt8], kind: Kind, entries: [SourceEntry], diagnostics: [Diagnostic], cache: SourceCache) {
        self.path = path
        displayName = DisplayText.escape(bytes: path)
        self.kind = kind
        self.entries = entries
        self.diagnostics = diagnostics
        self.cache = cache
    }

    /// What `path` is as a source, judged by content: a folder (an iOS backup when it holds a
    /// manifest beside Info.plist or Status.plist), a ZIP file or an SQLite database; nil for anything
    /// else (a single archive, or a file that cannot be read).
    package static func kind(of path: [UInt8]) -> Kind? {
        guard let status = Platform.pathStatus(path, followLinks: true) else { return nil }
        if status.kind == .directory {
            if BackupLayout.isBackup(path) { return .backup(encrypted: BackupLayout.isEncrypted(path)) }
            return .folder(flavor: folderFlavor(path))
        }
        guard status.kind == .regular, let head = Platform.head(of: path, count: 16) else { return nil }
        switch SourceSniffer.classify(head: head) {
        case .zip: return .zip
        case .sqlite: return .sqlite
        default: return nil
        }
    }

    /// The source at `path`, listed; nil when `path` is not a source (see `kind(of:)`).
    package static func open(path: [UInt8], limits: SourceLimits = .standard) -> ArchiveSource? {
        guard let kind = kind(of: path) else { return nil }
        var scanner = SourceScanner(limits: limits)
        switch kind {
        case .folder: scanner.scanFolder(root: path)
        case .zip: scanner.scanFile(path: path, place: SourcePlace([]), depth: 0, name: path)
        case .sqlite: scanner.scanDatabase(path: path, place: SourcePlace([]))
        case .backup(let encrypted): scanner.scanBackup(root: path, encrypted: encrypted)
        }
        return ArchiveSource(path: path, kind: kind, entries: scanner.sortedEntries(), diagnostics: scanner.finish(), cache: scanner.cache)
    }

    /// The kind of folder, from its name: Xcode writes `.nib` folders (one nib per platform version),
    /// `.storyboardc` folders (a nib per scene and an Info.plist), `.xcarchive` and `.app` bundles.
    static func folderFlavor(_ path: [UInt8]) -> String {
        var trimmed = path
        while trimmed.count > 1, trimmed.last == UInt8(ascii: "/") { trimmed.removeLast() }
        let name = String(decoding: trimmed, as: UTF8.self).lowercased()
        for (suffix, flavor) in [(".nib", "nib folder"), (".storyboardc", "compiled storyboard"), (".xcarchive", "Xcode archive"), (".app", "app bundle")]
        where name.hasSuffix(suffix) { return flavor }
        return "folder"
    }
}

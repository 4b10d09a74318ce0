import ArchiveCore
import ArchiveDocuments

/// Finding an archive by a place written as text (`--dump chat.db:message.attributedBody:1234`,
/// `--dump App.ipa:Payload/App.app/Info.plist`), without listing the whole source when the place
/// can be read directly.
extension ArchiveSource {
    /// The source at `path` without its listing (for reading one place), or nil when it is no source.
    package static func unlisted(path: [UInt8]) -> ArchiveSource? {
        guard let kind = kind(of: path) else { return nil }
        return ArchiveSource(path: path, kind: kind, entries: [], diagnostics: [], cache: SourceCache())
    }

    /// A command-line argument naming an archive inside a source, split into the source's path and
    /// the place text after it: the shortest prefix ending before a `:` that is a ZIP file, a
    /// database or an iOS backup (a folder's files are paths already). nil when no prefix is one.
    package static func split(argument: [UInt8]) -> (source: [UInt8], place: [UInt8])? {
        for (i, b) in argument.enumerated() where b == UInt8(ascii: ":") && i > 0 {
            let prefix = Array(argument[..<i])
            switch kind(of: prefix) {
            case .zip?, .sqlite?, .backup?: return (prefix, Array(argument[(i + 1)...]))
            default: continue
            }
        }
        return nil
    }

    /// The place named by `text` in this source: read directly as one step (a ZIP entry name, a
    /// database's `table.column:rowid` whose table and column hold no `.`), or else found among the
    /// listed archives by its text (which lists the source when it was opened `unlisted`).
    package func place(named text: [UInt8]) -> SourcePlace? {
        if let direct = directPlace(text), extract(direct).input != nil { return direct }
        let listed = entries.isEmpty ? (Self.open(path: path)?.entries ?? []) : entries
        let wanted = String(decoding: text, as: UTF8.self)
        return listed.first { $0.place.text == wanted }?.place
    }

    private func directPlace(_ text: [UInt8]) -> SourcePlace? {
        switch kind {
        case .folder: return SourcePlace([.path(text)])
        case .zip: return SourcePlace([.zipEntry(text)])
        case .sqlite:
            return Self.cellStep(text).map { SourcePlace([$0]) }
        case .backup:
            return backupPlace(text)
        }
    }

    /// `table.column:rowid` as a cell step (table and column holding no `.`), or nil.
    static func cellStep(_ text: [UInt8]) -> ArchivePlace? {
        let string = String(decoding: text, as: UTF8.self)
        guard let colon = string.lastIndex(of: ":"), let rowid = Int64(string[string.index(after: colon)...]) else { return nil }
        let name = string[..<colon]
        guard let dot = name.firstIndex(of: ".") else { return nil }
        return .cell(table: String(name[..<dot]), column: String(name[name.index(after: dot)...]), rowid: rowid)
    }
}

extension ArchiveSource {
    /// Whether something exists at `path` (a file, folder or anything else; links followed).
    package static func exists(_ path: [UInt8]) -> Bool { Platform.pathStatus(path, followLinks: true) != nil }
}

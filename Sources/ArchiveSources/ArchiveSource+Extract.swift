import ArchiveCore
import ArchiveDocuments

/// Reading one archive out of a source by its place, step by step: a folder's file, a ZIP file's
/// entry (its directory read once and kept), a database cell (through a pooled read-only connection).
extension ArchiveSource {
    /// One archive's bytes as read from the source, with the problems met reading them.
    package struct Extraction: Sendable {
        /// The bytes; nil when nothing could be read (see `failure`).
        package var input: InputBytes?
        /// Problems with the container around the archive (a damaged ZIP entry, a CRC mismatch).
        package var problems: [Diagnostic]
        /// Why nothing was read, escaped for display.
        package var failure: String?
    }

    /// Where the walk has got to.
    private enum Container {
        case folder([UInt8])
        case file([UInt8])
        case bytes(InputBytes)
    }

    /// The bytes of the archive at `place`.
    package func extract(_ place: SourcePlace) -> Extraction {
        var container: Container
        switch kind {
        case .folder, .backup: container = .folder(path)
        case .zip, .sqlite: container = .file(path)
        }
        var problems: [Diagnostic] = []
        func failed(_ why: String) -> Extraction { Extraction(input: nil, problems: problems, failure: why) }
        for (i, step) in place.steps.enumerated() {
            let prefix = Array(place.steps.prefix(i))
            switch (container, step) {
            case (.folder(let directory), .path(let relative)):
                guard Self.isSafeRelative(relative) else { return failed("\(DisplayText.escape(bytes: relative)) is not a path inside the folder") }
                container = .file(directory + [UInt8(ascii: "/")] + relative)
            case (.folder(let root), .backupFile(_, _, let fileID)):
                guard let copy = BackupLayout.copyPath(root, fileID: Array(fileID.utf8)) else { return failed("\(DisplayText.escape(fileID)) is not a backup file id") }
                guard let status = Platform.pathStatus(copy, followLinks: false) else { return failed(Self.missing(step)) }
                guard status.kind == .regular else { return failed("the backup's copy of \(step.description) is not a regular file") }
                container = .file(copy)
            case (.file(let file), .zipEntry):
                guard let index = zipIndex(at: prefix, read: { () throws(InputBytes.ReadError) in try InputBytes.read(path: file) }) else {
                    return failed("cannot read \(DisplayText.escape(bytes: file))")
                }
                guard let bytes = entryBytes(index, step, &problems) else { return failed(Self.missing(step)) }
                container = .bytes(bytes)
            case (.bytes(let input), .zipEntry):
                guard let index = zipIndex(at: prefix, read: { input }) else { return failed("not a ZIP file") }
                guard let bytes = entryBytes(index, step, &problems) else { return failed(Self.missing(step)) }
                container = .bytes(bytes)
            case (.file(let file), .cell(let table, let column, let rowid)):
                do {
                    let bytes = try cache.withDatabase(file) { (db) throws(SQLiteDatabase.Failure) in
                        try SourceScanner.cellBytes(db, table, column, rowid)
                    }
                    guard let bytes else {
                        problems.append(Diagnostic(SourceCode.sqliteCellGone, "the database has no value at \(step.description): no such table, column or row"))
                        return failed(Self.missing(step))
                    }
                    container = .bytes(InputBytes(bytes))
                } catch {
                    let code: SourceCode = error.message.hasPrefix("no such") ? .sqliteCellGone : .sqliteTableUnreadable
                    problems.append(Diagnostic(code, "the value at \(step.description) cannot be read: \(DisplayText.escape(error.message))"))
                    return failed("cannot read \(step.description): \(DisplayText.escape(error.message))")
                }
            default:
                return failed("\(place.displayText) names no archive in this \(kind)")
            }
        }
        switch container {
        case .bytes(let input): return Extraction(input: input, problems: problems, failure: nil)
        case .file(let file):
            do { return Extraction(input: try InputBytes.read(path: file), problems: problems, failure: nil) } catch { return failed(error.description) }
        case .folder: return failed("\(place.displayText) is a folder")
        }
    }

    private static func missing(_ step: ArchivePlace) -> String {
        switch step {
        case .cell: "no value at \(step.description) (no such table, column or row)"
        case .zipEntry: "no entry \(step.description) in the ZIP file"
        case .path: "no file \(step.description)"
        case .backupFile(_, _, let fileID): "no copy of \(step.description) (file id \(fileID)) in the backup"
        default: "no archive at \(step.description)"
        }
    }

    /// The directory of the ZIP file at `key`, read (and cached) on first use.
    private func zipIndex(at key: [ArchivePlace], read: () throws(InputBytes.ReadError) -> InputBytes) -> SourceCache.ZIPIndex? {
        if let index = cache.zip(at: key) { return index }
        guard let input = try? read() else { return nil }
        let directory = ZIPDirectory(input, limit: SourceLimits.standard.zipEntries)
        var entries: [[UInt8]: ZIPEntry] = [:]
        for entry in directory.entries where entries[entry.name] == nil { entries[entry.name] = entry }
        let index = SourceCache.ZIPIndex(input: input, entries: entries)
        cache.store(index, at: key)
        return index
    }

    private func entryBytes(_ index: SourceCache.ZIPIndex, _ step: ArchivePlace, _ problems: inout [Diagnostic]) -> InputBytes? {
        guard case .zipEntry(let name) = step, let entry = index.entries[name] else { return nil }
        let data = ZIPDirectory.data(of: entry, in: index.input)
        problems += data.problems
        return data.unreadable ? nil : InputBytes(data.bytes)
    }

    /// The database file whose cells are at `steps` (a place without its final cell): the source
    /// itself, a folder's file, or a backup file's copy; nil for anything else (a ZIP entry).
    func databaseFile(at steps: [ArchivePlace]) -> [UInt8]? {
        switch (kind, steps.first, steps.count) {
        case (.sqlite, nil, 0): return path
        case (.folder, .path(let relative)?, 1), (.backup, .path(let relative)?, 1):
            return Self.isSafeRelative(relative) ? path + [UInt8(ascii: "/")] + relative : nil
        case (.backup, .backupFile(_, _, let fileID)?, 1): return BackupLayout.copyPath(path, fileID: Array(fileID.utf8))
        default: return nil
        }
    }

    /// A relative path that stays inside the folder: not absolute, no `..` step, no NUL.
    static func isSafeRelative(_ path: [UInt8]) -> Bool {
        guard path.first != UInt8(ascii: "/"), !path.contains(0) else { return false }
        return !path.split(separator: UInt8(ascii: "/")).contains { $0.elementsEqual([0x2E, 0x2E]) }
    }
}

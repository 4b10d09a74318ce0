import ArchiveModel

/// What one command-line argument names when sources are involved: a file as before, a source of
/// archives (a folder, ZIP file or SQLite database), or one archive inside a source (`chat.db:t.c:12`).
enum SourceTarget {
    case file(InputSource)
    case source([UInt8])
    case place(ArchiveSource, [UInt8])

    /// The targets of `files`, or nil when none is a source or a place in one (the file modes then
    /// run exactly as before).
    static func targets(for files: [String]) -> [SourceTarget]? {
        let inputs = InputSource.sources(for: files)
        var any = false
        let targets = zip(files, RawArguments.bytes(of: files)).enumerated().map { i, pair -> SourceTarget in
            let (text, bytes) = pair
            if text == "-" { return .file(inputs[i]) }
            if ArchiveSource.kind(of: bytes) != nil { any = true; return .source(bytes) }
            if !ArchiveSource.exists(bytes), let (path, place) = ArchiveSource.split(argument: bytes), let source = ArchiveSource.unlisted(path: path) {
                any = true
                return .place(source, place)
            }
            return .file(inputs[i])
        }
        return any ? targets : nil
    }
}

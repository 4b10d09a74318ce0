import ArchiveModel

/// What one command-line argument names: a file (or standard input, or the demo), a source of
/// archives (a folder, ZIP file or SQLite database), or one archive inside a source (`chat.db:t.c:12`).
enum SourceTarget {
    case file(InputSource)
    case source([UInt8])
    case place(ArchiveSource, [UInt8])

    /// What each of `files` names: `-` and a path that is not a source are files, as before.
    static func all(for files: [String]) -> [SourceTarget] {
        let inputs = InputSource.sources(for: files)
        return zip(files, RawArguments.bytes(of: files)).enumerated().map { i, pair -> SourceTarget in
            let (text, bytes) = pair
            if text == "-" { return .file(inputs[i]) }
            if ArchiveSource.kind(of: bytes) != nil { return .source(bytes) }
            if !ArchiveSource.exists(bytes), let (path, place) = ArchiveSource.split(argument: bytes), let source = ArchiveSource.unlisted(path: path) {
                return .place(source, place)
            }
            return .file(inputs[i])
        }
    }
}

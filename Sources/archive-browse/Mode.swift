import ArchiveModel

/// What one run of `archive-browse` does: exactly one mode, chosen once from the parsed flags
/// (`Invocation.init(_:)`, where every combination of flags is checked) and run by one `switch`
/// (`Invocation.run()`). The flags stay the command line's interface (`--check`, `--unarchive json`, …);
/// this type is the exclusive choice they make, so no mode is reached by falling through another's test.
enum Mode {
    /// `--explain ID`: what a diagnostic id means.
    case explain(id: String)
    /// `--audit`: the classes decoding would instantiate and the allow-list prediction.
    case audit(AuditMode)
    /// `--unarchive`, `--extract`, `--classes`, `--diff`: the archive as a plain document, or what it holds.
    case export(ExportRequest)
    /// `--salvage OUT`, `--repair OUT`: a new file from a damaged one.
    case rescue(RescueRequest)
    /// `--check`: the diagnostics of every input, one path for files, several files and sources.
    case check(grouped: Bool)
    /// `--json`: one JSON document per input (JSON Lines over several, with a summary).
    case json
    /// `--dump`: the decoded tree as text.
    case dump(grouped: Bool, fullValues: Bool)
    /// `--screen COLSxROWS [--keys KEYS]`: the browser rendered headlessly; `columns` on a database.
    case screen(size: String, keys: String, columns: [String]?)
    /// No mode flag: the interactive browser; `columns` on a database.
    case browse(columns: [String]?)
}

/// `--audit`'s options.
struct AuditMode {
    /// `--allowed-classes` as given (a list, or `@FILE`), nil when not given.
    var allowedClasses: String?
    var json: Bool
    var grouped: Bool
}

/// An export mode and the options that choose which archives of a source it writes.
struct ExportRequest {
    var kind: ExportMode
    /// `--columns a,b` as names, nil when not given (the option given empty is an empty list).
    var columns: [String]?
    /// `--where PATTERN`, nil when not given.
    var wherePattern: String?
}

/// The export modes: one at a time.
enum ExportMode {
    /// `--unarchive FORMAT`.
    case unarchive(ExportFormat)
    /// `--extract KEYPATH`, the path parsed into its components.
    case extract(path: [String])
    /// `--classes [--json]`.
    case classes(json: Bool)
    /// `--diff OTHER [--json]`: OTHER as typed (`-` for standard input).
    case diff(other: String, json: Bool)
}

/// What `--unarchive` writes.
enum ExportFormat: String {
    case json, xml1, binary1
    static let allNames = ["json", "xml1", "binary1"]
}

/// `--salvage OUT` or `--repair OUT` with their options.
struct RescueRequest {
    var kind: CLIModes.RescueKind
    /// OUT's bytes as the shell passed them (a name that is not UTF-8 is kept as typed).
    var output: [UInt8]
    var force: Bool
    /// `--json`: the report as one JSON document on standard output.
    var json: Bool
    var side: MergeConflicts.Side?
}

/// The inputs a mode reads: the files (or sources, or places in sources) named on the command line,
/// or the built-in demo archive.
enum Inputs {
    case files([String])
    case demo(corrupt: Bool)

    /// The inputs as files, standard input or the demo (what modes that read one file open).
    var sources: [InputSource] {
        switch self {
        case .files(let files): InputSource.sources(for: files)
        case .demo(let corrupt): [.demo(corrupt: corrupt)]
        }
    }

    /// Every input as what it names: a file, a source of archives or a place in one; the demo is a file.
    var targets: [SourceTarget] {
        switch self {
        case .files(let files): SourceTarget.all(for: files)
        case .demo(let corrupt): [.file(.demo(corrupt: corrupt))]
        }
    }
}

import ArchiveModel
import ArgumentParser
import TUI

/// The export modes' arguments: `--unarchive`, `--extract`, `--classes`, `--diff` (one at a time, on
/// one file; `--json` goes with `--classes` and `--diff`).
extension ArchiveBrowseCommand {
    var exportModeCount: Int { [unarchive != nil, extract != nil, classes, diff != nil].filter { $0 }.count }

    func validateExport() throws {
        if exportModeCount > 1 { throw ValidationError("choose one of --unarchive, --extract, --classes, --diff") }
        if dump || check || screen != nil || keys != nil || fullValues || noGroup {
            throw ValidationError("--unarchive, --extract, --classes and --diff do not go with --dump, --check, --screen, --keys, --full-values or --no-group")
        }
        if json && (unarchive != nil || extract != nil) {
            throw ValidationError("--json goes with --classes and --diff; --unarchive json writes the document as JSON, --extract writes a subtree as JSON")
        }
        if let unarchive, !ExportFormat.allNames.contains(unarchive) {
            throw ValidationError("--unarchive takes json, xml1 or binary1 (got \(DisplayText.escape(unarchive)))")
        }
        if let extract, KeyPath.parse(extractForm: extract) == nil {
            throw ValidationError("--extract: a backslash in a key path escapes only . or \\ (got \(DisplayText.escape(extract)))")
        }
        if demo {
            if files.count > 1 || files.contains(where: { $0 != "corrupt" }) { throw ValidationError("--demo takes no file; use 'corrupt' for the damaged demo") }
            return
        }
        if files.isEmpty { throw ValidationError("missing FILE (or use --demo)") }
        if files.count > 1 {
            throw ValidationError(diff != nil ? "--diff compares two files: --diff A B" : "this mode takes one file (\(files.count) given)")
        }
        if diff == "-" && files == ["-"] { throw ValidationError("standard input (-) can be read only once") }
    }

    /// `--columns a,b` as names, blanks dropped.
    var columnNames: [String] {
        (columns ?? "").split(separator: ",").map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }.filter { !$0.isEmpty }
    }

    /// Opens the input(s) and runs the export mode; the exit status.
    func runExport(_ sources: [InputSource], _ out: FileOutput) -> Int32 {
        guard let source = sources.first else { return 2 }
        // FILE may be a place inside a source (`chat.db:message.attributedBody:12`, `App.ipa:Payload/…`).
        let file = demo ? nil : files.first
        if let diff {
            let other: InputSource = diff == "-" ? .standardInput : .file(RawArguments.bytes(of: [diff]).first ?? Array(diff.utf8))
            guard let a = Self.open(diff, other), let b = Self.open(file, source) else { return 2 }
            return CLIModes.diff(a, b, json: json, out)
        }
        // A whole source: one JSON Lines record per archive (`--unarchive`, `--extract`, `--classes`); with
        // xml1 and binary1 the record holds the plist as a string (base64 for binary1).
        if let file, case .source(let path)? = SourceTarget.targets(for: [file])?.first {
            if let extract, let components = KeyPath.parse(extractForm: extract) {
                return CLIModes.exportSource(path, columns: columnNames, content: .value(at: components), filter: wherePattern.map(SearchMatcher.init), out)
            }
            if unarchive == nil && extract == nil {
                return CLIModes.exportSource(path, columns: columnNames, content: .classes, filter: wherePattern.map(SearchMatcher.init), out)
            }
            let content: SourceExport.Content = switch ExportFormat(rawValue: unarchive ?? "json") {
            case .xml1: .xml1
            case .binary1: .binary1(searchingDocument: wherePattern != nil)
            case .json, nil: .document
            }
            return CLIModes.exportSource(path, columns: columnNames, content: content, filter: wherePattern.map(SearchMatcher.init), out)
        }
        if columns != nil || wherePattern != nil {
            FileOutput.standardError.write("archive-browse: --columns and --where go with --unarchive, --extract or --classes over a source\n")
            return 2
        }
        guard let document = Self.open(file, source) else { return 2 }
        if let unarchive, let format = ExportFormat(rawValue: unarchive) { return CLIModes.unarchive(document, format: format, out) }
        if let extract, let components = KeyPath.parse(extractForm: extract) { return CLIModes.extract(document, path: components, out) }
        return CLIModes.classes(document, json: json, out)
    }
}

extension ArchiveBrowseCommand {
    /// The archive an export argument names: a place inside a source, or the input as before. A whole
    /// source (a folder, ZIP file or database) is refused: export one archive of it by its place.
    static func open(_ argument: String?, _ input: InputSource) -> ArchiveDocument? {
        guard let argument, argument != "-", let target = SourceTarget.targets(for: [argument])?.first else { return input.openReporting() }
        switch target {
        case .file(let source): return source.openReporting()
        case .place(let source, let place): return CLIModes.openPlace(source, place)
        case .source:
            FileOutput.standardError.write("archive-browse: \(DisplayText.escape(argument)) is a source of archives (a folder, ZIP file or database); name one archive in it by its place, as --check lists them\n")
            return nil
        }
    }
}

/// What `--unarchive` writes.
enum ExportFormat: String {
    case json, xml1, binary1
    static let allNames = ["json", "xml1", "binary1"]
}

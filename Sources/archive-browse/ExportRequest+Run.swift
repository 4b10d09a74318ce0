import ArchiveModel
import TUI

/// Runs an export mode (`--unarchive`, `--extract`, `--classes`, `--diff`) on its one input: a file,
/// a place inside a source, or, for all but `--diff`, a whole source (one JSON Lines record per archive).
extension ExportRequest {
    /// Opens the input(s) and runs the export mode; the exit status.
    func run(_ inputs: Inputs, _ out: FileOutput) -> Int32 {
        // The input may be a place inside a source (`chat.db:message.attributedBody:12`, `App.ipa:Payload/…`).
        guard let target = inputs.targets.first else { return 2 }
        if case .diff(let other, let json) = kind {
            guard let otherTarget = SourceTarget.all(for: [other]).first else { return 2 }
            guard let a = CLIModes.openArchive(otherTarget), let b = CLIModes.openArchive(target) else { return 2 }
            return CLIModes.diff(a, b, json: json, out)
        }
        // A whole source: one JSON Lines record per archive (`--unarchive`, `--extract`, `--classes`); with
        // xml1 and binary1 the record holds the plist as a string (base64 for binary1).
        if case .source(let path) = target { return runOverSource(path, out) }
        if columns != nil || wherePattern != nil {
            FileOutput.standardError.write("archive-browse: --columns and --where go with --unarchive, --extract or --classes over a source\n")
            return 2
        }
        guard let document = CLIModes.openArchive(target) else { return 2 }
        switch kind {
        case .unarchive(let format): return CLIModes.unarchive(document, format: format, out)
        case .extract(let path): return CLIModes.extract(document, path: path, out)
        case .classes(let json): return CLIModes.classes(document, json: json, out)
        case .diff: return 2 // compared above
        }
    }

    /// The export over every archive of the source at `path`.
    private func runOverSource(_ path: [UInt8], _ out: FileOutput) -> Int32 {
        let filter = wherePattern.map(SearchMatcher.init)
        switch kind {
        case .extract(let components):
            return CLIModes.exportSource(path, columns: columns ?? [], content: .value(at: components), filter: filter, out)
        case .classes:
            return CLIModes.exportSource(path, columns: columns ?? [], content: .classes, filter: filter, out)
        case .unarchive(let format):
            let content: SourceExport.Content = switch format {
            case .xml1: .xml1
            case .binary1: .binary1(searchingDocument: wherePattern != nil)
            case .json: .document
            }
            return CLIModes.exportSource(path, columns: columns ?? [], content: content, filter: filter, out)
        case .diff: return 2 // --diff opens one archive on each side
        }
    }
}

import ArchiveModel
import TUI

/// `--unarchive json|xml1|binary1 SOURCE [--columns a,b]`, `--extract KEYPATH SOURCE` and `--classes SOURCE`
/// (issue 38, item 1): every archive of a folder, ZIP file, database or backup as one JSON Lines record
/// (`SourceExport`), on all cores, written in list order as each is done (memory holds a fixed window
/// of records, `SourceCheck.inOrder`). The source's own problems and a summary go to
/// standard error; the exit status is the worst, as `--check`'s over the source.
extension CLIModes {
    /// Archives between two updates of the progress line.
    static let progressEvery = 100

    /// `filter` (`--where`): only the records whose place, a column's value, or document (value) the
    /// pattern matches are written and counted (the browser's search engine: a regex, smart case).
    static func exportSource(_ path: [UInt8], columns: [String], content: SourceExport.Content, filter: SearchMatcher? = nil,
                             _ out: FileOutput) -> Int32 {
        guard let source = ArchiveSource.open(path: path) else {
            FileOutput.standardError.write("archive-browse: cannot read \(DisplayText.escape(bytes: path)) as a source of archives\n")
            return 2
        }
        var tally = SourceTally()
        tally.add(source: source)
        let err = FileOutput.standardError
        for line in CheckReport.lines(QuietNotes.shown(source.diagnostics)) { err.write("archive-browse: \(source.displayName): \(line)\n") }
        let entries = source.entries
        // On a terminal, a progress line on standard error, rewritten in place and cleared at the end.
        let progress = Platform.isTerminal(2) && entries.count >= progressEvery
        var passed = 0
        // Matched as each record is written (`Regex` is not shared between threads).
        SourceCheck.inOrder(count: entries.count, work: { SourceExport.record(source, entries[$0].place, columns: columns, content: content) }) { i, record in
            if filter.map({ record.searched.contains(where: $0.matches) }) ?? true {
                out.line(record.text)
                tally.add(status: record.status, format: record.format)
            } else {
                passed += 1
            }
            if progress, (i + 1) % progressEvery == 0 {
                out.flush()
                err.write("\rarchive-browse: \(i + 1) of \(entries.count) archives")
            }
            return true
        }
        out.flush()
        if progress { err.write("\r\u{1B}[K") }
        let skipped = filter == nil ? "" : " (\(English.count(passed, "other archive")) not matching --where)"
        err.write("archive-browse: \(source.displayName): exported \(tally.summary)\(skipped)\n")
        return tally.worst
    }
}

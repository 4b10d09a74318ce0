import ArchiveModel
import TUI

/// `--check`, `--json` and `--dump` over sources of archives (issue 27): per source a section for its
/// own problems, then one section (JSON line) per archive headed by its place, then a summary; the
/// archives are checked on all cores and reported in list order. The exit status is the worst.
extension CLIModes {
    static func check(_ targets: [SourceTarget], _ out: FileOutput, grouped: Bool) -> Int32 {
        var tally = SourceTally()
        for target in targets {
            switch target {
            case .file(let input):
                let checked = checkSection(input, out, grouped: grouped)
                tally.add(status: checked.status, format: checked.format)
            case .source(let path):
                guard let source = ArchiveSource.open(path: path) else { tally.add(status: 2, format: "unreadable"); continue }
                tally.add(source: source)
                for line in SourceReport.sourceSection(source, grouped: grouped) { out.line(line) }
                SourceCheck.checkAll(source) { i, result in
                    for line in SourceReport.archiveSection(SourceReport.label(source, source.entries[i].place), result, grouped: grouped) { out.line(line) }
                    tally.add(status: result.status, format: result.format)
                    return true
                }
            case .place(let source, let text):
                guard let place = source.place(named: text) else {
                    out.line("\(source.displayName):\(DisplayText.escape(bytes: text)): not found in the \(source.kind)")
                    tally.add(status: 2, format: "unreadable")
                    continue
                }
                let result = SourceCheck.check(source, place)
                for line in SourceReport.archiveSection(SourceReport.label(source, place), result, grouped: grouped) { out.line(line) }
                tally.add(status: result.status, format: result.format)
            }
            out.flush()
        }
        out.line("summary: " + tally.summary)
        out.flush()
        return tally.worst
    }

    static func json(_ targets: [SourceTarget], _ out: FileOutput) -> Int32 {
        var tally = SourceTally()
        for target in targets {
            switch target {
            case .file(let input):
                guard let document = input.openReporting() else { tally.add(status: 2, format: "unreadable"); continue }
                tally.add(status: json(document, out), format: SourceCheck.formatName(document))
            case .source(let path):
                guard let source = ArchiveSource.open(path: path) else { tally.add(status: 2, format: "unreadable"); continue }
                tally.add(source: source)
                out.line(SourceReport.sourceJSON(source))
                let entries = source.entries
                SourceCheck.inOrder(count: entries.count, work: { SourceReport.archiveJSON(source, entries[$0].place) }) { _, line in
                    out.line(line.text)
                    tally.add(status: line.status, format: line.format)
                    return true
                }
            case .place(let source, let text):
                guard let place = source.place(named: text) else { tally.add(status: 2, format: "unreadable"); continue }
                let line = SourceReport.archiveJSON(source, place)
                out.line(line.text)
                tally.add(status: line.status, format: line.format)
            }
            out.flush()
        }
        out.line(SourceReport.summaryJSON(tally))
        out.flush()
        return tally.worst
    }

    /// The archive a `--dump`, `--screen` or browser argument names inside a source, opened; nil
    /// (after saying why on standard error) when it names none.
    static func openPlace(_ source: ArchiveSource, _ text: [UInt8]) -> ArchiveDocument? {
        guard let place = source.place(named: text) else {
            FileOutput.standardError.write("archive-browse: \(source.displayName) (\(source.kind)) holds no archive at \(DisplayText.escape(bytes: text))\n")
            return nil
        }
        let (document, extraction) = SourceCheck.open(source, place)
        for problem in QuietNotes.shown(extraction.problems) { FileOutput.standardError.write("archive-browse: \(SourceReport.label(source, place)): \(problem.description)\n") }
        if document == nil {
            FileOutput.standardError.write("archive-browse: \(SourceReport.label(source, place)): \(extraction.failure ?? "not read")\n")
        }
        return document
    }
}

extension CLIModes {
    /// A source given to `--dump`, `--screen` or the browser: `--dump` wants one archive (a place in
    /// it); the browser and `--screen` show the source's list of archives, with the `--columns` of each
    /// archive's database row.
    static func source(_ path: [UInt8], dump: Bool, screen: String?, keys: String, columns: [String] = []) throws -> Int32 {
        let name = DisplayText.escape(bytes: path)
        if dump {
            FileOutput.standardError.write("archive-browse: \(name) holds many archives; --dump takes one, named by its place (as --check lists them, e.g. \(name):PLACE), or use --check, --json or the browser\n")
            return 2
        }
        guard let source = ArchiveSource.open(path: path) else { return 2 }
        if let screen { return sourceScreen(source, columns: columns, size: screen, keys: keys, FileOutput.standardOutput) }
        return sourceInteractive(source, columns: columns)
    }

    static func sourceScreen(_ source: ArchiveSource, columns: [String] = [], size: String, keys: String, _ out: FileOutput) -> Int32 {
        guard let (cols, rows) = screenSize(size, keys: keys) else { return 2 }
        out.line(Headless.render(source: source, columns: columns, cols: cols, rows: rows, keys: keys))
        out.flush()
        return 0
    }

    static func sourceInteractive(_ source: ArchiveSource, columns: [String] = []) -> Int32 {
        withTerminal { SourceBrowser.run(source: source, columns: columns) }
    }
}

import ArchiveModel
import TUI

/// Sources of archives (issue 27) as the modes open them: the one archive an argument names (a file,
/// or a place inside a source), a source opened or refused, and a source listed by the browser.
extension CLIModes {
    /// The one archive `target` names, opened: a file, or the archive at a place inside a source; nil
    /// after saying why on standard error when it could not be read, or when `target` is a whole
    /// source (which holds many: the message says how to name one).
    static func openArchive(_ target: SourceTarget) -> ArchiveDocument? {
        switch target {
        case .file(let input): return input.openReporting()
        case .place(let source, let place): return openPlace(source, place)
        case .source(let path):
            FileOutput.standardError.write("archive-browse: \(DisplayText.escape(bytes: path)) is a source of archives (a folder, ZIP file or database); name one archive in it by its place, as --check lists them\n")
            return nil
        }
    }

    /// The source at `path`, listed; nil after saying on standard error that it could not be read.
    static func openSource(_ path: [UInt8]) -> ArchiveSource? {
        guard let source = ArchiveSource.open(path: path) else {
            FileOutput.standardError.write("archive-browse: cannot read \(DisplayText.escape(bytes: path)) as a source of archives\n")
            return nil
        }
        return source
    }

    /// A place argument as typed (`chat.db:message.attributedBody:12`), escaped, for a place not found.
    static func placeArgument(_ source: ArchiveSource, _ text: [UInt8]) -> String {
        "\(source.displayName):\(DisplayText.escape(bytes: text))"
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
        guard let source = openSource(path) else { return 2 }
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

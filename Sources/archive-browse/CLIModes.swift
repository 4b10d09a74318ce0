import ArchiveModel
import TUI

/// The non-interactive modes and the hand-off to the browser; each returns the exit status.
enum CLIModes {
    /// 2 when the input was not decoded at all or changed while it was read, else 0 (clean) or 1
    /// (errors or warnings).
    static func status(_ document: ArchiveDocument, _ diagnostics: [Diagnostic]) -> Int32 {
        if reportLostBytes(document) { return 2 }
        return document.isDecoded ? CheckReport.exitStatus(diagnostics) : 2
    }

    /// Says on standard error when another process cut the (mapped) file short while it was read, so
    /// that what was printed past that point came from zeros, not the file. Returns whether it did.
    static func reportLostBytes(_ document: ArchiveDocument) -> Bool {
        guard let offset = document.input.bytesLostFrom else { return false }
        FileOutput.standardError.write("archive-browse: \(document.displayName) was cut short by another process while it was read:"
            + " its bytes from offset \(offset) on read as zeros, so the output describes them, not the file; run again\n")
        return true
    }

    static func check(_ document: ArchiveDocument, _ out: FileOutput, grouped: Bool) -> Int32 {
        let diagnostics = DocumentCheck.fullCheck(of: document)
        for line in CheckReport.lines(diagnostics, grouped: grouped) { out.line(line) }
        out.flush()
        FileOutput.standardError.write(CheckReport.header(document, diagnostics) + "\n")
        return status(document, diagnostics)
    }

    static func dump(_ document: ArchiveDocument, _ out: FileOutput, grouped: Bool, fullValues: Bool) -> Int32 {
        // The check's references make the index: the objects are not decoded again for it.
        let (checked, edges) = document.graph.fullCheckKeepingEdges(progress: { _ in true })
        let node = DocumentNode(root: document) // the document itself, not one rebuilt from its graph
        let embedded = EmbeddedCheck.diagnostics(in: node, budget: EmbeddedBudget(for: node))
        let diagnostics = DocumentCheck.causes(of: document.graph, diagnostics: checked + embedded) + checked
        let index = edges.map { GraphIndex(graph: document.graph, edges: $0) } ?? GraphIndex(graph: document.graph)
        // Embedded archives are dumped in place with their own diagnostics; the summary counts them too.
        DumpRenderer(document: document, diagnostics: diagnostics, index: index, grouped: grouped, fullValues: fullValues).render { out.line($0) }
        let all = diagnostics + embedded
        out.line("diagnostics: " + CheckReport.summary(all))
        return status(document, all)
    }

    /// `--explain ID`: the registered explanation, or exit 2 with the nearest ids.
    static func explain(_ id: String) -> Int32 {
        guard let kind = DiagnosticRegistry.kind(id) else {
            let nearest = DiagnosticRegistry.nearest(to: id).joined(separator: ", ")
            FileOutput.standardError.write("archive-browse: no diagnostic is called \"\(DisplayText.escape(id))\"; the nearest: \(nearest)\n")
            return 2
        }
        let out = FileOutput.standardOutput
        for line in DiagnosticExplanation.lines(kind, width: 80) { out.line(line) }
        out.flush()
        return 0
    }

    /// `--json`: the objects are written while the check runs on the other core; its diagnostics
    /// close the document.
    static func json(_ document: ArchiveDocument, _ out: FileOutput) -> Int32 {
        let check = BackgroundCheck(document)
        JSONRenderer(document: document, diagnostics: check.diagnostics).renderBytes { out.write(bytes: $0) }
        out.line("")
        return status(document, check.diagnostics())
    }

    static func screen(_ document: ArchiveDocument, size: String, keys: String, _ out: FileOutput) throws -> Int32 {
        guard let (cols, rows) = screenSize(size, keys: keys) else { return 2 }
        // One line per screen row, each ended like any text output (the shell prompt starts on its own line).
        out.line(Headless.render(document: document, cols: cols, rows: rows, keys: keys))
        out.flush()
        return reportLostBytes(document) ? 2 : 0
    }

    /// The `--screen` size and a check of the `--keys` names; nil after saying on standard error what is wrong.
    static func screenSize(_ size: String, keys: String) -> (cols: Int, rows: Int)? {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, (1...1000).contains(parts[0]), (1...1000).contains(parts[1]) else {
            FileOutput.standardError.write("archive-browse: --screen wants COLSxROWS, e.g. 80x24 (got \(DisplayText.escape(size)))\n")
            return nil
        }
        if let unknown = KeyNotation.unknownName(in: keys) {
            let message = "archive-browse: --keys: no key is called <\(DisplayText.escape(unknown.name))> (at character \(unknown.offset + 1));"
                + " key names include <Enter> <Esc> <Up> <PgDn> <C-d> <F1> <Resize 40x10> <Click 3,4>, and <lt> types a <\n"
            FileOutput.standardError.write(message)
            return nil
        }
        return (parts[0], parts[1])
    }

    static func interactive(_ document: ArchiveDocument) -> Int32 {
        let status = withTerminal { Browser.run(document: document) }
        _ = reportLostBytes(document)
        return status
    }

    /// Runs `browser` on the terminal after checking that there is one curses can use (2 when not).
    static func withTerminal(_ browser: () -> Int32) -> Int32 {
        // Before anything else: a terminal type curses cannot use needs saying whatever stdin is.
        let term = Platform.environment("TERM")
        var fallback: (from: String, to: String)?
        switch TerminalTypeCheck.check(term: term, lookup: TerminalSeam.support(forTerminalType:)) {
        case .usable: break
        case .fallback(let from, let to): fallback = (from, to)
        case .refuse(let message):
            FileOutput.standardError.write("archive-browse: \(message)\n")
            return 2
        }
        // The archive may have come through a pipe (`cat x | archive-browse -`): keys then come from the terminal.
        if !Platform.isTerminal(0), Platform.isTerminal(1) { Platform.takeStandardInputFromTerminal() }
        guard Platform.isTerminal(0), Platform.isTerminal(1) else {
            FileOutput.standardError.write("archive-browse: the browser needs a terminal; use --dump, --check, --json or --screen\n")
            return 2
        }
        if let fallback { Platform.setEnvironment("TERM", fallback.to) }
        let status = browser()
        // After the terminal is restored, so the shell keeps these lines.
        if let fallback {
            FileOutput.standardError.write("archive-browse: TERM=\(DisplayText.escape(fallback.from)) is not in the terminfo database;"
                + " the browser used \(fallback.to)\n")
        }
        return status
    }
}

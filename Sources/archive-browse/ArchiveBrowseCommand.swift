import ArchiveModel
import ArgumentParser
import TUI

/// `archive-browse`: the command line. Exit status: 0 clean, 1 problems found, 2 unreadable file or
/// bad arguments.
@main
struct ArchiveBrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive-browse",
        abstract: "Browse and check Apple/Cocoa archives: NSKeyedArchiver, property lists, typedstream.",
        discussion: """
            Without a mode flag, opens FILE in the interactive browser (needs a terminal).
            FILE may be - for standard input. --check and --json take several files (one section, or \
            one JSON line, per file). Exit status: 0 clean, 1 problems found (errors or warnings), 2 \
            unreadable file, bad arguments, or a file another process cut short while it was read \
            (with several files: the worst).
            """,
        version: ArchiveBrowseVersion.text
    )

    @Argument(help: ArgumentHelp("The archive to open (- for standard input); several with --check or --json. With --demo: 'corrupt' for the damaged demo.",
                                 valueName: "file"))
    var files: [String] = []

    @Flag(help: "Print the decoded tree as indented text with byte ranges and diagnostics.")
    var dump = false

    @Flag(help: "With --dump: print strings and data in full instead of cut at \(ValueFormatter.summaryLimit) characters.")
    var fullValues = false

    @Flag(help: "Print only diagnostics (offset: severity: id: message); exit 1 if any error or warning.")
    var check = false

    @Flag(help: "Print one JSON document (one line) per file: format, top, objects, diagnostics.")
    var json = false

    @Option(help: ArgumentHelp("Render the browser screen headlessly at this size (e.g. 80x24) and print it.", valueName: "COLSxROWS"))
    var screen: String?

    @Option(help: "Keys to apply before rendering with --screen (e.g. 'jjl/Book<Enter>'; <lt> types a <).")
    var keys: String?

    @Flag(help: "Open the built-in demo archive (add 'corrupt' as FILE for the damaged variant).")
    var demo = false

    @Option(help: ArgumentHelp("Explain a diagnostic id (e.g. bplist.ref.out-of-range): what it means, how Apple's reader behaves, what to do.", valueName: "ID"))
    var explain: String?

    @Flag(name: [.customShort("q"), .long], help: "Write no notes on standard error, in any mode (errors and warnings still go there).")
    var quiet = false

    @Flag(help: "With --check or --dump: list every diagnostic instead of grouping an id reported many times.")
    var noGroup = false

    @Option(help: ArgumentHelp("Write the archive as a plain document, references resolved: json, xml1 or binary1.", valueName: "format"))
    var unarchive: String?

    @Option(help: ArgumentHelp("With --unarchive, --extract or --classes over a database: other columns of each archive's row to add to its record (date,handle_id or message.date); in the browser (or --screen) on a database, shown as columns of its list.", valueName: "columns"))
    var columns: String?

    @Option(name: .customLong("where"), help: ArgumentHelp("With --unarchive, --extract or --classes over a source: write only the archives whose place, --columns values or decoded document match PATTERN (a regex, smart case, as the browser's /).", valueName: "pattern"))
    var wherePattern: String?

    @Option(help: ArgumentHelp("Print the value at a key path of the resolved document (root.items.3.name; \\. for a dot in a key).", valueName: "keypath"))
    var extract: String?

    @Flag(help: "Per class: instances, class chain, and the keys its instances use with their value types (--json too).")
    var classes = false

    @Option(help: ArgumentHelp("Compare the object graph of OTHER with FILE's: added, removed and changed values by key path (--json too); exit 1 when they differ.", valueName: "other"))
    var diff: String?

    @Option(help: ArgumentHelp("Write a new, valid binary plist (keyed archive) of everything that decodes, after undoing reversible damage; report on stderr (--json: stdout).", valueName: "OUT"))
    var salvage: String?

    @Option(help: ArgumentHelp("Write the input's bytes with reversible damage undone (wrapper, Latin-1 re-encoding, CR/LF conversion; one side of merge conflicts with --side).", valueName: "OUT"))
    var repair: String?

    @Flag(help: "With --salvage or --repair: replace OUT if it exists (never the input).")
    var force = false

    @Option(help: ArgumentHelp("With --repair or --salvage, on a text plist with unresolved git merge conflicts: the side of each to keep (ours or theirs).",
                               valueName: "side"))
    var side: String?

    @Flag(help: "Security audit (issue 40): the classes decoding would instantiate, the allow-list prediction and risk findings (--json too); exit 1 on a failed allow-list or a risk.")
    var audit = false

    @Option(help: ArgumentHelp("With --audit: the classes unarchivedObject(ofClasses:from:) is given (comma-separated, or @FILE of names); given empty (--allowed-classes=), only the smallest list.",
                               valueName: "classes"))
    var allowedClasses: String?

    static func main() {
        Platform.returnLargeFreedMemory()
        do {
            var command = try parseAsRoot(AuditArguments.normalised(Array(CommandLine.arguments.dropFirst())))
            try command.run()
        } catch let exit as ExitCode {
            Platform.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            // The parser's messages quote arguments (a file name, an unknown option) as they were typed.
            let message = fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false)
                .map { DisplayText.escapeMessage(String($0)) }.joined(separator: "\n")
            if code == .success {
                print(message)
                Platform.exit(0)
            }
            FileOutput.standardError.write(message + "\n")
            Platform.exit(2)
        }
    }

    func validate() throws {
        if explain != nil {
            if !files.isEmpty || demo || dump || check || json || screen != nil { throw ValidationError("--explain takes only a diagnostic id") }
            return
        }
        if audit { return try validateAudit() }
        if allowedClasses != nil { throw ValidationError("--allowed-classes works only with --audit") }
        if columns != nil && unarchive == nil && extract == nil && !classes && (dump || check || json) {
            throw ValidationError("--columns goes with --unarchive, --extract or --classes over a source, or with the browser (or --screen) on a database")
        }
        if wherePattern != nil && unarchive == nil && extract == nil && !classes { throw ValidationError("--where goes with --unarchive, --extract or --classes over a source") }
        if exportModeCount > 0 {
            if rescuing { throw ValidationError("--salvage and --repair do not go with --unarchive, --extract, --classes or --diff") }
            return try validateExport()
        }
        if let problem = rescueValidationProblem { throw ValidationError(problem) }
        let modes = [dump, check, json && !rescuing, screen != nil].filter { $0 }.count
        if modes > 1 { throw ValidationError("choose one of --dump, --check, --json, --screen") }
        if keys != nil && screen == nil { throw ValidationError("--keys works only with --screen (the keys are typed into the headless browser it renders)") }
        if fullValues && !dump { throw ValidationError("--full-values works only with --dump") }
        if noGroup && !(check || dump) { throw ValidationError("--no-group works only with --check or --dump") }
        if demo {
            if files.count > 1 || files.contains(where: { $0 != "corrupt" }) { throw ValidationError("--demo takes no file; use 'corrupt' for the damaged demo") }
            return
        }
        if files.isEmpty { throw ValidationError("missing FILE (or use --demo)") }
        if files.count > 1 && !(check || json) {
            throw ValidationError("only --check and --json take several files (\(files.count) given)")
        }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
    }

    func run() throws {
        if let explain { throw ExitCode(CLIModes.explain(explain)) }
        QuietNotes.isOn = quiet
        if audit { throw ExitCode(runAudit()) }
        let sources: [InputSource] = demo ? [.demo(corrupt: files == ["corrupt"])] : InputSource.sources(for: files)
        let output = FileOutput.standardOutput
        defer { output.flush() }
        if exportModeCount > 0 { throw ExitCode(runExport(sources, output)) }
        if let (kind, out) = rescueOutput, let source = sources.first { throw ExitCode(CLIModes.rescue(kind, source, output: out, force: force, json: json, side: conflictSide)) }
        // Folders, ZIP files, databases and places inside them (issue 27): CLIModes+Sources.swift.
        let targets = demo ? nil : SourceTarget.targets(for: files)
        if check { throw ExitCode(targets.map { CLIModes.check($0, output, grouped: !noGroup) } ?? CLIModes.check(sources, output, grouped: !noGroup)) }
        if json { throw ExitCode(targets.map { CLIModes.json($0, output) } ?? CLIModes.json(sources, output)) }
        if case .source(let path)? = targets?.first {
            throw ExitCode(try CLIModes.source(path, dump: dump, screen: screen, keys: keys ?? "", columns: columnNames))
        }
        if columns != nil { throw ValidationError("--columns goes with a source (a database, folder or ZIP file), not with one archive") }
        let opened: ArchiveDocument?
        if case .place(let source, let place)? = targets?.first { opened = CLIModes.openPlace(source, place) } else { opened = sources.first?.openReporting() }
        guard let document = opened else { throw ExitCode(2) }
        if dump { throw ExitCode(CLIModes.dump(document, output, grouped: !noGroup, fullValues: fullValues)) }
        if let screen { throw ExitCode(try CLIModes.screen(document, size: screen, keys: keys ?? "", output)) }
        throw ExitCode(CLIModes.interactive(document))
    }
}

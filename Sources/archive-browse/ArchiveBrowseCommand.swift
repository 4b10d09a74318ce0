import ArchiveModel
import ArgumentParser

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

    /// The flags become one `Mode` (`Invocation+Flags.swift`, where their combinations are checked),
    /// and that mode runs (`Invocation.run()`); the exit status ends the process.
    func run() throws {
        throw ExitCode(try Invocation(self).run())
    }
}

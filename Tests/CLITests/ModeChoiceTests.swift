import ArchiveModel
import Foundation
import Testing

/// Issue 35: the flags choose one mode, in one place (`Invocation+Flags.swift`). Every conflict it
/// refuses is a usage error (exit 2, nothing on standard output) whose first line names the first
/// conflict, with the message users have been given since the flags were added.
@Suite struct ModeChoiceTests {
    static let f = "a.plist" // never opened: the flags are refused first

    @Test(arguments: [
        (["--explain", "keyed.ref.dangling", "--check"], "--explain takes only a diagnostic id"),
        (["--audit", "--dump", f], "--audit goes only with --allowed-classes, --json and --no-group"),
        (["--audit", "--repair", "out", f], "--audit goes only with --allowed-classes, --json and --no-group"),
        (["--audit"], "missing FILE"),
        (["--audit", "-", "-"], "standard input (-) can be read only once"),
        (["--allowed-classes", "NSArray", f], "--allowed-classes works only with --audit"),
        (["--columns", "date", "--check", f], "--columns goes with --unarchive, --extract or --classes over a source, or with the browser (or --screen) on a database"),
        (["--columns", "date", "--where", "x", "--json", f], "--columns goes with --unarchive, --extract or --classes over a source, or with the browser (or --screen) on a database"),
        (["--where", "x", f], "--where goes with --unarchive, --extract or --classes over a source"),
        (["--where", "x", "--diff", f, f], "--where goes with --unarchive, --extract or --classes over a source"),
        (["--unarchive", "json", "--salvage", "out", f], "--salvage and --repair do not go with --unarchive, --extract, --classes or --diff"),
        (["--unarchive", "json", "--classes", f], "choose one of --unarchive, --extract, --classes, --diff"),
        (["--classes", "--dump", f], "--unarchive, --extract, --classes and --diff do not go with --dump, --check, --screen, --keys, --full-values or --no-group"),
        (["--unarchive", "json", "--json", f], "--json goes with --classes and --diff; --unarchive json writes the document as JSON, --extract writes a subtree as JSON"),
        (["--unarchive", "yaml", f], "--unarchive takes json, xml1 or binary1 (got yaml)"),
        (["--extract", "a\\b", f], "--extract: a backslash in a key path escapes only . or \\ (got a\\\\b)"),
        (["--classes", "--demo", "x"], "--demo takes no file; use 'corrupt' for the damaged demo"),
        (["--classes"], "missing FILE (or use --demo)"),
        (["--classes", f, f], "this mode takes one file (2 given)"),
        (["--diff", f, f, f], "--diff compares two files: --diff A B"),
        (["--diff", "-", "-"], "standard input (-) can be read only once"),
        (["--force", f], "--force works only with --salvage or --repair"),
        (["--side", "ours", f], "--side works only with --repair or --salvage"),
        (["--repair", "out", "--side", "both", f], "--side takes ours or theirs (\"both\" given)"),
        (["--salvage", "out", "--repair", "out2", f], "choose one of --salvage and --repair"),
        (["--salvage", "out", "--check", f], "--salvage and --repair take no other mode (--json gives their report as JSON)"),
        (["--salvage", "out", f, f], "--salvage and --repair take one file (2 given)"),
        (["--salvage", "-", "--json", f], "--json writes the report to standard output, where - would write the new file; name a file for it"),
        (["--salvage", "out", "--no-group", f], "--no-group works only with --check or --dump"),
        (["--check", "--dump", f], "choose one of --dump, --check, --json, --screen"),
        (["--json", "--screen", "80x24", f], "choose one of --dump, --check, --json, --screen"),
        (["--demo", "x"], "--demo takes no file; use 'corrupt' for the damaged demo"),
        ([], "missing FILE (or use --demo)"),
        (["--screen", "80x24", f, f], "only --check and --json take several files (2 given)"),
        (["--json", "-", f, "-"], "standard input (-) can be read only once"),
        // Known only once the argument is opened: one archive, not a database.
        (["--demo", "--screen", "80x24", "--columns", "date"], "--columns goes with a source (a database, folder or ZIP file), not with one archive"),
    ])
    func aConflictIsRefusedWithItsMessage(_ arguments: [String], _ message: String) throws {
        let r = try CLITests.run(arguments)
        #expect(r.status == 2)
        #expect(r.out.isEmpty, "\(r.out.prefix(200))")
        let first = r.err.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init)
        #expect(first == "Error: " + message, "\(arguments): \(r.err)")
        #expect(r.err.contains("Usage: archive-browse"), "a usage error shows the usage")
    }

    /// Each mode is reached by its own flags, whatever order they are typed in.
    @Test(arguments: [
        (["--check", "--demo", "corrupt", "--no-group"], "953: error: keyed.collection.nil-element: ", 1),
        (["--demo", "--dump"], "demo: binary plist", 0),
        (["--screen", "40x4", "--demo"], " ▾ root  Library", 0),
        (["--explain", "keyed.ref.dangling"], "keyed.ref.dangling (error by default)", 0),
        (["--demo", "--classes"], "Author: 1 instance", 0),
        (["--demo", "--unarchive", "json"], "{\"root\":{\"$class\":[\"Library\"", 0),
        (["--demo", "--extract", "root.name"], "Demo Library\n", 0),
        (["--demo", "--json"], "{\"file\":\"demo\"", 0),
    ])
    func eachModeIsReachedByItsFlags(_ arguments: [String], _ outputStart: String, _ status: Int32) throws {
        let r = try CLITests.run(arguments)
        #expect(r.status == status, "\(arguments): \(r.err)")
        #expect(r.out.hasPrefix(outputStart), "\(arguments): \(r.out.prefix(200))")
        #expect(!r.err.hasPrefix("Error:"), "\(arguments): \(r.err)")
    }
}

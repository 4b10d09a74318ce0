import ArchiveModel
import ArgumentParser

/// The one place the parsed flags become a `Mode`: every combination is checked here, in the order
/// (and with the messages) users have been given, and what passes is one exclusive choice.
extension Invocation {
    /// The mode, inputs and settings `flags` choose; a `ValidationError` naming the first conflict.
    init(_ flags: ArchiveBrowseCommand) throws {
        let mode = try Self.mode(flags)
        let inputs: Inputs = flags.demo ? .demo(corrupt: flags.files == ["corrupt"]) : .files(flags.files)
        self.init(mode: mode, inputs: inputs, quiet: flags.quiet)
    }

    private static func mode(_ f: ArchiveBrowseCommand) throws -> Mode {
        if let id = f.explain {
            if !f.files.isEmpty || f.demo || f.dump || f.check || f.json || f.screen != nil { throw ValidationError("--explain takes only a diagnostic id") }
            return .explain(id: id)
        }
        if f.audit { return .audit(try auditMode(f)) }
        if f.allowedClasses != nil { throw ValidationError("--allowed-classes works only with --audit") }
        let exporting = f.unarchive != nil || f.extract != nil || f.classes
        if f.columns != nil && !exporting && (f.dump || f.check || f.json) {
            throw ValidationError("--columns goes with --unarchive, --extract or --classes over a source, or with the browser (or --screen) on a database")
        }
        if f.wherePattern != nil && !exporting { throw ValidationError("--where goes with --unarchive, --extract or --classes over a source") }
        if let kind = try exportMode(f) {
            return .export(ExportRequest(kind: kind, columns: columnNames(f.columns), wherePattern: f.wherePattern))
        }
        let rescue = try rescueRequest(f)
        try checkViewingFlags(f, rescuing: rescue != nil)
        try checkInputs(f, several: f.check || f.json)
        if let rescue { return .rescue(rescue) }
        if f.check { return .check(grouped: !f.noGroup) }
        if f.json { return .json }
        if f.dump { return .dump(grouped: !f.noGroup, fullValues: f.fullValues) }
        if let size = f.screen { return .screen(size: size, keys: f.keys ?? "", columns: columnNames(f.columns)) }
        return .browse(columns: columnNames(f.columns))
    }

    /// The flags of `--check`, `--dump`, `--json`, `--screen` and the browser (and of `--json` with a rescue).
    private static func checkViewingFlags(_ f: ArchiveBrowseCommand, rescuing: Bool) throws {
        let modes = [f.dump, f.check, f.json && !rescuing, f.screen != nil].filter { $0 }.count
        if modes > 1 { throw ValidationError("choose one of --dump, --check, --json, --screen") }
        if f.keys != nil && f.screen == nil { throw ValidationError("--keys works only with --screen (the keys are typed into the headless browser it renders)") }
        if f.fullValues && !f.dump { throw ValidationError("--full-values works only with --dump") }
        if f.noGroup && !(f.check || f.dump) { throw ValidationError("--no-group works only with --check or --dump") }
    }

    /// The file arguments of every mode but `--audit` and the export modes: `several` when the mode
    /// takes more than one.
    private static func checkInputs(_ f: ArchiveBrowseCommand, several: Bool) throws {
        if f.demo {
            if f.files.count > 1 || f.files.contains(where: { $0 != "corrupt" }) { throw ValidationError("--demo takes no file; use 'corrupt' for the damaged demo") }
            return
        }
        if f.files.isEmpty { throw ValidationError("missing FILE (or use --demo)") }
        if f.files.count > 1 && !several { throw ValidationError("only --check and --json take several files (\(f.files.count) given)") }
        if f.files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
    }

    /// `--columns a,b` as names, blanks dropped; nil when the option was not given.
    private static func columnNames(_ columns: String?) -> [String]? {
        columns.map { text in
            text.split(separator: ",").map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }.filter { !$0.isEmpty }
        }
    }
}

/// `--audit [--allowed-classes LIST|@FILE] [--json] [--no-group] FILE…` (issue 40).
extension Invocation {
    private static func auditMode(_ f: ArchiveBrowseCommand) throws -> AuditMode {
        let exporting = f.unarchive != nil || f.extract != nil || f.classes || f.diff != nil
        if f.dump || f.check || f.screen != nil || f.keys != nil || f.fullValues || exporting || f.salvage != nil || f.repair != nil || f.demo {
            throw ValidationError("--audit goes only with --allowed-classes, --json and --no-group")
        }
        if f.files.isEmpty { throw ValidationError("missing FILE") }
        if f.files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
        return AuditMode(allowedClasses: f.allowedClasses, json: f.json, grouped: !f.noGroup)
    }
}

/// The export modes: `--unarchive`, `--extract`, `--classes`, `--diff` (one at a time, on one file;
/// `--json` goes with `--classes` and `--diff`).
extension Invocation {
    /// The export mode the flags choose, nil when none is given.
    private static func exportMode(_ f: ArchiveBrowseCommand) throws -> ExportMode? {
        let given = [f.unarchive != nil, f.extract != nil, f.classes, f.diff != nil].filter { $0 }.count
        guard given > 0 else { return nil }
        if f.salvage != nil || f.repair != nil { throw ValidationError("--salvage and --repair do not go with --unarchive, --extract, --classes or --diff") }
        if given > 1 { throw ValidationError("choose one of --unarchive, --extract, --classes, --diff") }
        if f.dump || f.check || f.screen != nil || f.keys != nil || f.fullValues || f.noGroup {
            throw ValidationError("--unarchive, --extract, --classes and --diff do not go with --dump, --check, --screen, --keys, --full-values or --no-group")
        }
        if f.json && (f.unarchive != nil || f.extract != nil) {
            throw ValidationError("--json goes with --classes and --diff; --unarchive json writes the document as JSON, --extract writes a subtree as JSON")
        }
        let kind = try exportKind(f)
        try checkExportInputs(f)
        return kind
    }

    private static func exportKind(_ f: ArchiveBrowseCommand) throws -> ExportMode {
        if let unarchive = f.unarchive {
            guard let format = ExportFormat(rawValue: unarchive) else {
                throw ValidationError("--unarchive takes json, xml1 or binary1 (got \(DisplayText.escape(unarchive)))")
            }
            return .unarchive(format)
        }
        if let extract = f.extract {
            guard let path = KeyPath.parse(extractForm: extract) else {
                throw ValidationError("--extract: a backslash in a key path escapes only . or \\ (got \(DisplayText.escape(extract)))")
            }
            return .extract(path: path)
        }
        if let other = f.diff { return .diff(other: other, json: f.json) }
        return .classes(json: f.json)
    }

    private static func checkExportInputs(_ f: ArchiveBrowseCommand) throws {
        if f.demo {
            if f.files.count > 1 || f.files.contains(where: { $0 != "corrupt" }) { throw ValidationError("--demo takes no file; use 'corrupt' for the damaged demo") }
            return
        }
        if f.files.isEmpty { throw ValidationError("missing FILE (or use --demo)") }
        if f.files.count > 1 {
            throw ValidationError(f.diff != nil ? "--diff compares two files: --diff A B" : "this mode takes one file (\(f.files.count) given)")
        }
        if f.diff == "-" && f.files == ["-"] { throw ValidationError("standard input (-) can be read only once") }
    }
}

/// `--salvage OUT` and `--repair OUT` with `--force`, `--side` and `--json`.
extension Invocation {
    /// The rescue the flags ask for, nil when none; `--force` and `--side` only with one.
    private static func rescueRequest(_ f: ArchiveBrowseCommand) throws -> RescueRequest? {
        let rescuing = f.salvage != nil || f.repair != nil
        if f.force && !rescuing { throw ValidationError("--force works only with --salvage or --repair") }
        var side: MergeConflicts.Side?
        if let text = f.side {
            guard rescuing else { throw ValidationError("--side works only with --repair or --salvage") }
            guard let chosen = MergeConflicts.Side(rawValue: text) else { throw ValidationError("--side takes ours or theirs (\"\(DisplayText.escape(text))\" given)") }
            side = chosen
        }
        guard rescuing else { return nil }
        if f.salvage != nil && f.repair != nil { throw ValidationError("choose one of --salvage and --repair") }
        if f.dump || f.check || f.screen != nil { throw ValidationError("--salvage and --repair take no other mode (--json gives their report as JSON)") }
        if f.files.count > 1 { throw ValidationError("--salvage and --repair take one file (\(f.files.count) given)") }
        let (kind, output): (CLIModes.RescueKind, [UInt8])
        if let salvage = f.salvage { (kind, output) = (.salvage, RawArguments.optionValue("--salvage", parsed: salvage)) }
        else { (kind, output) = (.repair, RawArguments.optionValue("--repair", parsed: f.repair ?? "")) }
        if f.json && CLIModes.isStandardOutput(output) {
            throw ValidationError("--json writes the report to standard output, where - would write the new file; name a file for it")
        }
        return RescueRequest(kind: kind, output: output, force: f.force, json: f.json, side: side)
    }
}

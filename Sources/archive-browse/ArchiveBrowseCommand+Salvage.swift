import ArchiveModel

/// The `--salvage` and `--repair` options' checks and their output name as the shell passed it.
extension ArchiveBrowseCommand {
    var rescuing: Bool { salvage != nil || repair != nil }

    /// What is wrong with the rescue options, or nil.
    var rescueValidationProblem: String? {
        if force && !rescuing { return "--force works only with --salvage or --repair" }
        if let side {
            guard rescuing else { return "--side works only with --repair or --salvage" }
            guard MergeConflicts.Side(rawValue: side) != nil else { return "--side takes ours or theirs (\"\(DisplayText.escape(side))\" given)" }
        }
        guard rescuing else { return nil }
        if salvage != nil && repair != nil { return "choose one of --salvage and --repair" }
        if dump || check || screen != nil || explain != nil { return "--salvage and --repair take no other mode (--json gives their report as JSON)" }
        if files.count > 1 { return "--salvage and --repair take one file (\(files.count) given)" }
        if json, rescueOutput.map({ CLIModes.isStandardOutput($0.1) }) == true {
            return "--json writes the report to standard output, where - would write the new file; name a file for it"
        }
        return nil
    }

    /// The side of merge conflicts to keep (`--side`), validated.
    var conflictSide: MergeConflicts.Side? { side.flatMap(MergeConflicts.Side.init(rawValue:)) }

    /// The rescue to run and its output name's bytes (a name that is not UTF-8 is kept as typed).
    var rescueOutput: (CLIModes.RescueKind, [UInt8])? {
        if let salvage { return (.salvage, RawArguments.optionValue("--salvage", parsed: salvage)) }
        if let repair { return (.repair, RawArguments.optionValue("--repair", parsed: repair)) }
        return nil
    }
}

extension RawArguments {
    /// The bytes of option `name`'s value (`--name VALUE` or `--name=VALUE`), or `parsed`'s UTF-8.
    static func optionValue(_ name: String, parsed: String, in raw: [[UInt8]] = argv()) -> [UInt8] {
        let flag = Array(name.utf8), prefix = flag + [UInt8(ascii: "=")]
        for (i, argument) in raw.enumerated() {
            if argument == flag, i + 1 < raw.count { return raw[i + 1] }
            if argument.starts(with: prefix) { return Array(argument.dropFirst(prefix.count)) }
        }
        return Array(parsed.utf8)
    }
}

import ArchiveModel

/// `--salvage OUT` and `--repair OUT`: a new file from a damaged one, never over the input.
///
/// `--repair` writes the input's bytes with the reversible damage the diagnosis names undone (wrappers,
/// a Latin-1 → UTF-8 re-encoding, a text-mode line-ending conversion, one side of merge conflicts with
/// `--side`); `--salvage` repairs the same way and then writes a new, valid binary plist of everything
/// that decodes (see `Salvage.salvage(repaired:damaged:name:)`; it never keeps fewer objects than the
/// damaged bytes give, and refuses a salvage that keeps nothing of the content). Before anything is
/// written, the new bytes are read back (`SalvageReadBack`). The
/// report goes to standard error, or as one JSON document to standard output with `--json`. `-` as OUT
/// is standard output, as everywhere else (refused on a terminal when the new bytes are binary).
/// Exit status: 0 written from a clean input, 1 written with repairs or changes, 2 nothing written.
extension CLIModes {
    /// What to write.
    enum RescueKind {
        case salvage, repair

        var flag: String { self == .salvage ? "--salvage" : "--repair" }
    }

    /// Seconds the line-ending search may take (lifted by `SearchDeadline.liftVariable`).
    static let repairTimeLimit = 20.0

    static func rescue(_ kind: RescueKind, _ source: InputSource, output: [UInt8], force: Bool, json: Bool,
                       side: MergeConflicts.Side? = nil) -> Int32 {
        let outName = DisplayText.escape(bytes: output)
        let raw: InputBytes
        do {
            raw = try read(source)
        } catch {
            FileOutput.standardError.write("archive-browse: \(error.description)\n")
            return 2
        }
        if let refusal = outputRefusal(source, output: output, force: force) {
            FileOutput.standardError.write("archive-browse: \(kind.flag) \(outName): \(refusal); nothing written\n")
            return 2
        }
        // A salvage is always a binary plist: refused before any work when it would go to a terminal.
        if kind == .salvage, let refusal = terminalRefusal(output, [0]) {
            FileOutput.standardError.write("archive-browse: \(kind.flag) \(outName): \(refusal); nothing written\n")
            return 2
        }
        let deadline = SearchDeadline(seconds: repairTimeLimit)
        let repair = ArchiveRepair.repair(raw, limits: ArchiveRepair.Limits(side: side, shouldStop: { deadline.passed }))
        var report = SalvageReport()
        report.repairs = repair.steps
        let bytes: [UInt8]
        switch kind {
        case .repair:
            guard !repair.steps.isEmpty else {
                let why = repair.notUndone.isEmpty ? "the diagnosis names no reversible damage (a wrapper, a re-encoding, a line-ending conversion)"
                    : "the damage found could not be undone: " + repair.notUndone.joined(separator: "; ")
                FileOutput.standardError.write("archive-browse: --repair \(outName): \(DisplayText.escapeMessage(why)); nothing written\n")
                return 2
            }
            bytes = Array(repair.bytes.buffer.bindMemory(to: UInt8.self))
        case .salvage:
            // The side of a merge conflict is the user's choice, not a reading to judge: the result is the baseline.
            let chose = repair.steps.contains { $0.mechanism == .mergeConflict }
            let outcome = chose || repair.steps.isEmpty ? Salvage.salvage(repaired: nil, damaged: repair.bytes, name: source.displayName)
                : Salvage.salvage(repaired: repair.bytes, damaged: raw, name: source.displayName)
            switch outcome {
            case .refused(let why):
                FileOutput.standardError.write("archive-browse: --salvage \(outName): \(DisplayText.escapeMessage(why)); nothing written\n")
                return 2
            case .written(let salvaged, let salvageReport):
                bytes = salvaged
                // The repairs stand unless the salvage set them aside for the bytes as they are.
                report = salvageReport
                report.repairs = salvageReport.repairsSetAside ? [] : repair.steps
            }
        }
        // The new file is read back and checked as this tool reads any file (and for what other readers refuse), before it is written.
        let problems = SalvageReadBack.check(bytes)
        if let failure = terminalRefusal(output, bytes) ?? write(bytes, to: output, force: force) {
            FileOutput.standardError.write("archive-browse: \(kind.flag) \(outName): \(failure); nothing written\n")
            return 2
        }
        let summary = RescueSummary(kind: kind, input: source, output: output, size: bytes.count, report: report,
                                    notUndone: repair.notUndone, problemsAfter: problems)
        if json { summary.writeJSON(FileOutput.standardOutput) } else { summary.writeText(FileOutput.standardError) }
        return report.changedAnything || !problems.isEmpty ? 1 : 0
    }

    /// Whether OUT names standard output (`-`).
    static func isStandardOutput(_ output: [UInt8]) -> Bool { output == [UInt8(ascii: "-")] }

    /// Why the new bytes must not go to standard output, or nil: it is a terminal and they are binary
    /// (bytes of the file never reach the terminal unescaped).
    static func terminalRefusal(_ output: [UInt8], _ bytes: [UInt8]) -> String? {
        guard isStandardOutput(output), Platform.isTerminal(1), isBinary(bytes) else { return nil }
        return "standard output is a terminal and the new file is binary; redirect it to a file or a pipe"
    }

    /// Bytes a terminal would not show as text: a control byte other than tab, LF and CR, DEL, or bytes
    /// that are not UTF-8.
    static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.contains { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F } || String(validating: bytes, as: UTF8.self) == nil
    }

    /// Writes the new file (standard output for `-`); the reason when nothing was written.
    private static func write(_ bytes: [UInt8], to output: [UInt8], force: Bool) -> String? {
        guard isStandardOutput(output) else { return Platform.writeAtomically(bytes, to: output, replacing: force) }
        FileOutput.standardOutput.write(bytes: bytes)
        FileOutput.standardOutput.flush()
        return nil
    }

    /// The input's bytes as read (before any unwrapping).
    private static func read(_ source: InputSource) throws(InputBytes.ReadError) -> InputBytes {
        switch source {
        case .file(let path): try InputBytes.read(path: path)
        case .standardInput: try InputBytes.readAll(fd: 0, name: "standard input")
        case .demo(let corrupt): InputBytes(DemoArchive.bytes(corrupt: corrupt))
        }
    }

    /// Why `output` must not be written, or nil: it is the input (same device and inode, through any
    /// link), or it exists and `force` is not given.
    static func outputRefusal(_ source: InputSource, output: [UInt8], force: Bool) -> String? {
        if isStandardOutput(output) { return nil }
        if case .file(let path) = source, let input = Platform.fileIdentity(path), let existing = Platform.fileIdentity(output),
           input == existing {
            return "it is the input file (the same device and inode), which is never written, even with --force"
        }
        if !force, Platform.nameExists(output) { return "it exists (use --force to replace it)" }
        return nil
    }
}

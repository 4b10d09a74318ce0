import ArchiveCore
import ArchiveDocuments

/// `damage.line-endings` from the strongest evidence there is: undoing a conversion gives a reading
/// with no error. For every binary format (typedstreams and NIBArchives have no trailer arithmetic
/// to show a conversion the way a binary plist's does), each conversion the bytes' shape allows is
/// tried with a small budget (`LineEndingRepair`), and the one that reads cleanly is named, with the
/// bytes it changes told by meaning in the notes; `--repair` writes that reading.
///
/// Bounded so that checking a damaged file stays cheap: files up to `sizeLimit`, `budget` readings
/// judged and `timeLimit` seconds; a search (a conversion with no exact inverse) only when the first
/// error lies within `window` bytes after an LF byte, where such damage shows.
enum LineEndingTrial {
    static let sizeLimit = 256 * 1024
    static let budget = 48
    static let timeLimit = 2.0
    static let window = 256

    static func find(_ context: DamageContext) -> Diagnostic? {
        guard context.isBinary, context.input.count <= sizeLimit else { return nil }
        let bytes = context.input.bytes(in: ByteRange(0, context.input.count))
        let firstError = context.errors.compactMap { $0.range?.start }.min()
        let nearLF = firstError.map { e in bytes[Swift.max(0, e - window)..<Swift.min(bytes.count, e + 1)].contains(0x0A) } ?? false
        let shortened = context.lineEndingSigns.isShorterThanItsNumbers
        let candidates = LineEndingRepair.candidates(bytes).filter {
            $0.exactInverse(bytes) != nil || nearLF || (shortened && $0 == .crlfToLF)
        }
        guard !candidates.isEmpty else { return nil }
        let baseline = RepairJudge.verdict(ArchiveDocument.open(InputBytes(bytes), name: "").graph)
        let deadline = SearchDeadline(seconds: timeLimit)
        let repair = LineEndingRepair(damaged: bytes, format: context.format, baseline: baseline, budget: budget,
                                      shouldStop: { deadline.passed }, only: candidates)
        guard let outcome = repair.run(), outcome.verdict.errors == 0, baseline.errors > 0 else { return nil }
        return diagnostic(outcome, size: bytes.count, baseline: baseline)
    }

    static func diagnostic(_ outcome: LineEndingRepair.Outcome, size: Int, baseline: RepairVerdict) -> Diagnostic {
        let n = outcome.edits.count
        let what: String
        switch outcome.conversion {
        case .crToLF: what = "read with \(English.count(n, "of its LF bytes", plural: "of its LF bytes")) as CR (0x0D)"
        case .crlfToLF: what = "read with a CR (0x0D) put back before \(English.count(n, "LF byte"))"
        case .lfToCRLF: what = "read without the \(English.count(n, "CR byte")) before its LF bytes"
        case .crToCRLF: what = "read without the \(English.count(n, "LF byte")) after its CR bytes"
        }
        let first = outcome.edits.first ?? 0
        var notes = outcome.changes.prefix(6).map { DiagnosticNote("\($0.line)", range: ByteRange(start: $0.damagedOffset, count: 1)) }
        if outcome.changes.count > 6 { notes.append(DiagnosticNote("\(outcome.changes.count - 6) more bytes like these (--repair lists each)")) }
        if !outcome.undecided.isEmpty {
            notes.append(DiagnosticNote("\(English.count(outcome.undecided.count, "byte")) inside values read either way: nothing in the format decides them"))
        }
        return Diagnostic(DamageCode.lineEndings,
                          "a text-mode transfer rewrote this binary file's line endings: \(outcome.conversion.summary). The file "
                          + "\(what) decodes with no error (\(English.count(baseline.errors, "error")) as it is); --repair writes that reading",
                          range: ByteRange(start: Swift.min(first, Swift.max(0, size - 1)), count: size > 0 ? 1 : 0), notes: notes)
    }
}

import ArchiveCore
import ArchiveDocuments

extension Salvage {
    /// `--salvage` as a whole: the repaired bytes salvaged, with two rules that keep it from making
    /// anything worse.
    ///
    /// - Monotonic: the result must keep at least the objects the damaged bytes decode as they are, with
    ///   the root intact (`RepairVerdict.isAcceptable`). When the repaired reading's salvage does not,
    ///   the damaged bytes are salvaged too and the better of the two is written, the report saying why.
    /// - Not empty: a salvage that keeps nothing of the content (no string, number, data or date, no
    ///   object whole: only placeholders, or an empty collection a damaged file's garbage decodes as)
    ///   is refused, unless the input itself is sound.
    ///
    /// `repaired` is nil when no repair was made.
    package static func salvage(repaired: InputBytes?, damaged: InputBytes, name: String) -> Outcome {
        let damagedGraph = ArchiveDocument.open(damaged, name: name).graph
        let baseline = RepairJudge.verdict(damagedGraph)
        var chosen = salvage(ArchiveDocument.open(repaired ?? damaged, name: name))
        if repaired != nil, case .written(let bytes, var report) = chosen {
            let verdict = RepairJudge.verdict(ArchiveDocument.open(InputBytes(bytes), name: "").graph)
            if !verdict.isAcceptable(against: baseline) {
                chosen = better(repairedBytes: bytes, report: &report, verdict: verdict, damaged: damaged, baseline: baseline, name: name)
            }
        }
        guard case .written(let bytes, let report) = chosen else { return chosen }
        if report.contentValues == 0, !baseline.isClean || baseline.notes > 0 {
            return .refused("nothing of the archive's content decodes: the salvage would write \(ValueFormatter.byteCount(bytes.count)) "
                            + "holding no string, number, data, date or whole object of the input (" + report.summary + ") out of a damaged file of "
                            + "\(ValueFormatter.byteCount(damaged.count)); use --dump or --json to read what decodes")
        }
        return chosen
    }

    /// The better of the repaired reading's salvage (which keeps fewer objects than the damaged bytes,
    /// or loses the root) and the damaged bytes' own salvage, with a note saying which and why.
    private static func better(repairedBytes: [UInt8], report: inout SalvageReport, verdict: RepairVerdict,
                               damaged: InputBytes, baseline: RepairVerdict, name: String) -> Outcome {
        let why = "the repaired reading's salvage keeps " + verdict.keptText(against: baseline)
        guard case .written(let plainBytes, var plainReport) = salvage(ArchiveDocument.open(damaged, name: name)) else {
            report.notes.append(why + "; the bytes as they are cannot be salvaged either, so the repaired reading is written")
            return .written(bytes: repairedBytes, report: report)
        }
        let plainVerdict = RepairJudge.verdict(ArchiveDocument.open(InputBytes(plainBytes), name: "").graph)
        if plainVerdict.kept > verdict.kept || (plainVerdict.rootIntact && !verdict.rootIntact) {
            plainReport.notes.append(why + "; the bytes as they are were salvaged instead (no repair applied), keeping \(plainVerdict.kept)")
            plainReport.repairsSetAside = true
            return .written(bytes: plainBytes, report: plainReport)
        }
        report.notes.append(why + "; the bytes as they are salvaged keep no more (\(plainVerdict.kept)), so the repaired reading is written")
        return .written(bytes: repairedBytes, report: report)
    }
}

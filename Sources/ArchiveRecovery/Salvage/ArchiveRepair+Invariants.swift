import ArchiveCore
import ArchiveDocuments

/// What a repair must never do, whatever the input: the promises `ArchiveRepair.repair` makes, checked
/// from outside (the fuzz target `FuzzRepair` and the tests call it on every input they repair).
extension ArchiveRepair {
    /// The promises `result` (a repair of `input` with no `--side`) breaks, in words; empty when it keeps them:
    /// - no step: the bytes are the input's, byte for byte;
    /// - the steps chain: the first starts at the input's size, each starts where the one before ended,
    ///   the last ends at the result's size;
    /// - a re-encoding or a line-ending step is accepted only by the verdict rule (`RepairVerdict`): the
    ///   result keeps at least the objects the unwrapped input keeps, with the root intact when it was,
    ///   and reads better; after a line-ending step, with no error;
    /// - a clean input (no error, warning or broken writer's invariant, no wrapper) is left as it is;
    /// - a line-ending step at most doubles the bytes.
    package static func invariantViolations(input: InputBytes, result: Result) -> [String] {
        var problems: [String] = []
        let original = Array(input.buffer.bindMemory(to: UInt8.self))
        let repaired = Array(result.bytes.buffer.bindMemory(to: UInt8.self))
        if result.steps.isEmpty, repaired != original {
            problems.append("no step taken, but the result (\(repaired.count) bytes) differs from the input (\(original.count) bytes)")
        }
        var size = input.count
        for step in result.steps {
            if step.sizeBefore != size { problems.append("step \(step.mechanism.rawValue) starts at \(step.sizeBefore) bytes, not \(size)") }
            size = step.sizeAfter
        }
        if !result.steps.isEmpty, size != repaired.count { problems.append("the steps end at \(size) bytes, the result has \(repaired.count)") }
        let unwrapped = Unwrapper.unwrap(input)
        let baseline = RepairJudge.verdict(ArchiveDocument.open(unwrapped.map { InputBytes(copying: $0, wrappers: []) } ?? input, name: "").graph)
        let judged = result.steps.filter { $0.mechanism != .wrapper && $0.mechanism != .mergeConflict }
        if !judged.isEmpty {
            let verdict = RepairJudge.verdict(ArchiveDocument.open(InputBytes(repaired), name: "").graph)
            if !verdict.isAcceptable(against: baseline) {
                problems.append("accepted a repair that keeps \(verdict.keptText(against: baseline))")
            }
            if !verdict.isBetter(than: baseline) {
                problems.append("accepted a repair that reads no better: \(verdict.errors) errors, \(verdict.kept) kept, \(verdict.warnings) warnings, "
                                + "\(verdict.notes) notes against \(baseline.errors), \(baseline.kept), \(baseline.warnings), \(baseline.notes)")
            }
            if let last = judged.last, last.mechanism != .latin1, verdict.errors > 0 {
                problems.append("a line-ending repair left \(verdict.errors) errors")
            }
        }
        if unwrapped == nil, baseline.isClean, baseline.notes == 0, !result.steps.isEmpty {
            problems.append("a clean input was changed: " + result.steps.map(\.mechanism.rawValue).joined(separator: ", "))
        }
        for step in judged where step.mechanism != .latin1 && step.sizeAfter > 2 * step.sizeBefore {
            problems.append("step \(step.mechanism.rawValue) grew \(step.sizeBefore) bytes to \(step.sizeAfter)")
        }
        return problems
    }
}

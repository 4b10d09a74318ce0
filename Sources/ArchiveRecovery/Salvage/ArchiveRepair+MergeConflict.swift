import ArchiveCore

extension ArchiveRepair {
    /// The text with one side of every unresolved git merge conflict kept (`--side`), or why not: no
    /// side chosen (the message names the sides there are), or more blocks than are kept.
    ///
    /// The side is the user's choice, not a reading the search judges: the monotonicity rule does not
    /// apply (the other side's lines are dropped on purpose).
    static func keepSide(of conflicts: MergeConflicts, in input: InputBytes,
                         side: MergeConflicts.Side?) -> Swift.Result<(bytes: [UInt8], step: RepairStep), NotUndone> {
        let count = English.count(conflicts.blockCount, "unresolved git merge conflict")
        guard let first = conflicts.blocks.first else { return .failure(NotUndone(text: "the file holds no complete merge conflict")) }
        guard let side else {
            let place = conflicts.blockCount == 1 ? "at" : "the first at"
            return .failure(NotUndone(text: "the file holds \(count), \(place) \(MergeConflictEvidence.blockText(first)); "
                                      + "choose the side to keep with --side ours or --side theirs"))
        }
        guard let bytes = conflicts.resolved(input.buffer, keeping: side) else {
            return .failure(NotUndone(text: "the file holds \(count), more than the \(MergeConflicts.blockLimit) a repair resolves"))
        }
        let dropped = input.count - bytes.count
        let other: MergeConflicts.Side = side == .ours ? .theirs : .ours
        var summary = "kept \(first.sideName(side)) of \(count)"
        summary += conflicts.blockCount == 1
            ? ": \(first.section(side).lineText) kept, \(first.sideName(other)) \(first.section(other).lineText) and the marker lines dropped"
            : ", the other side and the marker lines dropped"
        var step = RepairStep(.mergeConflict, summary: summary, bytesChanged: dropped, sizeBefore: input.count, sizeAfter: bytes.count)
        step.side = side
        return .success((bytes, step))
    }
}

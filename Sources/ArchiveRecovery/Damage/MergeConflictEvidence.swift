import ArchiveCore
import ArchiveDocuments

/// `damage.merge-conflict`: a text plist (XML or OpenStep) committed with git's conflict markers in
/// it. Asserted only when the decoder found errors and the file holds a complete conflict block (see
/// `MergeConflicts`), so a valid plist whose strings contain marker-like text never gets it.
enum MergeConflictEvidence {
    /// Blocks described one by one in notes; the rest are counted in the message.
    static let notedBlocks = 20

    static func find(_ context: DamageContext) -> Diagnostic? {
        guard mayHoldConflicts(context), let conflicts = MergeConflicts.find(context.input) else { return nil }
        return diagnostic(conflicts)
    }

    /// Whether the input is one a merge conflict can be named in: text version control merges (its
    /// format's `DamageTraits.mayHoldMergeConflicts`: XML and OpenStep plists), or a file no decoder
    /// took that starts with a conflict (markers around the first line hide the XML declaration from
    /// the detector; any other undetected file is not scanned).
    static func mayHoldConflicts(_ context: DamageContext) -> Bool {
        let input = context.input
        if case .unknown = context.format {
            return MergeConflicts.marker(input.buffer, ByteRange(0, Swift.min(input.count, 8 + MergeConflicts.labelLimit)))?.0 == .ours
        }
        return context.traits.mayHoldMergeConflicts
    }

    static func diagnostic(_ conflicts: MergeConflicts) -> Diagnostic? {
        guard let first = conflicts.blocks.first else { return nil }
        let count = conflicts.blockCount
        var message = count == 1 ? "an unresolved git merge conflict at " : "\(count) unresolved git merge conflicts, the first at "
        message += blockText(first)
        message += "; --repair OUT --side ours or --side theirs writes the file with one side kept"
        var notes: [DiagnosticNote] = []
        for (i, block) in conflicts.blocks.prefix(notedBlocks).enumerated() {
            let prefix = count == 1 ? "" : "conflict \(i + 1): "
            notes.append(DiagnosticNote(prefix + block.sideName(.ours) + ": " + block.ours.lineText, range: block.ours.range,
                                        position: TextPosition(line: block.ours.firstLine, column: 1)))
            if let base = block.base {
                notes.append(DiagnosticNote(prefix + "the common ancestor (diff3 style): " + base.lineText, range: base.range,
                                            position: TextPosition(line: base.firstLine, column: 1)))
            }
            notes.append(DiagnosticNote(prefix + block.sideName(.theirs) + ": " + block.theirs.lineText, range: block.theirs.range,
                                        position: TextPosition(line: block.theirs.firstLine, column: 1)))
        }
        if conflicts.blocks.count > notedBlocks {
            notes.append(DiagnosticNote(English.count(conflicts.blockCount - notedBlocks, "more conflict") + " not listed"))
        }
        return Diagnostic(DamageCode.mergeConflict, message, range: first.startMarker, position: TextPosition(line: first.startLine, column: 1),
                          notes: notes)
    }

    /// `lines 4–12 (ours ("HEAD") lines 5–6, theirs ("feature") lines 8–11)`.
    static func blockText(_ block: MergeConflicts.Block) -> String {
        "lines \(block.startLine)–\(block.endLine) (\(block.sideName(.ours)) \(block.ours.lineText), \(block.sideName(.theirs)) \(block.theirs.lineText))"
    }
}

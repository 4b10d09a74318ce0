/// What the damage analysis (`Damage/` in the document layer) needs to know of a format to read its
/// problems as evidence of a cause; given by the format's descriptor (`FormatDescriptor.damageTraits(of:)`).
package struct DamageTraits: Sendable {
    /// Whether a problem counts where it starts, not over the bytes it names: a stream or table reader
    /// (typedstream, NIBArchive) can name bytes it says nothing about (an object left open, a table
    /// read no further), and has no trailer to check a reading against, so its own check judges one.
    /// False: a problem is local to the bytes it names (a binary plist's).
    package var countsProblemsWhereTheyStart = false
    /// Diagnostic ids that start where no structure was read from the bytes (the decoder's recovery
    /// skipping bytes, an object left open, the end met inside a value): never evidence that a run of
    /// zeros was read as structure.
    package var notReadFromBytes: Set<String> = []
    /// Diagnostic ids (not errors) that zeroed bytes read as: a binary plist's null object (marker
    /// 0x00, which CF accepts and no archiver writes). With a long run of zeros around one, that is
    /// evidence enough of zero-fill even when nothing else is wrong.
    package var zerosReadAs: Set<String> = []
    /// Whether files of the format are text that version control merges, so unresolved merge-conflict
    /// markers are looked for.
    package var mayHoldMergeConflicts = false

    package init(countsProblemsWhereTheyStart: Bool = false, notReadFromBytes: Set<String> = [], zerosReadAs: Set<String> = [],
                 mayHoldMergeConflicts: Bool = false) {
        self.countsProblemsWhereTheyStart = countsProblemsWhereTheyStart
        self.notReadFromBytes = notReadFromBytes
        self.zerosReadAs = zerosReadAs
        self.mayHoldMergeConflicts = mayHoldMergeConflicts
    }
}

/// Whether the format's own numbers fit a reading proposed for a damaged file (the bytes with a
/// re-encoding undone): `FormatDescriptor.numbersFit(_:)`.
package enum NumbersFit: Sendable, Equatable {
    /// They fit; the words say how (for the diagnostic's message).
    case fit(String)
    /// They do not: the reading is not the file's.
    case misfit
    /// The format has no such numbers (its check must judge the reading).
    case noNumbers
}

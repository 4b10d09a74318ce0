import ArchiveCore

/// One reversible mechanism undone before a salvage (or for `--repair`): a wrapper taken off, a text
/// re-encoding reversed, a line-ending conversion searched back, one side of merge conflicts kept.
package struct RepairStep: Sendable, Equatable {
    package enum Mechanism: String, Sendable {
        /// base64, hex, gzip or zlib taken off.
        case wrapper
        /// Latin-1 read and UTF-8 written: every C2/C3 pair back to its one byte.
        case latin1 = "latin1-to-utf8"
        /// Every CR (0x0D) became LF (0x0A): the LF bytes that were CR, found by a search.
        case crToLF = "cr-to-lf"
        /// Every CR LF pair became LF: the CR bytes put back, found by a search.
        case crlfToLF = "crlf-to-lf"
        /// A CR was put before every LF: each taken out again (exact).
        case lfToCRLF = "lf-to-crlf"
        /// An LF was put after every CR: each taken out again (exact).
        case crToCRLF = "cr-to-crlf"
        /// Unresolved git merge-conflict markers: one side of each conflict kept (`--side`), the rest dropped.
        case mergeConflict = "merge-conflict"

        init(_ conversion: LineEndingConversion) {
            switch conversion {
            case .crToLF: self = .crToLF
            case .crlfToLF: self = .crlfToLF
            case .lfToCRLF: self = .lfToCRLF
            case .crToCRLF: self = .crToCRLF
            }
        }
    }

    package var mechanism: Mechanism
    /// What was undone, in words.
    package var summary: String
    /// Bytes whose value changed, or bytes put back or taken out.
    package var bytesChanged: Int
    package var sizeBefore: Int
    package var sizeAfter: Int
    /// Offsets (in the repaired bytes) the search could not decide and left as they were.
    package var undecided: [Int] = []
    /// Readings the search tried (for the report; zero for exact reversals).
    package var candidatesTried = 0

    /// The side kept of each merge conflict (`mergeConflict` only).
    package var side: MergeConflicts.Side?
    /// Whether a search stopped at its budget or time limit before it finished.
    package var stoppedEarly = false
    /// The changed bytes by meaning (object, class, key; the value before and after), up to
    /// `RepairStep.describedLimit`; `bytesChanged` counts them all.
    package var changes: [RepairChange] = []
    /// The undecided bytes by meaning, each with the reading kept and the other one.
    package var alternatives: [RepairChange] = []

    /// Changes and alternatives described one by one; the rest are counted.
    package static let describedLimit = 500

    package init(_ mechanism: Mechanism, summary: String, bytesChanged: Int, sizeBefore: Int, sizeAfter: Int) {
        self.mechanism = mechanism
        self.summary = summary
        self.bytesChanged = bytesChanged
        self.sizeBefore = sizeBefore
        self.sizeAfter = sizeAfter
    }
}

extension RepairStep {
    /// The step for an undone line-ending conversion.
    init(_ outcome: LineEndingRepair.Outcome, sizeBefore: Int) {
        let conversion = outcome.conversion
        let count = outcome.edits.count
        let what: String
        switch conversion {
        case .crToLF: what = "\(English.count(count, "byte")) 0x0A read back as 0x0D"
        case .crlfToLF: what = "\(English.count(count, "CR byte")) put back before LF bytes"
        case .lfToCRLF: what = "the \(English.count(count, "CR byte")) put before LF bytes taken out"
        case .crToCRLF: what = "the \(English.count(count, "LF byte")) put after CR bytes taken out"
        }
        let how = conversion == .lfToCRLF || conversion == .crToCRLF ? " (exact: each added byte sits next to the one it was added for)"
            : ", found by the format's structure"
        self.init(Mechanism(conversion), summary: "undid a text-mode transfer in which \(conversion.summary): \(what)\(how)",
                  bytesChanged: count, sizeBefore: sizeBefore, sizeAfter: outcome.bytes.count)
        let reading = LineEndingReading([], conversion, chosen: outcome.edits)
        undecided = outcome.undecided.map { conversion == .crlfToLF ? reading.readingOffset(of: $0) : $0 }
        candidatesTried = outcome.judgements
        stoppedEarly = outcome.stoppedEarly
        changes = outcome.changes
        alternatives = outcome.alternatives
    }
}

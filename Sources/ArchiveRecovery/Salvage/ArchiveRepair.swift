import ArchiveCore
import ArchiveDocuments

/// Repair before salvage: undoes what the diagnosis names as a reversible mechanism, in the order the
/// damage happened in reverse: wrappers off, then one side of unresolved git merge conflicts kept
/// (only the side `Limits.side` names), then a text re-encoding reversed exactly (Latin-1 read,
/// UTF-8 written, when `DamageAnalysis` names it), then a line-ending conversion (`LineEndingRepair`:
/// each conversion the bytes' shape allows, exactly or by a search the format judges). A repair is
/// kept only when the repaired bytes keep every object the damaged ones give, with the root intact,
/// and have fewer problems (`RepairVerdict`; the merge-conflict side is the user's choice and is not judged).
package enum ArchiveRepair {
    /// Limits of the line-ending search.
    package struct Limits: Sendable {
        /// Decodes the plausibility step may make.
        package var decodes: Int
        /// Bytes those decodes may read in all: each decode reads the whole file, so a file larger than
        /// `bytes / decodes` gets fewer (`decodes(forSize:)`), and the search's work stays bounded
        /// whatever the file's size (a 1 KB gzip stream inflates to a megabyte of LF bytes).
        package var bytes: Int
        /// Asked between decodes; true ends the search (the caller's time limit).
        package var shouldStop: @Sendable () -> Bool

        /// Which side of each unresolved git merge conflict to keep (`--side`); nil: none is chosen,
        /// and a file with conflicts is not repaired.
        package var side: MergeConflicts.Side?

        package init(decodes: Int = 2_000, bytes: Int = 512 << 20, side: MergeConflicts.Side? = nil,
                    shouldStop: @escaping @Sendable () -> Bool = { false }) {
            self.decodes = decodes
            self.bytes = bytes
            self.side = side
            self.shouldStop = shouldStop
        }

        /// The decodes a search of a file of `size` bytes may make: `decodes`, fewer when they would
        /// read more than `bytes` in all (at least one).
        package func decodes(forSize size: Int) -> Int {
            Swift.max(1, Swift.min(decodes, bytes / Swift.max(1, size)))
        }
    }

    /// The repaired bytes and the steps taken (none when nothing reversible was found).
    package struct Result: Sendable {
        package var bytes: InputBytes
        package var steps: [RepairStep]
        /// Mechanisms the diagnosis named that could not be undone, in words.
        package var notUndone: [String]
    }

    /// Repairs `input` (the file's bytes as read).
    package static func repair(_ input: InputBytes, limits: Limits = Limits()) -> Result {
        var steps: [RepairStep] = []
        var notUndone: [String] = []
        var current = InputBytes(copying: input, wrappers: [])
        if let unwrapped = Unwrapper.unwrap(current) {
            for layer in unwrapped.wrappers {
                steps.append(RepairStep(.wrapper, summary: "took the archive out of \(layer.kind.noun) (\(ValueFormatter.byteCount(layer.outerSize)) "
                                        + "\(layer.kind.verb) to \(ValueFormatter.byteCount(layer.innerSize)))",
                                        bytesChanged: abs(layer.outerSize - layer.innerSize), sizeBefore: layer.outerSize, sizeAfter: layer.innerSize))
            }
            current = InputBytes(copying: unwrapped, wrappers: [])
        }
        // A re-encoding moves every offset, so it is undone first; then a line-ending conversion.
        let document = ArchiveDocument.open(current, name: "")
        let found = EmbeddedCheck.fullCheck(of: document.graph)
        let causes = DamageAnalysis.causes(of: document.graph, diagnostics: found)
        if causes.contains(where: { $0.id == DamageCode.mergeConflict.rawValue }), let conflicts = MergeConflicts.find(current) {
            switch keepSide(of: conflicts, in: current, side: limits.side) {
            case .success(let (bytes, step)):
                steps.append(step)
                current = InputBytes(bytes)
            case .failure(let why):
                notUndone.append(why.text)
            }
        } else if let side = limits.side {
            notUndone.append("--side \(side.rawValue) was given, but the file holds no unresolved git merge conflict")
        }
        if let cause = causes.first(where: { $0.id == DamageCode.reencoded.rawValue }) {
            switch undoLatin1(current) {
            case .success(let original):
                let pairs = current.count - original.count
                steps.append(RepairStep(.latin1, summary: "reversed a Latin-1 → UTF-8 re-encoding: \(English.count(pairs, "two-byte sequence")) C2/C3 xx "
                                        + "read back as one byte each", bytesChanged: pairs, sizeBefore: current.count, sizeAfter: original.count))
                current = InputBytes(original)
            case .failure(let why):
                notUndone.append(cause.message + why.text)
            }
        }
        // A cut or zero-filled binary plist keeps an error whatever its LF bytes are: no search can be
        // accepted there (its trailer tells a cut from a conversion, which the analysis would name), so
        // only the exact inverses are tried. Formats read front to back have no such arithmetic.
        let lost: Set<String> = [DamageCode.truncated.rawValue, DamageCode.zeroFilled.rawValue]
        let settledByTrailer = { if case .binaryPlist = document.format { true } else { false } }()
        let named = causes.contains { $0.id == DamageCode.lineEndings.rawValue }
        let search = !settledByTrailer || !causes.contains { lost.contains($0.id) } || named
        let (lineEndings, why) = undoLineEndings(current, limits: limits, search: search, named: named)
        if let lineEndings {
            steps.append(lineEndings.step)
            current = InputBytes(lineEndings.bytes)
        } else if let why {
            notUndone.append(why)
        }
        return Result(bytes: current, steps: steps, notUndone: notUndone)
    }

    /// The bytes with a line-ending conversion undone, or why none was (neither when no conversion
    /// fits or the bytes already read cleanly).
    /// `search`: false tries only the conversions undone exactly (one judgement each). `named`: the
    /// diagnosis names a line-ending conversion.
    ///
    /// A search runs only where the reading shows what such damage leaves (an error, or an object or
    /// bytes nothing refers to) or the diagnosis names it: a file whose only problems are warnings of
    /// another kind (an unknown `$archiver`, say) gets the exact inverses tried and, when none reads
    /// better, no word about line endings, since nothing says its line endings were touched.
    static func undoLineEndings(_ input: InputBytes, limits: Limits, search: Bool = true,
                                named: Bool = false) -> ((bytes: [UInt8], step: RepairStep)?, String?) {
        let graph = ArchiveDocument.open(input, name: "").graph
        guard graph.container.isBinaryArchive else { return (nil, nil) }
        let baseline = RepairJudge.verdict(graph)
        let bytes = Array(input.buffer.bindMemory(to: UInt8.self))
        let evidence = named || baseline.errors > 0 || baseline.notes > 0
        let candidates = LineEndingRepair.candidates(bytes).filter { (search && evidence) || $0.exactInverse(bytes) != nil }
        // Notes count: an object nothing refers to is a note, and no archiver writes one.
        guard !baseline.isClean || baseline.notes > 0, !candidates.isEmpty else { return (nil, nil) }
        let repair = LineEndingRepair(damaged: bytes, format: graph.container, baseline: baseline, budget: limits.decodes(forSize: bytes.count),
                                      shouldStop: limits.shouldStop, only: candidates)
        guard let outcome = repair.run() else {
            guard evidence else { return (nil, nil) }
            return (nil, "no line-ending conversion (" + candidates.map(\.rawValue).joined(separator: ", ")
                    + ") undone gives a reading with fewer problems that keeps every object the file gives as it is")
        }
        return ((outcome.bytes, RepairStep(outcome, sizeBefore: bytes.count)), nil)
    }

    /// Errors and warnings (what a repair must reduce).
    static func problems(_ diagnostics: [Diagnostic]) -> Int {
        diagnostics.reduce(0) { $0 + ($1.severity == .note ? 0 : 1) }
    }

    /// Why a mechanism was not undone (a `Result` failure).
    struct NotUndone: Error {
        var text: String
    }

    /// The bytes with a Latin-1 → UTF-8 re-encoding reversed, when that reading keeps at least the
    /// objects the bytes give as they are (with the root intact) and is better (`RepairVerdict`).
    static func undoLatin1(_ input: InputBytes) -> Swift.Result<[UInt8], NotUndone> {
        guard let original = Latin1Reencoding.undo(input) else { return .failure(NotUndone(text: "")) }
        let baseline = RepairJudge.verdict(ArchiveDocument.open(input, name: "").graph)
        let verdict = RepairJudge.verdict(ArchiveDocument.open(InputBytes(original), name: "").graph)
        guard verdict.isAcceptable(against: baseline) else {
            return .failure(NotUndone(text: "; reading every C2/C3 pair back as one byte would keep " + verdict.keptText(against: baseline)
                                      + ", so the bytes are left as they are"))
        }
        guard verdict.isBetter(than: baseline) else {
            return .failure(NotUndone(text: "; reading every C2/C3 pair back as one byte reads no better (\(English.count(verdict.errors, "error")), "
                                      + "against \(baseline.errors) as the bytes are)"))
        }
        return .success(original)
    }
}

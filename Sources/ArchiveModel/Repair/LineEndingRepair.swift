/// Undoes a line-ending conversion (`LineEndingConversion`) in any binary format this tool decodes:
/// every conversion whose shape the damaged bytes have is tried, the two exact inverses first (one
/// judgement each), then the searches, and the best reading that the acceptance rule allows is kept
/// (`RepairVerdict`): it keeps at least the objects the damaged bytes give, with the root intact,
/// and has fewer problems.
struct LineEndingRepair {
    /// One conversion undone.
    struct Outcome {
        var conversion: LineEndingConversion
        var bytes: [UInt8]
        var verdict: RepairVerdict
        /// Offsets in the damaged bytes where a CR was put back, taken out or read back (the edits).
        var edits: [Int]
        /// Damaged offsets whose other reading is as good (see `GuidedLineEndingSearch.settle`).
        var undecided: [Int]
        /// The reading the search started from and the readings it judged.
        var judgements: Int
        /// Whether the budget or the time limit ended a search before it finished.
        var stoppedEarly: Bool
        /// Sites the search had no budget left to examine.
        var unexamined: Int
        /// The edits and the undecided bytes by meaning (`describe`).
        var changes: [RepairChange] = []
        var alternatives: [RepairChange] = []
    }

    let damaged: [UInt8]
    let format: ContainerFormat
    let baseline: RepairVerdict
    let budget: Int
    let shouldStop: () -> Bool
    /// The conversions to try (nil: every one the bytes' shape allows).
    var only: [LineEndingConversion]? = nil

    /// The conversions to try on `bytes`, most telling first.
    static func candidates(_ bytes: [UInt8]) -> [LineEndingConversion] {
        [.lfToCRLF, .crToCRLF, .crlfToLF, .crToLF].filter { $0.couldHaveProduced(bytes) }
    }

    /// The best accepted outcome over every candidate conversion, or nil when none is better than the
    /// damaged bytes. Stops at the first with no error whose search finished.
    func run() -> Outcome? {
        var best: Outcome?
        for conversion in only ?? Self.candidates(damaged) {
            guard !shouldStop() else { break }
            // A reading with an error left is not what a conversion alone did: real line-ending damage
            // undone reads without error, and a wrong reading (of a cut file, say) would make it worse.
            guard let outcome = undo(conversion), outcome.verdict.errors == 0, outcome.verdict.isAcceptable(against: baseline),
                  outcome.verdict.isBetter(than: baseline) else { continue }
            if best.map({ outcome.verdict.isBetter(than: $0.verdict) }) ?? true { best = outcome }
            // A reading with no error from a search that finished (or an exact inverse) is the answer: the
            // shape fitted and the structure agrees; the candidates come most telling first, and a later
            // conversion could at best trade a warning for a guess.
            if outcome.verdict.isClean || !outcome.stoppedEarly { break }
        }
        guard let best else { return nil }
        return describe(best, rival: rival(of: best))
    }

    /// When both conversions that add a byte fit (every LF after a CR: LF → CRLF or CR → CRLF), both
    /// exact inverses give bytes of the same length that differ at each pair; when the other one also
    /// reads with no error, nothing in the format tells them apart. The first is kept (LF → CRLF, by
    /// far the more common), and the other's bytes are returned, so each pair is listed undecided.
    func rival(of chosen: Outcome) -> [UInt8]? {
        guard chosen.conversion.exactInverse(damaged) != nil else { return nil }
        for other in [LineEndingConversion.lfToCRLF, .crToCRLF] where other != chosen.conversion && other.couldHaveProduced(damaged) {
            guard let bytes = other.exactInverse(damaged), bytes.count == chosen.bytes.count, bytes != chosen.bytes else { continue }
            var judge = RepairJudge()
            let verdict = judge.judge(bytes)
            if verdict.errors == 0, verdict.isAcceptable(against: baseline) { return bytes }
        }
        return nil
    }

    /// `outcome` with its edits and undecided bytes told by meaning (up to `RepairStep.describedLimit` each).
    func describe(_ outcome: Outcome, rival: [UInt8]? = nil) -> Outcome {
        var described = outcome
        let damagedGraph = ArchiveDocument.open(InputBytes(damaged), name: "").graph
        let repairedGraph = ArchiveDocument.open(InputBytes(outcome.bytes), name: "").graph
        let describer = RepairChangeDescriber(repairedGraph)
        for (i, site) in outcome.edits.prefix(RepairStep.describedLimit).enumerated() {
            // Where the edited byte is in the repaired bytes: a CR put back before site i sits at site + i;
            // an added byte taken out leaves the next one where it was, i places earlier.
            let offset: Int
            switch outcome.conversion {
            case .crToLF: offset = site
            case .crlfToLF: offset = site + i
            case .lfToCRLF, .crToCRLF: offset = site - i
            }
            var change = describer.change(at: offset, other: damagedGraph, otherOffset: site, locatedIsAfter: true, undecided: false)
            change.damagedOffset = site
            described.changes.append(change)
        }
        let reading = LineEndingReading(damaged, outcome.conversion, chosen: outcome.edits)
        // Each undecided byte told opens the file once more: no more of them than the search's budget.
        for site in outcome.undecided.prefix(Swift.min(RepairStep.describedLimit, budget)) {
            let other = reading.toggling(site)
            let otherGraph = ArchiveDocument.open(InputBytes(other.bytes), name: "").graph
            var change = describer.change(at: reading.readingOffset(of: site), other: otherGraph,
                                          otherOffset: other.readingOffset(of: site), locatedIsAfter: false, undecided: true)
            change.damagedOffset = site
            described.alternatives.append(change)
        }
        if let rival {
            // Each pair read the other way: the byte where the two exact inverses differ.
            let rivalGraph = ArchiveDocument.open(InputBytes(rival), name: "")
            described.undecided = outcome.edits
            for (i, site) in outcome.edits.prefix(RepairStep.describedLimit).enumerated() {
                let offset = site - i + (outcome.conversion == .lfToCRLF ? 0 : -1)
                guard offset >= 0, offset < rival.count, outcome.bytes[offset] != rival[offset] else { continue }
                var change = describer.change(at: offset, other: rivalGraph.graph, otherOffset: offset, locatedIsAfter: false, undecided: true)
                change.damagedOffset = site
                described.alternatives.append(change)
            }
        }
        return described
    }

    /// `conversion` undone: exactly where it can be, by search where it cannot.
    func undo(_ conversion: LineEndingConversion) -> Outcome? {
        if let original = conversion.exactInverse(damaged) {
            var judge = RepairJudge()
            let verdict = judge.judge(original)
            let edits = conversion == .lfToCRLF ? damaged.indices.filter { $0 + 1 < damaged.count && damaged[$0] == 0x0D && damaged[$0 + 1] == 0x0A }
                : damaged.indices.filter { $0 > 0 && damaged[$0] == 0x0A && damaged[$0 - 1] == 0x0D }
            return Outcome(conversion: conversion, bytes: original, verdict: verdict, edits: edits, undecided: [], judgements: 1,
                           stoppedEarly: false, unexamined: 0)
        }
        guard conversion == .crToLF || conversion == .crlfToLF else { return nil }
        let start = structuralStart(conversion)
        var search = GuidedLineEndingSearch(LineEndingReading(damaged, conversion, chosen: start.chosen), budget: budget,
                                            shouldStop: shouldStop, settled: start.settledFrom, values: start.values)
        search.run()
        return Outcome(conversion: conversion, bytes: search.reading.bytes, verdict: search.verdict, edits: search.reading.chosen,
                       undecided: search.undecided, judgements: search.judgements, stoppedEarly: search.stoppedEarly,
                       unexamined: search.unexamined)
    }

    /// Where the search starts: for a binary plist, the sites its structure already decides (trailer,
    /// offset table and lengths, references in the writers' order, UIDs; `CRToLFRepair`,
    /// `CRLFToLFRepair`), the offset from which the bytes are settled by that structure (the offset
    /// table and trailer: the search leaves them) and the sites inside values (undecided without a
    /// judgement); for the formats read front to back, none.
    func structuralStart(_ conversion: LineEndingConversion) -> (chosen: [Int], settledFrom: Int?, values: Set<Int>) {
        guard case .binaryPlist = format else { return ([], nil, []) }
        switch conversion {
        case .crToLF:
            var structural = CRToLFRepair(damaged)
            guard structural.runStructure() else { return ([], nil, []) }
            return (structural.changed, structural.tableStart, Set(structural.valueSites))
        case .crlfToLF:
            var structural = CRLFToLFRepair(damaged)
            guard structural.run(budget: budget * 50) != nil else { return ([], nil, []) }
            // The offset table decided every object's length, so every byte is settled; the LF bytes of
            // an object whose CRs could sit before several of them are listed undecided.
            let inserted = Set(structural.insertions)
            let open = structural.undecidedRanges.flatMap { r in r.filter { damaged[$0] == 0x0A && !inserted.contains($0) } }
            return (structural.insertions.sorted(), 0, Set(open))
        default:
            return ([], nil, [])
        }
    }
}

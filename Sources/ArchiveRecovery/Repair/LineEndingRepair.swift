import ArchiveCore
import ArchiveDocuments

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
        /// Undecided sites that only change together (a group's other placement): the other reading of
        /// each of their sites toggles the whole move.
        var undecidedMoves: [[Int]] = []
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
    /// damaged bytes. The exact inverses are judged first (one judgement each); then each search takes
    /// its forward step, and the searches are settled best first (`forwardOrder`), so a conversion the
    /// bytes only happen to fit (a CR → LF copy has no CR, so it fits CR LF → LF too) does not spend
    /// the time limit before the one that moves the first error on. Stops at the first outcome with no
    /// error whose search finished.
    func run() -> Outcome? {
        var best: Outcome?
        var searches: [(conversion: LineEndingConversion, search: GuidedLineEndingSearch)] = []
        for conversion in only ?? Self.candidates(damaged) {
            // An exact inverse is one judgement: it is tried even when the time limit has passed (a
            // loaded machine can spend it on reading the file), so a result never depends on the load.
            if let outcome = exactOutcome(conversion) {
                if consider(outcome, best: &best) { return describe(outcome, rival: rival(of: outcome)) }
            } else if !shouldStop(), var search = startSearch(conversion) {
                search.forward()
                searches.append((conversion, search))
            }
        }
        for (conversion, var search) in Self.forwardOrder(searches) {
            guard !shouldStop() else { break }
            search.settle()
            var outcome = Outcome(conversion: conversion, bytes: search.reading.bytes, verdict: search.verdict, edits: search.reading.chosen,
                                  undecided: search.undecided, judgements: search.judgements, stoppedEarly: search.stoppedEarly,
                                  unexamined: search.unexamined)
            outcome.undecidedMoves = search.undecidedMoves
            if consider(outcome, best: &best) { break }
        }
        guard let best else { return nil }
        return describe(best, rival: rival(of: best))
    }

    /// Keeps `outcome` in `best` when it is accepted and better; true when it ends the repair.
    /// A reading with an error left is not what a conversion alone did: real line-ending damage undone
    /// reads without error, and a wrong reading (of a cut file, say) would make it worse. A reading with
    /// no error from a search that finished (or an exact inverse) is the answer: the shape fitted and
    /// the structure agrees; a later conversion could at best trade a warning for a guess.
    private func consider(_ outcome: Outcome, best: inout Outcome?) -> Bool {
        guard outcome.verdict.errors == 0, outcome.verdict.isAcceptable(against: baseline),
              outcome.verdict.isBetter(than: baseline) else { return false }
        if best.map({ outcome.verdict.isBetter(than: $0.verdict) }) ?? true { best = outcome }
        return outcome.verdict.isClean || !outcome.stoppedEarly
    }

    /// The searches in the order to settle them: a forward step that left no error first, then the
    /// one whose first error lies furthest into the damaged bytes, then the better verdict; ties keep
    /// the candidates' order.
    static func forwardOrder(_ searches: [(conversion: LineEndingConversion, search: GuidedLineEndingSearch)])
        -> [(conversion: LineEndingConversion, search: GuidedLineEndingSearch)] {
        let reach = { (s: GuidedLineEndingSearch) -> Int in
            s.verdict.errors == 0 ? Int.max : (s.verdict.firstError.map(s.reading.damagedOffset) ?? Int.max)
        }
        return searches.enumerated().sorted { a, b in
            let (ra, rb) = (reach(a.element.search), reach(b.element.search))
            if ra != rb { return ra > rb }
            if a.element.search.verdict.isBetter(than: b.element.search.verdict) { return true }
            if b.element.search.verdict.isBetter(than: a.element.search.verdict) { return false }
            return a.offset < b.offset
        }.map(\.element)
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
        let describer = RepairChangeDescriber(repairedGraph, places: Self.places(outcome.bytes))
        let damagedPlaces = Self.places(damaged)
        // The damaged reading's index, built once for every edit when its objects are not the repaired one's.
        let damagedIndex = damagedGraph.objectCount == repairedGraph.objectCount ? nil : ObjectRangeIndex(damagedGraph)
        for (i, site) in outcome.edits.prefix(RepairStep.describedLimit).enumerated() {
            // Where the edited byte is in the repaired bytes: a CR put back before site i sits at site + i;
            // an added byte taken out leaves the next one where it was, i places earlier.
            let offset: Int
            switch outcome.conversion {
            case .crToLF: offset = site
            case .crlfToLF: offset = site + i
            case .lfToCRLF, .crToCRLF: offset = site - i
            }
            var change = describer.change(at: offset, other: damagedGraph, otherOffset: site, locatedIsAfter: true, undecided: false,
                                          otherIndex: damagedIndex, otherPlaces: damagedPlaces)
            change.damagedOffset = site
            described.changes.append(change)
        }
        let reading = LineEndingReading(damaged, outcome.conversion, chosen: outcome.edits)
        // Each undecided byte told opens the file once more: no more of them than the search's budget.
        for site in outcome.undecided.prefix(Swift.min(RepairStep.describedLimit, budget)) {
            let other = reading.toggling(outcome.undecidedMoves.first { $0.contains(site) } ?? [site])
            let otherGraph = ArchiveDocument.open(InputBytes(other.bytes), name: "").graph
            let offset = reading.readingOffset(of: site)
            // The other reading's plist places (a pass over its objects) only for a byte no object holds.
            let apart = describer.places != nil && describer.index.innermost(containing: offset) == nil
            var change = describer.change(at: offset, other: otherGraph, otherOffset: other.readingOffset(of: site), locatedIsAfter: false,
                                          undecided: true, otherPlaces: apart ? Self.places(other.bytes) : nil)
            change.damagedOffset = site
            described.alternatives.append(change)
        }
        if let rival {
            // Each pair read the other way: the byte where the two exact inverses differ.
            let rivalGraph = ArchiveDocument.open(InputBytes(rival), name: "")
            let rivalIndex = rivalGraph.graph.objectCount == repairedGraph.objectCount ? nil : ObjectRangeIndex(rivalGraph.graph)
            described.undecided = outcome.edits
            let rivalPlaces = describer.places == nil ? nil : Self.places(rival)
            for (i, site) in outcome.edits.prefix(RepairStep.describedLimit).enumerated() {
                let offset = site - i + (outcome.conversion == .lfToCRLF ? 0 : -1)
                guard offset >= 0, offset < rival.count, outcome.bytes[offset] != rival[offset] else { continue }
                var change = describer.change(at: offset, other: rivalGraph.graph, otherOffset: offset, locatedIsAfter: false, undecided: true,
                                              otherIndex: rivalIndex, otherPlaces: rivalPlaces)
                change.damagedOffset = site
                described.alternatives.append(change)
            }
        }
        return described
    }

    /// The binary plist places of `bytes` for the report (nil for the other formats).
    static func places(_ bytes: [UInt8]) -> BinaryPlistPlaces? {
        bytes.starts(with: Array("bplist".utf8)) ? BinaryPlistPlaces(bytes) : nil
    }

    /// `conversion` undone exactly, judged (nil when it has no exact inverse).
    func exactOutcome(_ conversion: LineEndingConversion) -> Outcome? {
        guard let original = conversion.exactInverse(damaged) else { return nil }
        var judge = RepairJudge()
        let verdict = judge.judge(original)
        let edits = conversion == .lfToCRLF ? damaged.indices.filter { $0 + 1 < damaged.count && damaged[$0] == 0x0D && damaged[$0 + 1] == 0x0A }
            : damaged.indices.filter { $0 > 0 && damaged[$0] == 0x0A && damaged[$0 - 1] == 0x0D }
        return Outcome(conversion: conversion, bytes: original, verdict: verdict, edits: edits, undecided: [], judgements: 1,
                       stoppedEarly: false, unexamined: 0)
    }

    /// The search for `conversion` (one that lost information: `crToLF`, `crlfToLF`), from where the
    /// format's structure puts it; nil when the structure rules the conversion out (a binary plist
    /// whose trailer and offset table fit no such reading: a blind search there could only spend the
    /// time limit, since no reading with a misplaced table reads without error).
    func startSearch(_ conversion: LineEndingConversion) -> GuidedLineEndingSearch? {
        guard conversion == .crToLF || conversion == .crlfToLF, let start = structuralStart(conversion) else { return nil }
        return GuidedLineEndingSearch(LineEndingReading(damaged, conversion, chosen: start.chosen), budget: budget,
                                      shouldStop: shouldStop, settled: start.settledFrom, values: start.values, open: start.open,
                                      groups: start.groups, links: start.links)
    }

    /// `conversion` undone: exactly where it can be, by search where it cannot.
    func undo(_ conversion: LineEndingConversion) -> Outcome? {
        if let exact = exactOutcome(conversion) { return exact }
        guard var search = startSearch(conversion) else { return nil }
        search.run()
        var outcome = Outcome(conversion: conversion, bytes: search.reading.bytes, verdict: search.verdict, edits: search.reading.chosen,
                              undecided: search.undecided, judgements: search.judgements, stoppedEarly: search.stoppedEarly,
                              unexamined: search.unexamined)
        outcome.undecidedMoves = search.undecidedMoves
        return outcome
    }

    /// Where the search starts: what the format's own numbers decide (its descriptor's
    /// `lineEndingStructure`: a binary plist's trailer, offset table, lengths, references in the
    /// writers' order and UIDs; a NIBArchive's table arithmetic; nothing for a typedstream, read front
    /// to back), or nil when they fit no reading of the conversion.
    func structuralStart(_ conversion: LineEndingConversion) -> LineEndingStructure? {
        guard let descriptor = FormatRegistry.descriptor(for: format) else { return LineEndingStructure() }
        return descriptor.lineEndingStructure(of: damaged, as: format, undoing: conversion, context: .archives(budget: budget))
    }
}


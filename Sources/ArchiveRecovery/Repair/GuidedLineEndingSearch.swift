import ArchiveCore

/// Searches back a line-ending conversion that lost information (`crToLF`, `crlfToLF`) with the
/// format's own check as the judge, for any format: the one search for typedstreams and NIBArchives,
/// whose structure is read front to back, and the last step for binary plists after their
/// structure-driven steps (`CRToLFRepair`, `CRLFToLFRepair`).
///
/// 1. **Forward**: a reading breaks at its first error; the byte that broke it lies before it (a
///    length, count or reference read from an LF that was a CR, or a CR lost before an LF), so the
///    sites just before the first error are tried, nearest first, and the one that moves the first
///    error furthest on (or removes every error) is kept. Repeated until the reading is clean or no
///    site helps.
/// 2. **Settle**: every site is then tried the other way once more: a change that gives a better
///    verdict (fewer problems, more objects kept: an object nothing referred to now referred to) is
///    kept; one that gives an equally good verdict leaves the site *undecided*, with both readings
///    reported; one that gives a worse verdict decides it. Sites inside values (string and data
///    bytes, numbers) have no structure to decide them and are undecided.
///
/// Bounded by `budget` judgements and `shouldStop` (a time limit), both reported when hit.
struct GuidedLineEndingSearch {
    private(set) var reading: LineEndingReading
    private(set) var verdict: RepairVerdict
    /// Sites where the other reading is as good (reported with both readings).
    private(set) var undecided: [Int] = []
    /// The undecided placements of groups: each the sites that toggle together to the other reading.
    private(set) var undecidedMoves: [[Int]] = []
    /// Sites the settle step could not examine within the budget.
    private(set) var unexamined = 0
    /// Whether the budget or the time limit ended the search early.
    private(set) var stoppedEarly = false
    private(set) var judge = RepairJudge()
    private let sites: [Int]
    private let valueSites: Set<Int>
    /// Sites the settle step tries (nil: every site outside values): those the format's structure
    /// left open, and any the forward step changes.
    private let openSites: Set<Int>?
    /// The sites chosen when the search started (the structure's choices).
    private let startChosen: Set<Int>
    /// Sets of placements of which exactly one is chosen (the CRs a CR LF → LF transfer took from
    /// one object: the count is decided, not which LF bytes): the settle step tries each other
    /// placement in one move, since taking one CR out alone would shift every later byte.
    private let groups: [[[Int]]]
    /// Sites that read as another site does (`LineEndingStructure.links`).
    private let links: [(copy: Int, original: Int)]
    private let budget: Int
    private let shouldStop: () -> Bool

    /// Sites before the first error tried per step.
    static let window = 24

    /// `settled`: an offset from which the format's structure has decided every byte (a binary
    /// plist's offset table and trailer); the search leaves sites there as they are.
    /// `values`: sites known to lie inside values (string, data, number payloads): the settle step
    /// lists them undecided without judging them. `open`: the sites the structure left open (nil: all).
    init(_ start: LineEndingReading, budget: Int, shouldStop: @escaping () -> Bool, settled: Int? = nil, values: Set<Int> = [],
         open: Set<Int>? = nil, groups: [[[Int]]] = [], links: [(copy: Int, original: Int)] = []) {
        reading = start
        self.groups = groups
        self.links = links
        sites = LineEndingConversion.sites(in: start.damaged).filter { $0 < (settled ?? Int.max) }
        valueSites = values
        openSites = open
        startChosen = Set(start.chosen)
        self.budget = budget
        self.shouldStop = shouldStop
        var judge = RepairJudge()
        verdict = judge.judge(start.bytes)
        self.judge = judge
    }

    var judgements: Int { judge.judgements }

    /// Whether the budget or the time limit is spent (and so the search stopped early).
    private mutating func exhausted() -> Bool {
        if judge.judgements >= budget || shouldStop() { stoppedEarly = true }
        return stoppedEarly
    }

    /// Runs both steps.
    mutating func run() {
        forward()
        settle()
    }

    /// Step 1: moves the first error on, one site at a time.
    mutating func forward() {
        while !verdict.isClean, !exhausted(), let first = verdict.firstError {
            // The byte that broke the reading lies before the error, or inside its range (an error in an
            // embedded archive is reported on the whole data value).
            let limit = reading.damagedOffset(of: Swift.max(first, (verdict.firstErrorEnd ?? first) - 1))
            let candidates = sites.filter { $0 <= limit + 1 && !reading.isChosen($0) }.suffix(Self.window).reversed()
            var best: (reading: LineEndingReading, verdict: RepairVerdict)?
            for site in candidates {
                guard !exhausted() else { break }
                let trial = reading.toggling(site)
                let v = judge.judge(trial.bytes)
                guard progresses(v, trial, over: verdict, reading) else { continue }
                if let current = best, !progresses(v, trial, over: current.verdict, current.reading) { continue }
                best = (trial, v)
            }
            guard let best else { return }
            reading = best.reading
            verdict = best.verdict
        }
    }

    /// Whether `v` (of reading `r`) gets further than `u` (of `s`): clean where `u` was not, a first
    /// error later in the damaged bytes, or the same first error and a better verdict.
    private func progresses(_ v: RepairVerdict, _ r: LineEndingReading, over u: RepairVerdict, _ s: LineEndingReading) -> Bool {
        if v.errors == 0 || u.errors == 0 { return v.errors == 0 && (u.errors > 0 || v.isBetter(than: u)) }
        let a = v.firstError.map(r.damagedOffset) ?? Int.max, b = u.firstError.map(s.damagedOffset) ?? Int.max
        return a != b ? a > b : v.isBetter(than: u)
    }

    /// Step 2: every site tried the other way, and every group's other placements; the change giving
    /// the best verdict is kept, and the round repeats over the changes that helped or tied. When
    /// several changes give the same best verdict (two references, one of which was 13: either reading
    /// keeps every object), the one that fits the writer's numbering best is kept
    /// (`RepairVerdict.fitsWriterBetter`) and all of them are undecided. Two sites each worse toggled
    /// alone are tried together (a CR moved: two references swapped), the same way. Sites whose other
    /// reading ties in the last round are undecided too.
    mutating func settle() {
        // A site the structure decided stays decided unless the forward step changed it.
        var candidates = sites.filter { site in
            !valueSites.contains(site) && (openSites.map { $0.contains(site) || reading.isChosen(site) != startChosen.contains(site) } ?? true)
        }.map { [$0] }
        var ties: [(move: [Int], verdict: RepairVerdict)] = []
        var alike: [[Int]] = []
        while !exhausted() {
            var improving: [(move: [Int], verdict: RepairVerdict)] = []
            var nearMisses: [Int] = []
            ties = []
            let moves = candidates + groupMoves()
            for (index, move) in moves.enumerated() {
                guard !exhausted() else {
                    unexamined = moves.count - index
                    break
                }
                let v = judge.judge(reading.toggling(move).bytes)
                if v.isBetter(than: verdict) {
                    improving.append((move, v))
                } else if v.ties(verdict) {
                    ties.append((move, v))
                } else if move.count == 1, v.errors == verdict.errors, v.kept < verdict.kept {
                    nearMisses.append(move[0])
                }
            }
            guard var best = improving.first else {
                // Only equally good readings: the one that fits the writer's numbering best is written
                // (a tie-break: the sites stay undecided), and the round repeats from it. Else a CR moved
                // from one site to another (two sites each worse alone: two references swapped).
                let fitter = ties.min { $0.verdict.fitsWriterBetter(than: $1.verdict) }
                    .flatMap { $0.verdict.fitsWriterBetter(than: verdict) ? $0 : nil } ?? pairMove(among: nearMisses)
                guard let fitter else { break }
                // A pair move holds one or more swaps, each undecided on its own.
                if fitter.verdict.ties(verdict) { alike += fitter.move.count > 1 && groups.isEmpty ? Self.pairs(fitter.move) : [fitter.move] }
                reading = reading.toggling(fitter.move)
                verdict = fitter.verdict
                candidates = (ties.map(\.move) + nearMisses.map { [$0] }).filter { $0.count == 1 && $0 != fitter.move }.sorted { $0[0] < $1[0] }
                continue
            }
            for candidate in improving.dropFirst() where candidate.verdict.isBetter(than: best.verdict) { best = candidate }
            let equal = improving.filter { $0.verdict.ties(best.verdict) }
            let chosen = equal.min { $0.verdict.fitsWriterBetter(than: $1.verdict) } ?? best
            if equal.count > 1 { alike += equal.map(\.move) }
            reading = reading.toggling(chosen.move)
            verdict = chosen.verdict
            candidates = (improving.map(\.move) + ties.map(\.move)).filter { $0.count == 1 && $0 != chosen.move }.sorted { $0[0] < $1[0] }
        }
        let moves = alike + ties.map(\.move)
        undecidedMoves = moves.filter { $0.count > 1 }
        undecided = Set(moves.joined()).union(valueSites.filter { !reading.isChosen($0) }).sorted()
        alignLinks()
    }

    /// Reads each linked site as its original now reads (a copy written twice by the writer). The
    /// copies are objects nothing refers to, so the verdict does not change.
    private mutating func alignLinks() {
        let off = links.filter { reading.isChosen($0.copy) != reading.isChosen($0.original) }.map(\.copy)
        if !off.isEmpty { reading = reading.toggling(off) }
    }

    /// Pairs of sites tried together, per site: the next ones among the near misses.
    static let pairWindow = 8

    /// Judgements the pair moves may spend in all: a share of the budget, so that they never starve
    /// the single sites.
    private lazy var pairBudget = budget / 10

    /// Moves of a CR from one site to another among `sites` (each of which, toggled alone, kept the
    /// errors but lost an object: one of two swapped references) that give a better verdict, or an
    /// equally good one that fits the writer better: the disjoint ones together when that reading fits
    /// too, else the best alone. Bounded by `pairBudget`.
    private mutating func pairMove(among sites: [Int]) -> (move: [Int], verdict: RepairVerdict)? {
        var fitting: [(move: [Int], verdict: RepairVerdict)] = []
        search: for (i, a) in sites.enumerated() {
            for b in sites.dropFirst(i + 1).prefix(Self.pairWindow) where reading.isChosen(a) != reading.isChosen(b) {
                guard pairBudget > 0, !exhausted() else { break search }
                pairBudget -= 1
                let v = judge.judge(reading.toggling([a, b]).bytes)
                if fits(v, over: verdict) { fitting.append(([a, b], v)) }
            }
        }
        guard var best = fitting.first else { return nil }
        for candidate in fitting.dropFirst() where fits(candidate.verdict, over: best.verdict) { best = candidate }
        // The swaps found apart, together (each site in one of them only), best first.
        var used = Set<Int>(), together: [Int] = []
        for candidate in fitting.sorted(by: { fits($0.verdict, over: $1.verdict) }) where used.isDisjoint(with: candidate.move) {
            used.formUnion(candidate.move)
            together += candidate.move
        }
        guard together.count > best.move.count, !exhausted() else { return best }
        let v = judge.judge(reading.toggling(together).bytes)
        return fits(v, over: best.verdict) || v.ties(best.verdict) && !best.verdict.fitsWriterBetter(than: v) ? (together, v) : best
    }

    /// `sites` two by two.
    private static func pairs(_ sites: [Int]) -> [[Int]] {
        stride(from: 0, to: sites.count, by: 2).map { Array(sites[$0..<Swift.min($0 + 2, sites.count)]) }
    }

    /// Whether `v` is a better verdict than `u`, or as good and fits the writer better.
    private func fits(_ v: RepairVerdict, over u: RepairVerdict) -> Bool {
        v.isBetter(than: u) || (v.ties(u) && v.fitsWriterBetter(than: u))
    }

    /// For each group, the moves from its chosen placement to each other one (the sites to toggle).
    private func groupMoves() -> [[Int]] {
        groups.flatMap { group -> [[Int]] in
            guard let current = group.first(where: { $0.allSatisfy(reading.isChosen) }) else { return [] }
            return group.filter { $0 != current }.map { Set(current).symmetricDifference($0).sorted() }
        }
    }
}

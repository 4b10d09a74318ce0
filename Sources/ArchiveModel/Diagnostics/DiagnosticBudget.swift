/// How many diagnostics of one id a producer stores: the first `perID` of each id, in the order they
/// are found, with every later one counted but not built (its message, notes and position cost
/// memory and time a damaged or foreign file must not be able to multiply). The counts stay exact:
/// `suppressionNotes()` gives one note per id past the cap, carrying the id and how many were left
/// out (`DiagnosticSuppression`), which `--check`, `--json` and the browser's problems list show.
///
/// The one place every producer takes this from: decoders that can meet a problem per byte or per
/// token ask `admit` before building a diagnostic; the whole check caps what the rules produced
/// (`capped(_:)`), so no producer can make the report grow past `perID` diagnostics an id.
package struct DiagnosticBudget: Sendable {
    /// Diagnostics stored per id unless a producer says otherwise.
    package static let defaultPerID = 1_000

    package let perID: Int
    /// Diagnostics met so far, by id (stored and left out).
    package private(set) var counts: [String: Int] = [:]

    package init(perID: Int = DiagnosticBudget.defaultPerID) {
        self.perID = Swift.max(1, perID)
    }

    /// Counts one diagnostic of `id`; true while it is within the budget and should be stored.
    package mutating func admit(_ id: String) -> Bool {
        let count = (counts[id] ?? 0) + 1
        counts[id] = count
        return count <= perID
    }

    /// `admit` for a catalog code.
    package mutating func admit<Code: DiagnosticCatalog>(_ code: Code) -> Bool { admit(code.rawValue) }

    /// Diagnostics of `id` met but not stored.
    package func suppressed(_ id: String) -> Int { Swift.max(0, (counts[id] ?? 0) - perID) }

    /// One note per id that went past the budget, in id order.
    package func suppressionNotes() -> [Diagnostic] {
        counts.keys.sorted().compactMap { id in
            let left = suppressed(id)
            return left > 0 ? Self.note(id: id, suppressed: left, kept: perID) : nil
        }
    }

    /// `diagnostics` with at most `perID` of each id (the first in list order) and a note per id
    /// past it; a note already standing for an id (a producer's own) is kept as it is and its count
    /// added to.
    package static func capped(_ diagnostics: [Diagnostic], perID: Int = defaultPerID) -> [Diagnostic] {
        var budget = DiagnosticBudget(perID: perID)
        var kept: [Diagnostic] = []
        kept.reserveCapacity(Swift.min(diagnostics.count, 4 * perID))
        for d in diagnostics where d.suppression != nil || budget.admit(d.id) { kept.append(d) }
        guard budget.counts.values.contains(where: { $0 > budget.perID }) else { return kept }
        return kept + budget.suppressionNotes()
    }

    /// The suppression counts in `diagnostics`, summed by id (what `--json` reports as `suppressed`).
    package static func suppressedCounts(in diagnostics: [Diagnostic]) -> [(id: String, count: Int)] {
        var sums: [String: Int] = [:]
        for d in diagnostics { if let s = d.suppression { sums[s.id, default: 0] += s.count } }
        return sums.keys.sorted().map { ($0, sums[$0] ?? 0) }
    }

    static func note(id: String, suppressed: Int, kept: Int) -> Diagnostic {
        Diagnostic(DocumentCode.diagnosticsSuppressed,
                   "\(suppressed) more \(id) diagnostics were counted but not stored: the first \(kept) are listed "
                   + "(\(suppressed + kept) in all)",
                   suppression: DiagnosticSuppression(id: id, count: suppressed))
    }
}

/// Diagnostics of one id that a producer counted and left out (see `DiagnosticBudget`).
package struct DiagnosticSuppression: Hashable, Sendable {
    /// The id of the diagnostics left out.
    package let id: String
    /// How many were left out.
    package let count: Int

    package init(id: String, count: Int) {
        self.id = id
        self.count = count
    }
}

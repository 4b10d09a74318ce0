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
    /// The most severe severity met of each id, which a count of those left out is tallied as.
    private var severities: [String: Severity] = [:]

    package init(perID: Int = DiagnosticBudget.defaultPerID) {
        self.perID = Swift.max(1, perID)
    }

    /// Counts one diagnostic of `id` with `severity`; true while it is within the budget and should be
    /// stored.
    package mutating func admit(_ id: String, severity: Severity) -> Bool {
        let count = (counts[id] ?? 0) + 1
        counts[id] = count
        if severities[id].map({ $0 < severity }) ?? true { severities[id] = severity }
        return count <= perID
    }

    /// `admit` for a diagnostic.
    package mutating func admit(_ diagnostic: Diagnostic) -> Bool { admit(diagnostic.id, severity: diagnostic.severity) }

    /// `admit` for a catalog code, at its default severity.
    package mutating func admit<Code: DiagnosticCatalog>(_ code: Code) -> Bool { admit(code.rawValue, severity: code.severity) }

    /// Diagnostics of `id` met but not stored.
    package func suppressed(_ id: String) -> Int { Swift.max(0, (counts[id] ?? 0) - perID) }

    /// One note per id that went past the budget, in id order.
    package func suppressionNotes() -> [Diagnostic] {
        counts.keys.sorted().compactMap { id in
            let left = suppressed(id)
            return left > 0 ? Self.note(id: id, suppressed: left, kept: perID, severity: severities[id] ?? .note) : nil
        }
    }

    /// `diagnostics` with at most `perID` of each id (the first in list order) and a note per id
    /// past it; a note already standing for an id (a producer's own) is kept as it is and its count
    /// added to.
    package static func capped(_ diagnostics: [Diagnostic], perID: Int = defaultPerID) -> [Diagnostic] {
        var budget = DiagnosticBudget(perID: perID)
        var kept: [Diagnostic] = []
        kept.reserveCapacity(Swift.min(diagnostics.count, 4 * perID))
        for d in diagnostics where d.suppression != nil || budget.admit(d) { kept.append(d) }
        guard budget.counts.values.contains(where: { $0 > budget.perID }) else { return kept }
        return kept + budget.suppressionNotes()
    }

    /// The suppression counts in `diagnostics`, summed by id (what `--json` reports as `suppressed`),
    /// each with the most severe severity its notes name.
    package static func suppressedCounts(in diagnostics: [Diagnostic]) -> [(id: String, count: Int, severity: Severity)] {
        var sums: [String: (count: Int, severity: Severity)] = [:]
        for d in diagnostics {
            guard let s = d.suppression else { continue }
            let sum = sums[s.id] ?? (0, s.severity)
            sums[s.id] = (sum.count + s.count, Swift.max(sum.severity, s.severity))
        }
        return sums.keys.sorted().map { ($0, sums[$0]?.count ?? 0, sums[$0]?.severity ?? .note) }
    }

    static func note(id: String, suppressed: Int, kept: Int, severity: Severity) -> Diagnostic {
        Diagnostic(DocumentCode.diagnosticsSuppressed,
                   "\(suppressed) more \(id) diagnostics were counted but not stored: the first \(kept) are listed "
                   + "(\(suppressed + kept) in all)",
                   suppression: DiagnosticSuppression(id: id, count: suppressed, severity: severity))
    }
}

/// Diagnostics of one id that a producer counted and left out (see `DiagnosticBudget`).
package struct DiagnosticSuppression: Hashable, Sendable {
    /// The id of the diagnostics left out.
    package let id: String
    /// How many were left out.
    package let count: Int
    /// What they are (the most severe of them): the summary counts them as errors, warnings or notes.
    package let severity: Severity

    package init(id: String, count: Int, severity: Severity) {
        self.id = id
        self.count = count
        self.severity = severity
    }
}

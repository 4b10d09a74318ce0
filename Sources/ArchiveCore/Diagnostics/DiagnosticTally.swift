/// Errors, warnings and notes of a list of diagnostics, with those a producer counted but did not
/// store (`DiagnosticBudget`) counted as what they are: the counts `--check`'s summary, the status
/// line and the problems list show.
package struct DiagnosticTally: Sendable, Equatable {
    package var errors = 0
    package var warnings = 0
    package var notes = 0

    package init(_ diagnostics: [Diagnostic]) {
        for d in diagnostics { add(d.severity, 1) }
        for s in DiagnosticBudget.suppressedCounts(in: diagnostics) { add(s.severity, s.count) }
    }

    /// Errors and warnings: what a front end calls problems (notes are facts).
    package var problems: Int { errors + warnings }

    private mutating func add(_ severity: Severity, _ n: Int) {
        switch severity {
        case .error: errors += n
        case .warning: warnings += n
        case .note: notes += n
        }
    }
}

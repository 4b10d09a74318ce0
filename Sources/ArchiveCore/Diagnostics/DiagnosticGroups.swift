/// Reporting order and grouping of diagnostics, shared by `--check`, `--dump`, the status line and
/// the problems list.
///
/// Whole-file causes (`damage.*`) and wrappers (`wrapper.*`) come first, then errors and warnings by
/// offset, then notes by offset: the first line is never a note while an error exists (issue 38). An
/// id reported `threshold` times or more becomes one group placed where its first member in that
/// order is, its members by offset ("214 × xml.string.control-character, first at …"); `--json`
/// keeps every one.
package enum DiagnosticGroups {
    /// Ids seen this many times or more are grouped.
    package static let threshold = 4

    /// One line of a grouped report: a diagnostic on its own, or every diagnostic of one id.
    package enum Entry: Sendable, Equatable {
        case single(Diagnostic)
        /// `members` in report order; the first stands for the group.
        case group(id: String, members: [Diagnostic])

        /// The diagnostic shown for the entry (a group's first member).
        package var first: Diagnostic {
            switch self {
            case .single(let d): d
            case .group(_, let members): members[0]
            }
        }

        /// How many diagnostics the entry stands for.
        package var count: Int {
            switch self {
            case .single: 1
            case .group(_, let members): members.count
            }
        }

        /// The worst severity among the members.
        package var severity: Severity {
            switch self {
            case .single(let d): d.severity
            case .group(_, let members): members.map(\.severity).max() ?? .note
            }
        }
    }

    /// Whether `d` names a cause of the whole file rather than a place in it.
    package static func isWholeFile(_ d: Diagnostic) -> Bool {
        d.id.hasPrefix("damage.") || d.id.hasPrefix("wrapper.")
    }

    /// Wrappers first (outermost first, each followed by the problems met taking it off), then the
    /// damage causes (worst first, in the order found), then the errors and warnings by offset, then
    /// the notes by offset.
    package static func reportOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let wrappers = diagnostics.filter { $0.id.hasPrefix("wrapper.") }
        let causes = diagnostics.filter { $0.id.hasPrefix("damage.") }
        guard !wrappers.isEmpty || !causes.isEmpty else { return problemsThenNotes(diagnostics) }
        let rest = diagnostics.filter { !isWholeFile($0) }
        let rankedCauses = causes.enumerated().sorted { a, b in
            a.element.severity != b.element.severity ? a.element.severity > b.element.severity : a.offset < b.offset
        }.map(\.element)
        return wrappers + rankedCauses + problemsThenNotes(rest)
    }

    /// Errors and warnings by offset, then notes by offset.
    static func problemsThenNotes(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let sorted = diagnostics.sortedByOffset()
        return sorted.filter { $0.severity >= .warning } + sorted.filter { $0.severity < .warning }
    }

    /// `diagnostics` in report order with ids of `threshold` or more members grouped at their first
    /// member's place. Whole-file causes are never grouped.
    package static func entries(_ diagnostics: [Diagnostic], threshold: Int = threshold) -> [Entry] {
        let ordered = reportOrder(diagnostics)
        var counts: [String: Int] = [:]
        // A note standing for diagnostics left out (`DiagnosticBudget`) is one per id: never grouped.
        for d in ordered where !isWholeFile(d) && d.suppression == nil { counts[d.id, default: 0] += 1 }
        var members: [String: [Diagnostic]] = [:]
        // A group's members by offset, whatever their severities (its first stands for it).
        for d in diagnostics.sortedByOffset() where !isWholeFile(d) && (counts[d.id] ?? 0) >= threshold { members[d.id, default: []].append(d) }
        var entries: [Entry] = []
        var placed = Set<String>()
        for d in ordered {
            guard let group = members[d.id], !isWholeFile(d) else { entries.append(.single(d)); continue }
            if placed.insert(d.id).inserted { entries.append(.group(id: d.id, members: group)) }
        }
        return entries
    }
}

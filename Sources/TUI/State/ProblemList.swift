import ArchiveModel

/// One line of the problems list.
enum ProblemRow: Sendable, Equatable {
    /// A diagnostic reported once (or fewer times than a group needs).
    case single(Diagnostic)
    /// Every diagnostic of one id reported `DiagnosticGroups.threshold` times or more, as one line
    /// ("214 × xml.string.control-character, first at 1034"); Enter opens it.
    case group(id: String, members: Int, first: Diagnostic, severity: Severity, isOpen: Bool)
    /// A member of an open group.
    case member(Diagnostic)
    /// A secondary location of the diagnostic above it, indented under it.
    case note(DiagnosticNote, of: Diagnostic, inGroup: Bool)

    /// The diagnostic the row is about (a group's first member).
    var diagnostic: Diagnostic {
        switch self {
        case .single(let d), .member(let d), .note(_, let d, _): d
        case .group(_, _, let first, _, _): first
        }
    }

    /// The severity the row shows (a group's worst; a note's diagnostic's).
    var severity: Severity {
        if case .group(_, _, _, let worst, _) = self { return worst }
        return diagnostic.severity
    }
}

/// The problems list: the full check's diagnostics in report order (wrappers and whole-file causes
/// first, then by offset), repeated ids grouped, each diagnostic's notes under it.
struct ProblemList {
    /// The report's entries, computed once per full check.
    let entries: [DiagnosticGroups.Entry]

    /// Diagnostics counted but not stored, by id (`DiagnosticBudget`): a group's count includes them.
    let suppressed: [String: Int]

    init(_ diagnostics: [Diagnostic]) {
        entries = DiagnosticGroups.entries(diagnostics)
        suppressed = Dictionary(DiagnosticBudget.suppressedCounts(in: diagnostics).map { ($0.id, $0.count) }, uniquingKeysWith: +)
    }

    /// The rows with the groups named in `open` expanded.
    func rows(open: Set<String>) -> [ProblemRow] {
        var rows: [ProblemRow] = []
        rows.reserveCapacity(entries.count)
        for entry in entries {
            switch entry {
            case .single(let d):
                rows.append(.single(d))
                rows += d.notes.map { .note($0, of: d, inGroup: false) }
            case .group(let id, let members):
                let isOpen = open.contains(id)
                rows.append(.group(id: id, members: members.count + (suppressed[id] ?? 0), first: entry.first, severity: entry.severity, isOpen: isOpen))
                if isOpen {
                    for d in members {
                        rows.append(.member(d))
                        rows += d.notes.map { .note($0, of: d, inGroup: true) }
                    }
                } else {
                    rows += entry.first.notes.map { .note($0, of: entry.first, inGroup: false) }
                }
            }
        }
        return rows
    }

    /// The row the list opens on: the first error, else the first warning, else the first row.
    static func startRow(_ rows: [ProblemRow]) -> Int {
        func first(_ severity: Severity) -> Int? {
            rows.firstIndex { row in
                if case .note = row { return false }
                return row.severity == severity
            }
        }
        return first(.error) ?? first(.warning) ?? 0
    }
}

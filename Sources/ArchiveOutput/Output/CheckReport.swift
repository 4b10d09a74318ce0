import ArchiveCore
import ArchiveDocuments

/// `--check`: one diagnostic per line, `offset: severity: id: message`, and the exit status.
///
/// Whole-file causes (`damage.*`, `wrapper.*`) come first, then the rest by offset. A diagnostic's
/// notes follow it on indented lines; an id reported `DiagnosticGroups.threshold` times or more is
/// one line saying how many, with the other offsets on an indented line (`grouped: false` lists each).
package enum CheckReport {
    /// Exit status: 0 when clean (notes only), 1 when errors or warnings were found.
    package static func exitStatus(_ diagnostics: [Diagnostic]) -> Int32 {
        diagnostics.contains { $0.severity >= .warning } ? 1 : 0
    }

    /// The lines of the report, in report order, escaped for display.
    package static func lines(_ diagnostics: [Diagnostic], grouped: Bool = true) -> [String] {
        let entries = grouped
            ? DiagnosticGroups.entries(diagnostics)
            : DiagnosticGroups.reportOrder(diagnostics).map { DiagnosticGroups.Entry.single($0) }
        let suppressed = Dictionary(DiagnosticBudget.suppressedCounts(in: diagnostics).map { ($0.id, $0.count) }, uniquingKeysWith: +)
        var lines: [String] = []
        for entry in entries {
            let d = entry.first
            switch entry {
            case .single:
                lines.append(line(d, message: d.message))
            case .group(_, let members):
                let left = suppressed[d.id] ?? 0
                let count = left > 0 ? "\(members.count + left) × this diagnostic (the first \(members.count) stored)" : "\(members.count) × this diagnostic"
                lines.append(line(d, severity: entry.severity, message: count + "; the first: " + d.message))
                lines.append("    also at " + otherPlaces(members) + " (--no-group lists each)")
            }
            lines += d.notes.map(noteLine)
        }
        return lines
    }

    /// `offset[ (line L, column C)]: severity: id: message`.
    static func line(_ d: Diagnostic, severity: Severity? = nil, message: String) -> String {
        let offset = d.range.map { String($0.start) } ?? "-"
        let position = d.position.map { " (line \($0.line), column \($0.column))" } ?? ""
        return "\(offset)\(position): \((severity ?? d.severity).rawValue): \(d.id): \(DisplayText.escapeMessage(message))"
    }

    /// `    note: [start, end) (line L, column C): message`, under its diagnostic.
    static func noteLine(_ note: DiagnosticNote) -> String {
        var location = note.range.map { "\($0)" } ?? ""
        if let p = note.position { location += location.isEmpty ? "line \(p.line), column \(p.column)" : " (line \(p.line), column \(p.column))" }
        return "    note: " + (location.isEmpty ? "" : location + ": ") + DisplayText.escapeMessage(note.message)
    }

    /// The distinct offsets of a group's members after the first's: up to 12, then the last.
    static func otherPlaces(_ members: [Diagnostic]) -> String {
        var seen: Set<Int> = [members.first?.range?.start ?? -1]
        var offsets: [String] = []
        for d in members.dropFirst() {
            guard let start = d.range?.start else { continue }
            if seen.insert(start).inserted { offsets.append(String(start)) }
        }
        if offsets.isEmpty { return "the same offset" }
        let shown = offsets.count > 13 ? offsets.prefix(12).joined(separator: ", ") + ", … " + (offsets.last ?? "")
            : offsets.joined(separator: ", ")
        return shown
    }

    /// The line naming a checked file in every invocation: `NAME: FORMAT: 1 error, 0 warnings, 0 notes`,
    /// the name as the document spells it for a terminal (bytes that are not UTF-8 escaped) and the
    /// format with its text encoding. A single file's check writes it on standard error; several
    /// files' (and sources') head each file's section with it.
    package static func header(_ document: ArchiveDocument, _ diagnostics: [Diagnostic]) -> String {
        "\(document.displayName): \(document.formatDescription): \(summary(diagnostics))"
    }

    /// A file's section of `--check` over several inputs: `header`, then the report's lines indented.
    package static func section(_ document: ArchiveDocument, _ diagnostics: [Diagnostic], grouped: Bool) -> [String] {
        [header(document, diagnostics)] + lines(diagnostics, grouped: grouped).map { "  " + $0 }
    }

    /// A closing summary line: `3 errors, 1 warning, 2 notes`.
    package static func summary(_ diagnostics: [Diagnostic]) -> String {
        let tally = DiagnosticTally(diagnostics)
        return [English.count(tally.errors, "error"), English.count(tally.warnings, "warning"),
                English.count(tally.notes, "note")].joined(separator: ", ")
    }
}

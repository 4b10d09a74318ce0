/// `--check`: one diagnostic per line, `offset: severity: id: message`, and the exit status.
public enum CheckReport {
    /// Exit status: 0 when clean (notes only), 1 when errors or warnings were found.
    public static func exitStatus(_ diagnostics: [Diagnostic]) -> Int32 {
        diagnostics.contains { $0.severity >= .warning } ? 1 : 0
    }

    /// The lines of the report, sorted by offset, escaped for display.
    public static func lines(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.sortedByOffset().map { d in
            let offset = d.range.map { String($0.start) } ?? "-"
            let position = d.position.map { " (line \($0.line), column \($0.column))" } ?? ""
            return "\(offset): \(d.severity.rawValue): \(d.id): \(DisplayText.escapeMessage(d.message))\(position)"
        }
    }

    /// A closing summary line: `3 errors, 1 warning, 2 notes`.
    public static func summary(_ diagnostics: [Diagnostic]) -> String {
        func count(_ s: Severity, _ word: String) -> String {
            let n = diagnostics.filter { $0.severity == s }.count
            return "\(n) \(word)\(n == 1 ? "" : "s")"
        }
        return [count(.error, "error"), count(.warning, "warning"), count(.note, "note")].joined(separator: ", ")
    }
}

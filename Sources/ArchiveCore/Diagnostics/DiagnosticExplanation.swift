/// Text forms of the registry: `--explain ID` and the README's table of diagnostics.
public enum DiagnosticExplanation {
    /// `--explain`: the id and severity, the summary, then the explanation wrapped at `width` columns.
    public static func lines(_ kind: DiagnosticKind, width: Int = 80) -> [String] {
        ["\(kind.id) (\(kind.severity.rawValue) by default)", ""] + wrap(kind.summary, width: width) + [""]
            + wrap(kind.explanation, width: width)
    }

    /// The README's diagnostics table, one row per kind of `kinds` (`DiagnosticRegistry.all`: every
    /// registered id, grouped by family).
    package static func markdownTable(_ kinds: [DiagnosticKind]) -> String {
        var lines = ["| id | severity | meaning |", "|---|---|---|"]
        for kind in kinds {
            let summary = kind.summary.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
            lines.append("| `\(kind.id)` | \(kind.severity.rawValue) | \(summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Words of `text` in lines of at most `width` columns (a longer word stands alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}

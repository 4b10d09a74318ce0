import ArchiveModel

/// Matches rows against a search pattern: a regular expression (Swift's `Regex`) when the pattern
/// compiles, a plain substring otherwise; smart case (case-insensitive unless the pattern has an
/// uppercase letter). Matches the key, the class name and the value summary as shown.
struct SearchMatcher {
    private let regex: Regex<AnyRegexOutput>?
    private let literal: String
    private let ignoreCase: Bool

    init(_ pattern: String) {
        ignoreCase = !pattern.contains { $0.isUppercase }
        literal = ignoreCase ? pattern.lowercased() : pattern
        if let compiled = try? Regex(pattern) {
            regex = ignoreCase ? compiled.ignoresCase() : compiled
        } else {
            regex = nil
        }
    }

    /// Whether `text` matches.
    func matches(_ text: String) -> Bool {
        if let regex { return (try? regex.firstMatch(in: text)) != nil }
        return (ignoreCase ? text.lowercased() : text).contains(literal)
    }

    /// Whether any shown part of `node` matches.
    func matches(_ node: OutlineNode) -> Bool {
        matches(node.label) || (node.className.map(matches) ?? false) || matches(node.summary)
    }
}

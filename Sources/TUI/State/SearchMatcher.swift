import ArchiveModel

/// Matches rows against a search pattern: a regular expression (Swift's `Regex`) when the pattern
/// compiles, a plain substring otherwise; smart case (case-insensitive unless the pattern has an
/// uppercase letter). Matches the key, the class name and the value summary as shown. A plain ASCII
/// pattern (no regex syntax, the usual word or name) is looked for in the bytes: `Regex` took about
/// 40 µs per row of 200 characters, 4 s for one search step through 100,000 rows. The command line's
/// `--where` over a source uses the same engine.
public struct SearchMatcher {
    private let regex: Regex<AnyRegexOutput>?
    private let literal: String
    private let ignoreCase: Bool
    /// The pattern's bytes (lowercased when ignoring case) when it is plain ASCII.
    private let asciiNeedle: [UInt8]?
    /// Why the pattern is not a regular expression, when it has regex syntax that does not compile
    /// (it is then matched as plain text), for a front end to say so.
    public let regexProblem: String?

    /// Characters with a meaning in a regular expression.
    static let regexSyntax = Set("\\^$.|?*+()[]{}".utf8)

    public init(_ pattern: String) {
        ignoreCase = !pattern.contains { $0.isUppercase }
        literal = ignoreCase ? pattern.lowercased() : pattern
        let bytes = Array(literal.utf8)
        asciiNeedle = !bytes.isEmpty && bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && !Self.regexSyntax.contains($0) }) ? bytes : nil
        var problem: String?
        if asciiNeedle != nil {
            regex = nil
        } else {
            do {
                let compiled = try Regex(pattern)
                regex = ignoreCase ? compiled.ignoresCase() : compiled
            } catch {
                regex = nil
                problem = String(describing: error)
            }
        }
        regexProblem = problem
    }

    /// Whether `text` matches.
    public func matches(_ text: String) -> Bool {
        if let asciiNeedle { return Self.contains(text, asciiNeedle, foldingCase: ignoreCase) }
        if let regex { return (try? regex.firstMatch(in: text)) != nil }
        return (ignoreCase ? text.lowercased() : text).contains(literal)
    }

    /// Whether any shown part of `node` matches: its key, class name, value summary as shown, or the
    /// value's own text (`valueText`, for strings: `^Next$` matches the value `Next`, shown `"Next"`).
    func matches(_ node: OutlineNode, valueText: String? = nil) -> Bool {
        matches(node.label) || (node.className.map(matches) ?? false) || matches(node.summary)
            || (valueText.map(matches) ?? false)
    }

    /// Longest part of a string value searched, in characters (a value can be megabytes long).
    static let valueTextLimit = 1_000

    /// The text of the string a row shows, without the quotes of its summary: the string itself for a
    /// string value or a reference to one (cut to `valueTextLimit`), else the summary unquoted when it
    /// is a quoted string (a known class shown as its text); nil for other rows.
    static func valueText(of node: OutlineNode, _ context: BrowserContext) -> String? {
        switch node.value {
        case .scalar(.string(let s)):
            return ValueFormatter.cut(s, limit: valueTextLimit)
        case .reference(.object(let id)):
            if case .string(let s)? = context.outline.view(id).object.value { return ValueFormatter.cut(s, limit: valueTextLimit) }
        default:
            break
        }
        let summary = node.summary
        guard summary.count >= 2, summary.first == "\"", summary.last == "\"" else { return nil }
        return String(summary.dropFirst().dropLast()).replacing("\\\"", with: "\"")
    }

    /// Whether the UTF-8 of `text` contains `needle` (ASCII), with ASCII letters of `text` lowercased
    /// first when `foldingCase`. An ASCII byte never occurs inside a multi-byte UTF-8 sequence.
    static func contains(_ text: String, _ needle: [UInt8], foldingCase: Bool) -> Bool {
        func fold(_ b: UInt8) -> UInt8 { foldingCase && b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
        let hay = text.utf8
        guard hay.count >= needle.count else { return false }
        var start = hay.startIndex
        while let first = hay[start...].firstIndex(where: { fold($0) == needle[0] }) {
            var i = first, j = 0
            while j < needle.count, i < hay.endIndex, fold(hay[i]) == needle[j] {
                hay.formIndex(after: &i)
                j += 1
            }
            if j == needle.count { return true }
            start = hay.index(after: first)
        }
        return false
    }
}

import ArchiveCore

/// `security.selector`: NSExpression function, key-path and block expressions, and NSSortDescriptor
/// selectors other than the standard comparisons: what evaluating or sorting would call.
enum SelectorRisk {
    /// NSExpressionType values that call something: key path (3), function (4), block (19).
    static let callingTypes: [Int128: String] = [3: "key-path", 4: "function", 19: "block"]
    /// Sort selectors Foundation's own classes answer, named in Apple's NSSortDescriptor documentation.
    static let standardSortSelectors: Set<String> = [
        "compare:", "caseInsensitiveCompare:", "localizedCompare:", "localizedCaseInsensitiveCompare:", "localizedStandardCompare:",
    ]

    static func diagnostics(_ object: GraphObject, chain: [String], value: (ObjectID) -> ScalarValue?) -> [Diagnostic] {
        guard object.kind == .instance else { return [] }
        if chain.contains(where: { $0.hasPrefix("NS") && $0.hasSuffix("Expression") }) {
            return expression(object, chain: chain, value: value)
        }
        if chain.contains("NSSortDescriptor") {
            guard let selector = stringField(object, { $0.lowercased().contains("selector") }, value: value),
                  !standardSortSelectors.contains(selector) else { return [] }
            return [Diagnostic(SecurityCode.selector, "#\(object.id) (\(ValueFormatter.excerpt(chain[0]))) sorts with selector \(ValueFormatter.quoted(selector))",
                               range: object.range, object: object.id)]
        }
        return []
    }

    /// What a key-path expression calls to read its key path: the evaluation every predicate on a
    /// property does, not a risk by itself.
    static let keyPathSelectors: Set<String> = ["valueForKey:", "valueForKeyPath:"]
    /// The functions NSExpression documents for `expressionForFunction:arguments:` (called on its own
    /// utility class, not on an object the archive chooses).
    static let documentedFunctions: Set<String> = [
        "sum:", "count:", "min:", "max:", "average:", "median:", "mode:", "stddev:", "add:to:", "from:subtract:",
        "multiply:by:", "divide:by:", "modulus:by:", "sqrt:", "log:", "ln:", "raise:toPower:", "exp:", "floor:",
        "ceiling:", "abs:", "trunc:", "uppercase:", "lowercase:", "random", "random:", "randomn:", "now",
        "bitwiseAnd:with:", "bitwiseOr:with:", "bitwiseXor:with:", "leftshift:by:", "rightshift:by:", "onesComplement:",
        "noindex:", "distanceToLocation:fromLocation:", "length:",
    ]

    /// A block expression, or a function or key-path expression calling a selector that is neither a
    /// key-path read nor a documented function (`FUNCTION(receiver, 'selector')` calls any method).
    private static func expression(_ object: GraphObject, chain: [String], value: (ObjectID) -> ScalarValue?) -> [Diagnostic] {
        var kind: String?
        for field in object.fields where field.key.isLiterally("NSExpressionType") {
            if case .scalar(.integer(let n, _)) = field.value { kind = callingTypes[n] }
        }
        let name = stringField(object, { $0.lowercased().contains("selector") || $0.lowercased().contains("function") }, value: value)
        if kind != "block" {
            guard let name, !keyPathSelectors.contains(name), !documentedFunctions.contains(name) else { return [] }
        }
        let what = (kind.map { "a \($0) expression" } ?? "an expression")
        let calls = name.map { " calling \(ValueFormatter.quoted($0))" } ?? ""
        return [Diagnostic(SecurityCode.selector, "#\(object.id) (\(ValueFormatter.excerpt(chain[0]))) is \(what)\(calls)",
                           range: object.range, object: object.id)]
    }

    /// The first string value of a field whose key `matches`: inline, or a bare string it refers to.
    static func stringField(_ object: GraphObject, _ matches: (String) -> Bool, value: (ObjectID) -> ScalarValue?) -> String? {
        for field in object.fields.prefix(256) where matches(field.key) {
            switch field.value {
            case .scalar(.string(let s)): return s
            case .reference(.object(let id)): if case .string(let s)? = value(id) { return s }
            default: continue
            }
        }
        return nil
    }
}

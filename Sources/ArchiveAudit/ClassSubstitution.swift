import ArchiveCore

/// `security.class.substitution`: a class dictionary whose `$classes` chain does not start with its
/// `$classname`, or lists a known class without that class's known superclass after it.
enum ClassSubstitution {
    /// The findings for `object`'s class (once per class dictionary: the caller keeps track).
    static func diagnostics(_ object: GraphObject) -> [Diagnostic] {
        guard object.kind == .instance else { return [] }
        let chain = object.classChain.map(\.name)
        let range = object.range
        if let name = object.className, let first = chain.first, !first.isLiterally(name) {
            return [Diagnostic(SecurityCode.classSubstitution,
                               "#\(object.id) names class \(ValueFormatter.quoted(name)) but its $classes chain starts with \(ValueFormatter.quoted(first)), the class decoding instantiates",
                               range: range, object: object.id)]
        }
        for (i, name) in chain.enumerated() where i + 1 < chain.count {
            guard let superclass = KnownCodingClass.named(name)?.superclass, superclass != "NSObject" else { continue }
            if !chain[(i + 1)...].contains(where: { $0.isLiterally(superclass) }) {
                return [Diagnostic(SecurityCode.classSubstitution,
                                   "#\(object.id) of class \(ValueFormatter.quoted(chain[0])) lists \(ValueFormatter.excerpt(name)) without its superclass \(superclass) in its $classes chain",
                                   range: range, object: object.id)]
            }
        }
        return []
    }
}

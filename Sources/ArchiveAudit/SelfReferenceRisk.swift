import ArchiveCore

/// `security.self-reference`: an object of a Foundation class (or a dangerous one) that its own fields
/// lead back to through at least one object that is not a collection, so its initWithCoder: is handed
/// itself before it returns (the half-initialised object of the NSSharedKeyDictionary exploit).
/// Cycles through an app's own classes (a view and its superview) are how such classes are meant to
/// be archived, and are not reported.
enum SelfReferenceRisk {
    static func diagnostics(walk: DecodeWalk, read: (ObjectID) -> GraphObject) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var reported = Set<ObjectID>()
        for edge in walk.backEdges where !reported.contains(edge.target) {
            let target = read(edge.target)
            guard let chain = DecodedClass.chain(of: target), isReplacedOnDecode(chain) else { continue }
            let through = edge.members.dropFirst().first { id in
                guard let c = DecodedClass.chain(of: read(id)) else { return false }
                return !c.contains(where: KnownCodingClass.isCollection)
            }
            // A direct self-reference (`from` is the target) counts when the target is no collection.
            let direct = edge.from == edge.target && !chain.contains(where: KnownCodingClass.isCollection)
            guard let via = through ?? (direct ? edge.target : nil) else { continue }
            reported.insert(edge.target)
            let viaClass = DecodedClass.chain(of: read(via))?.first.map(ValueFormatter.excerpt) ?? "?"
            found.append(Diagnostic(SecurityCode.selfReference,
                                    "#\(edge.target) (\(ValueFormatter.excerpt(chain[0]))) is reached from its own fields through #\(via) (\(viaClass)), a cycle of \(English.count(edge.members.count, "object")) back to it from #\(edge.from)",
                                    range: target.range, object: edge.target))
        }
        return found
    }

    /// Whether the class is one whose initWithCoder: may hand back another object than the one
    /// allocated (Foundation's class clusters and the table's Foundation classes) or a dangerous one.
    static func isReplacedOnDecode(_ chain: [String]) -> Bool {
        chain.contains { name in
            DangerousClassRisk.classes[name] != nil || KnownCodingClass.named(name)?.framework == .foundation
        }
    }
}

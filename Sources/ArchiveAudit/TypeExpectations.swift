import ArchiveCore

/// `security.type-confusion` from fields: what known classes expect under known keys (an NSURL's
/// `NS.relative` is a string, its `NS.base` an NSURL; an NSSharedKeyDictionary's `NS.skkeyset` an
/// NSSharedKeySet …); an object that is not what a referrer expects, or that two referrers expect to
/// be different things, is reported once.
struct TypeExpectations {
    /// (holder class, key) → the class the value must be (or have on its chain).
    static let table: [String: [String: String]] = [
        "NSURL": ["NS.relative": "NSString", "NS.base": "NSURL"],
        "NSAttributedString": ["NSString": "NSString"],
        "NSSharedKeyDictionary": ["NS.skkeyset": "NSSharedKeySet"],
        "NSSharedKeySet": ["NS.subskset": "NSSharedKeySet", "NS.keys": "NSArray"],
        "NSSortDescriptor": ["NSKey": "NSString"],
    ]

    /// The first expectation recorded per object (only objects some rule expects something of).
    private var expected: [ObjectID: (String, ObjectID)] = [:]
    private var reported = Set<ObjectID>()
    static let keptLimit = 100_000

    mutating func record(_ object: GraphObject, chain: [String], read: (ObjectID) -> GraphObject) -> [Diagnostic] {
        guard object.kind == .instance, let rules = chain.lazy.compactMap({ Self.table[$0] }).first, !rules.isEmpty else { return [] }
        var found: [Diagnostic] = []
        for field in object.fields.prefix(256) {
            guard let want = rules[field.key], let target = field.value.objectID else { continue }
            let actual = DecodedClass.chain(of: read(target)) ?? []
            if let (earlier, by) = expected[target], earlier != want, reported.insert(target).inserted {
                found.append(Diagnostic(SecurityCode.typeConfusion,
                                        "#\(target) is decoded as \(want) for \(field.key) of #\(object.id) and as \(earlier) by #\(by)",
                                        range: read(target).range, object: target))
                continue
            }
            if expected[target] == nil, expected.count < Self.keptLimit { expected[target] = (want, object.id) }
            if !actual.isEmpty, !actual.contains(want), reported.insert(target).inserted {
                found.append(Diagnostic(SecurityCode.typeConfusion,
                                        "#\(object.id) (\(ValueFormatter.excerpt(chain[0]))) decodes \(field.key) as \(want), but #\(target) is \(ValueFormatter.excerpt(actual[0]))",
                                        range: read(target).range, object: target))
            }
        }
        return found
    }
}

/// `security.type-confusion` through `$class`: an object used as an instance's class dictionary that
/// decoding also reaches as a value (keyed archives: a typedstream's class records are reached
/// through their superclass links by design).
enum ClassObjectConfusion {
    static func diagnostics(walk: DecodeWalk, graph: any ObjectGraph, read: (ObjectID) -> GraphObject) -> [Diagnostic] {
        guard graph.graphKind == .keyedArchive else { return [] }
        var classObjects: [ObjectID: ObjectID] = [:]
        for id in walk.order {
            let o = read(id)
            if let c = o.classObjectID, classObjects[c] == nil { classObjects[c] = id }
        }
        var found: [Diagnostic] = []
        for (classObject, user) in classObjects.sorted(by: { $0.key < $1.key }) where walk.reaches(classObject) {
            let o = read(classObject)
            let what = o.kind == .classDescription ? "a class dictionary" : (DecodedClass.chain(of: o)?.first.map(ValueFormatter.excerpt) ?? "an object")
            found.append(Diagnostic(SecurityCode.typeConfusion,
                                    "#\(classObject) is the $class of #\(user) and is also decoded as a value (\(what)) at \(walk.keyPath(of: classObject, in: graph) ?? "?")",
                                    range: o.range, object: classObject))
        }
        return found
    }
}

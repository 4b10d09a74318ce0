import ArchiveCore

/// The class census for decoding (issue 40, item 1): every class decoding the archive would
/// instantiate, with its instance count, the key path of its first instance (in decode order) and its
/// family; plus the class dictionaries whose chains substitute one class for another.
///
/// Built from a `DecodeWalk` (so only what decoding reaches counts) with one more read per object.
package struct DecodingCensus: Sendable {
    package struct Entry: Sendable {
        /// The class decoding instantiates (the first of the chain; `NSString` for a bare string).
        package var name: String
        package var instances = 0
        /// The first instance in decode order.
        package var firstObject: ObjectID
        package var family: ClassFamily
        /// Its chain as the archive gives it (most derived first).
        package var chain: [String]
    }

    /// Classes in order of first decoding.
    package let classes: [Entry]
    /// Distinct classes past `classLimit`, counted and not listed.
    package let classesOmitted: Int
    /// Objects decoding does not reach (instances only): they are never instantiated.
    package let unreachedInstances: Int
    /// Located findings: `security.class.substitution`, `.private`, `.swift-name-unread`.
    package let diagnostics: [Diagnostic]

    /// Names kept (a hostile file may invent millions; each distinct name costs one entry).
    static let classLimit = 100_000

    /// The census of what `walk` reaches in `graph`; `progress` as `SecurityAudit`'s (false stops it,
    /// leaving the classes counted so far).
    package init(graph: any ObjectGraph, walk: DecodeWalk, progress: (Double) -> Bool = { _ in true }) {
        let read = graph.makeStructureReader()
        var entries: [Entry] = []
        var index: [LiteralText: Int] = [:]
        var findings: [Diagnostic] = []
        var seenClassObjects = Set<ObjectID>()
        var omitted = Set<LiteralText>()
        var meter = AuditProgress(total: walk.order.count + max(0, graph.objectCount))
        for id in walk.order {
            guard meter.tick(progress) else { break }
            let object = read(id)
            guard let chain = DecodedClass.chain(of: object), let name = chain.first else { continue }
            if let at = index[LiteralText(name)] {
                entries[at].instances += 1
            } else if entries.count >= Self.classLimit {
                omitted.insert(LiteralText(name))
            } else {
                index[LiteralText(name)] = entries.count
                let family = ClassFamily(name)
                entries.append(Entry(name: name, instances: 1, firstObject: id, family: family, chain: chain))
                findings += Self.familyFindings(family, name: name, object: object)
            }
            let classKey = object.classObjectID ?? -1 - id
            if seenClassObjects.count < Self.classLimit, seenClassObjects.insert(classKey).inserted {
                findings += ClassSubstitution.diagnostics(object)
            }
        }
        classes = entries
        classesOmitted = omitted.count
        var unreached = 0
        for id in 0..<max(0, graph.objectCount) where !walk.reaches(id) {
            guard meter.tick(progress) else { break }
            if read(id).kind == .instance { unreached += 1 }
        }
        unreachedInstances = unreached
        diagnostics = findings
    }

    /// The notes a class's family calls for: a private name, a Swift name that does not demangle.
    static func familyFindings(_ family: ClassFamily, name: String, object: GraphObject) -> [Diagnostic] {
        let quoted = ValueFormatter.quoted(name)
        switch family {
        case .privateName:
            return [Diagnostic(SecurityCode.classPrivate, "#\(object.id) is of class \(quoted), which is not in Apple's public SDK (a leading underscore marks it private)",
                               range: object.range, object: object.id)]
        case .swiftUnread(let reason):
            return [Diagnostic(SecurityCode.swiftNameUnread, "#\(object.id) is of class \(quoted), a Swift name that does not demangle: \(reason)",
                               range: object.range, object: object.id)]
        default:
            return []
        }
    }
}

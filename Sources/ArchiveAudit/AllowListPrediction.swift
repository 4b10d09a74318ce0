import ArchiveCore

/// What `NSKeyedUnarchiver.unarchivedObject(ofClasses:from:)` (requiresSecureCoding on) would do with
/// an archive and an allowed set (issue 40, item 2), predicted from the archive alone.
///
/// The root (`$top.root`) and, through every collection (`KnownCodingClass.isCollection`: their
/// initWithCoder: decodes elements with the coder's `allowedClasses`), its elements, keys and values
/// are checked against the set: an object passes when a class of its chain is in it (Apple checks
/// `isKindOfClass:`). Objects inside any other class are decoded with the classes that class asks
/// for: for the Apple classes of the table that is their own fixed set, for any other class it is
/// not known from the archive, and the prediction says so (`undecided`) instead of guessing.
package struct AllowListPrediction: Sendable {
    /// The first object decoding stops at.
    package struct Rejection: Sendable, Equatable {
        package var object: ObjectID
        package var className: String
        /// The key it is decoded under (`root`, `NS.objects`, `NS.keys`).
        package var key: String
        package var keyPath: String
        /// The message Apple's unarchiver gives (its older form: newer systems add the class's address
        /// and framework path).
        package var message: String
    }

    /// A class whose own initWithCoder: decides what its fields may be.
    package struct Undecided: Sendable, Equatable {
        package var object: ObjectID
        package var className: String
    }

    /// The allowed set as given (sorted), or empty when only the smallest list was asked for.
    package let allowed: [String]
    package let rejection: Rejection?
    /// Classes checked against the set that do not adopt NSSecureCoding by Apple's documentation.
    package let notSecureCoding: [Undecided]
    /// Classes (one object each) inside which the prediction cannot see.
    package let undecided: [Undecided]
    /// The smallest allowed set with which every object checked against it passes.
    package let smallestAllowList: [String]
    /// Whether the archive has a root object at all.
    package let hasRoot: Bool

    static let listLimit = 1_000

    /// The prediction for `allowed` over what `walk` reaches; `progress` as `SecurityAudit`'s (false
    /// stops it, with what it had found).
    package init(graph: any ObjectGraph, walk: DecodeWalk, allowed: [String], progress: (Double) -> Bool = { _ in true }) {
        self.allowed = Array(Set(allowed)).sorted()
        let allowedSet = Set(allowed)
        let read = graph.makeStructureReader()
        let count = max(0, graph.objectCount)
        let rootIDs = graph.topLevel.filter { $0.key.isLiterally("root") }.compactMap { $0.value.objectID }.filter { $0 >= 0 && $0 < count }
        hasRoot = !rootIDs.isEmpty
        var visited = [Bool](repeating: false, count: count)
        var pending: [(ObjectID, String)] = rootIDs.prefix(1).map { ($0, "root") }
        var rejection: Rejection?
        var insecure: [Undecided] = [], undecided: [Undecided] = []
        var needed: [String] = [], neededSet = Set<String>(), undecidedClasses = Set<String>(), insecureClasses = Set<String>()
        var meter = AuditProgress(total: walk.order.count)
        while let (id, key) = pending.popLast(), meter.tick(progress) {
            guard !visited[id] else { continue }
            visited[id] = true
            let object = read(id)
            guard let chain = DecodedClass.chain(of: object), let name = chain.first else { continue }
            let representative = Self.representative(chain)
            if neededSet.insert(representative).inserted { needed.append(representative) }
            if rejection == nil, !allowedSet.isEmpty, !chain.contains(where: allowedSet.contains) {
                rejection = Rejection(object: id, className: name, key: key, keyPath: walk.keyPath(of: id, in: graph) ?? key,
                                      message: Self.message(key: key, className: name, allowed: self.allowed))
            }
            let family = ClassFamily(name)
            if family.supportsSecureCoding == false, insecureClasses.insert(name).inserted, insecure.count < Self.listLimit {
                insecure.append(Undecided(object: id, className: name))
            }
            if chain.contains(where: KnownCodingClass.isCollection) {
                let children = DecodeWalk.children(of: Array(object.fields), count: count)
                let fields = object.fields
                for (child, f, _) in children.reversed() where !visited[child] { pending.append((child, fields[f].key)) }
            } else if family.supportsSecureCoding == nil, object.kind == .instance, !object.fields.isEmpty,
                      undecidedClasses.insert(name).inserted, undecided.count < Self.listLimit {
                undecided.append(Undecided(object: id, className: name))
            }
        }
        self.rejection = rejection
        notSecureCoding = insecure
        self.undecided = undecided
        smallestAllowList = needed.sorted()
    }

    /// The one name that admits an object of `chain`: its most general class in the table other than
    /// NSObject (NSArray for NSMutableArray), else the class itself.
    static func representative(_ chain: [String]) -> String {
        chain.last { $0 != "NSObject" && KnownCodingClass.named($0) != nil } ?? chain[0]
    }

    /// Apple's NSCocoaErrorDomain 4864 message, as older systems word it.
    static func message(key: String, className: String, allowed: [String]) -> String {
        "value for key '\(key)' was of unexpected class '\(className)'. Allowed classes are '{(\(allowed.joined(separator: ", ")))}'."
    }

    /// Whether the prediction says decoding fails (a rejection, or a class that is not secure coding).
    package var fails: Bool { rejection != nil || !notSecureCoding.isEmpty }
}

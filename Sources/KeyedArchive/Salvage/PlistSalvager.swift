import ArchiveCore

/// Copies the decodable part of a plist tree into a `BinaryPlistBuilder`: scalars as they are,
/// containers without the children that do not decode, each node written once however many
/// containers list it (a graph of shared containers stays as small as the input), a container that
/// contains itself cut where it does, and nesting bounded by CF's limit.
///
/// UIDs go through `checkUID`, which says why one refers to nothing (keyed archives) or lets it be.
struct PlistSalvager {
    /// What converting a node gave: the builder object, or why there is none.
    enum Outcome {
        case written(Int)
        case unusable(String)
    }

    let tree: any PlistTree
    var builder = BinaryPlistBuilder()
    var changes: [SalvagedContent.Change] = []
    /// Why a UID refers to nothing, or nil when it may stay.
    var checkUID: (UInt64) -> String? = { _ in nil }
    /// Whether a value other readers refuse (`ReaderLimits`) is replaced in place by a placeholder
    /// dictionary (a plain plist); otherwise it is unusable, and the caller decides (a keyed archive
    /// puts a placeholder entry in `$objects`).
    var inlinePlaceholders = false
    /// Values of the content written: scalars and dictionary entries (not UIDs, which lead to
    /// content elsewhere; not placeholders).
    var valuesWritten = 0
    /// CF's nesting limit (FORMATS.md A.7).
    static let depthLimit = CoreFoundationNesting.limit
    private var written: [Int: Int] = [:]
    private var inProgress: Set<Int> = []
    private var strings: [LiteralText: Int] = [:]

    init(tree: any PlistTree) {
        self.tree = tree
    }

    /// Converts node `id`, reporting what is left out below it as changes of `object`.
    mutating func convert(_ id: Int, object: Int?, key: String?, depth: Int = 0) -> Outcome {
        if let done = written[id] { return .written(done) }
        guard depth < Self.depthLimit else { return .unusable("it nests deeper than \(Self.depthLimit) levels, CF's limit") }
        guard !inProgress.contains(id) else { return .unusable("it contains itself (a container cycle)") }
        let node = tree.node(id)
        switch node.value {
        case .array(let ids), .set(let ids):
            inProgress.insert(id)
            var kept: [Int] = []
            for (i, child) in ids.enumerated() {
                switch convert(child, object: object, key: Self.path(key, "[\(i)]"), depth: depth + 1) {
                case .written(let w): kept.append(w)
                case .unusable(let why):
                    changes.append(.init(.droppedElement, object: object, key: Self.path(key, "[\(i)]"), range: tree.node(child).range,
                                         reason: "element \(i) left out: \(why)"))
                }
            }
            inProgress.remove(id)
            return remember(id, builder.add(node.value.typeName == "set" ? .set(kept) : .array(kept)))
        case .dict(let keys, let values):
            inProgress.insert(id)
            let pairs = convertPairs(keys: keys, values: values, object: object, key: key, depth: depth)
            inProgress.remove(id)
            return remember(id, builder.add(.dict(pairs)))
        case .uid(let u):
            if let why = checkUID(u) { return .unusable(why) }
            return .written(builder.add(.uid(u)))
        default:
            guard let scalar = Self.scalar(node.value) else {
                let why = Self.whyUnusable(node.value)
                if inlinePlaceholders, Self.refusedByReaders(node.value) { return remember(id, placeholder(id, node: node, object: object, key: key, reason: why)) }
                return .unusable(why)
            }
            valuesWritten += 1
            return remember(id, builder.add(scalar))
        }
    }

    /// A placeholder dictionary (`SalvagePlaceholder`'s entries) for node `id`, reported.
    private mutating func placeholder(_ id: Int, node: PlistNode, object: Int?, key: String?, reason: String) -> Int {
        changes.append(.init(.placeholder, object: object, key: key, range: node.range, reason: reason))
        let pairs = SalvagePlaceholder.entries(object: id, range: node.range, reason: reason).map { entry in
            (key: string(entry.0), value: builder.add(entry.1))
        }
        return builder.add(.dict(pairs))
    }

    /// Whether `value` is one CF reads and another common reader refuses (`ReaderLimits`).
    static func refusedByReaders(_ value: PlistValue) -> Bool {
        if case .date(let t) = value { return ReaderLimits.dateProblem(t) != nil }
        return false
    }

    /// The pairs of a dictionary whose keys are strings and whose values decode; the others are reported.
    mutating func convertPairs(keys: [Int], values: [Int], object: Int?, key: String?, depth: Int) -> [(key: Int, value: Int)] {
        var pairs: [(key: Int, value: Int)] = []
        for (k, v) in zip(keys, values) {
            let keyNode = tree.node(k)
            guard case .string(let name) = keyNode.value else {
                changes.append(.init(.droppedKey, object: object, key: key, range: keyNode.range,
                                     reason: "a key that is \(keyNode.value.typeNoun), not a string, left out with its value"))
                continue
            }
            let path = Self.path(key, name)
            switch convert(v, object: object, key: path, depth: depth + 1) {
            case .written(let w):
                pairs.append((string(name), w))
                valuesWritten += 1
            case .unusable(let why):
                changes.append(.init(.droppedKey, object: object, key: path, range: tree.node(v).range, reason: "key left out: \(why)"))
            }
        }
        return pairs
    }

    /// The builder index of string `s`, written once (Apple's writer shares equal strings too).
    mutating func string(_ s: String) -> Int {
        if let known = strings[LiteralText(s)] { return known }
        let index = builder.add(.string(s))
        strings[LiteralText(s)] = index
        return index
    }

    private mutating func remember(_ id: Int, _ index: Int) -> Outcome {
        written[id] = index
        return .written(index)
    }

    /// A plist scalar as a builder object, or nil for what no plist writer makes.
    static func scalar(_ value: PlistValue) -> BinaryPlistBuilder.Object? {
        switch value {
        case .bool(let b): return .bool(b)
        case .integer(let i, _):
            if let small = Int64(exactly: i) { return .integer(small) }
            if let big = UInt64(exactly: i) { return .bigInteger(big) }
            return nil
        case .real(let d, let width): return width == 4 ? .float(Float(d)) : .real(d)
        case .date(let t): return ReaderLimits.dateProblem(t) == nil ? .date(t) : nil
        case .data(let bytes): return .data(bytes)
        case .string(let s): return .string(s)
        case .uid(let u): return .uid(u)
        case .null, .fill, .invalid, .array, .set, .dict: return nil
        }
    }

    static func whyUnusable(_ value: PlistValue) -> String {
        switch value {
        case .invalid(let why): "it cannot be decoded: \(why)"
        case .null: "it is a null object (0x00), which no plist writer makes and other readers reject"
        case .fill: "it is a fill byte (0x0F), which CF rejects"
        case .integer: "it is an integer wider than 64 bits"
        case .date(let t): "it is " + (ReaderLimits.dateProblem(t) ?? "a date")
        default: "it is \(value.typeNoun) where none can be"
        }
    }

    /// `parent.child`, or `child` alone at the top.
    static func path(_ parent: String?, _ child: String) -> String {
        guard let parent else { return child }
        return child.hasPrefix("[") ? parent + child : parent + "." + child
    }
}

import ArchiveCore

/// `--classes`: per class, its instance count, the class chains its instances carry (with typedstream
/// versions), and every key its instances use with the value types seen and how many instances have
/// it: what an archive says about "the values encoded by all the previous versions" of a class.
///
/// Two passes over every object, each decoding one object at a time: the first names what each object
/// is (references are described by their target), the second counts.
package struct ClassCensus {
    /// One key of a class.
    package struct KeyUse: Sendable {
        package var key: String
        /// Instances that have the key (once each, even when a damaged one repeats it).
        package var instances = 0
        /// Value types seen (a class name, `string`, `integer`, `nil` …) with how many values had it,
        /// in the order first seen.
        package var types: [(name: String, count: Int)] = []
    }

    /// One class.
    package struct Entry: Sendable {
        package var name: String
        package var instances = 0
        /// The distinct class chains of its instances, most derived first (usually one).
        package var chains: [[ClassInfo]] = []
        package var keys: [KeyUse] = []
    }

    /// Classes sorted by name (code units).
    package let classes: [Entry]

    /// Distinct chains kept per class, and keys per class (a hostile file may invent millions).
    static let chainLimit = 16, keyLimit = 10_000

    package init(graph: any ObjectGraph) {
        let read = graph.makeStructureReader()
        let count = graph.objectCount
        var labels: [String] = []
        var labelIndex: [LiteralText: Int32] = [:]
        var labelOf = [Int32](repeating: -1, count: Swift.max(0, count))
        for id in 0..<count {
            let label = Self.label(read(id))
            if let known = labelIndex[LiteralText(label)] { labelOf[id] = known; continue }
            labelIndex[LiteralText(label)] = Int32(labels.count)
            labelOf[id] = Int32(labels.count)
            labels.append(label)
        }
        var byName: [LiteralText: Entry] = [:]
        var keyIndex: [LiteralText: [LiteralText: Int]] = [:]
        for id in 0..<count {
            let o = read(id)
            guard o.kind == .instance || o.kind == .container else { continue }
            let name = o.className ?? "?"
            var entry = byName[LiteralText(name)] ?? Entry(name: name)
            var index = keyIndex[LiteralText(name)] ?? [:]
            entry.instances += 1
            if !entry.chains.contains(o.classChain), entry.chains.count < Self.chainLimit { entry.chains.append(o.classChain) }
            var seen = Set<LiteralText>()
            for field in o.fields {
                let key = LiteralText(field.key)
                let position: Int
                if let known = index[key] { position = known } else {
                    guard entry.keys.count < Self.keyLimit else { continue }
                    position = entry.keys.count
                    index[key] = position
                    entry.keys.append(KeyUse(key: field.key))
                }
                if seen.insert(key).inserted { entry.keys[position].instances += 1 }
                let type = Self.type(of: field, labels: labels, labelOf: labelOf)
                if let t = entry.keys[position].types.firstIndex(where: { $0.name.isLiterally(type) }) {
                    entry.keys[position].types[t].count += 1
                } else {
                    entry.keys[position].types.append((type, 1))
                }
            }
            byName[LiteralText(name)] = entry
            keyIndex[LiteralText(name)] = index
        }
        classes = byName.values.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    /// What an object is, as a value's type names it.
    static func label(_ o: GraphObject) -> String {
        switch o.kind {
        case .instance, .container: o.className ?? "?"
        case .value: o.value?.typeName ?? "null"
        case .nullMarker: "nil"
        case .classDescription: "class description"
        case .classRecord: "class record"
        case .invalid: "invalid"
        }
    }

    /// A field value's type: its scalar type, or what its reference leads to; with the typedstream
    /// type encoding when there is one.
    static func type(of field: Field, labels: [String], labelOf: [Int32]) -> String {
        let base: String
        switch field.value {
        case .scalar(let s): base = s.typeName
        case .reference(.object(let id)):
            let label = id >= 0 && id < labelOf.count ? Int(labelOf[id]) : -1
            base = label >= 0 && label < labels.count ? labels[label] : "#\(id)"
        case .reference(.null): base = "nil"
        case .reference(.conditionalNull): base = "conditional nil"
        case .reference(.dangling): base = "dangling reference"
        case .list: base = "list"
        case .invalid: base = "invalid"
        case .sameAs: base = "shared content"
        }
        return field.typeEncoding.map { base + " (" + $0 + ")" } ?? base
    }
}

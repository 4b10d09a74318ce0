import ArchiveCore
import NIBArchive

/// An object of a known class, with the accessors the presenters share.
///
/// Every accessor decodes at most one further object (it follows one reference), so a presenter
/// decides exactly how many decodes its summary costs.
package struct KnownObject {
    package let object: GraphObject
    let graph: any ObjectGraph
    /// The known class the object is presented as: its own class or its nearest known ancestor.
    let name: String

    /// Nesting level of summaries built for other summaries (dictionary keys, URL bases).
    var depth = 0
    /// False when only the summary is needed.
    var wantsChildren = true

    package init(object: GraphObject, graph: any ObjectGraph, name: String, depth: Int = 0, wantsChildren: Bool = true) {
        self.object = object
        self.graph = graph
        self.name = name
        self.depth = depth
        self.wantsChildren = wantsChildren
    }

    /// Deepest nesting of summaries inside summaries.
    static let maxDepth = 3

    /// Whether the object comes from a typedstream (positional, typed values) rather than a keyed archive.
    package var isTyped: Bool { Self.isTypedstream(object, in: graph) }

    /// Whether `object` holds typedstream values: the graph was read as a typedstream (its detected
    /// kind, never the archive's own name for itself), or the object's fields carry type encodings.
    package static func isTypedstream(_ object: GraphObject, in graph: any ObjectGraph) -> Bool {
        graph.graphKind == .typedstream || object.fields.firstIndex(inPlace: { $0.typeEncoding != nil }) != nil
    }

    /// Whether the object comes from a NIBArchive, whose collections list their elements as repeated
    /// `UINibEncoderEmptyKey` values (FORMATS.md E).
    package var isNib: Bool { graph.graphKind == .nibArchive }

    /// The object's values, one per typed item (typedstream objects).
    package var typedValues: [TypedValue] { TypedValues.flatten(object.fields) }

    /// The value stored under `key`, if the key is present.
    package func value(_ key: String) -> FieldValue? { object.field(key)?.value }

    /// The object a value refers to (one decode); nil for anything but a reference to a real object.
    func target(_ value: FieldValue?) -> GraphObject? {
        guard let id = value?.objectID, id >= 0, id < graph.objectCount else { return nil }
        return graph.object(id)
    }

    /// A scalar stored inline, or as a bare value object one reference away.
    package func scalar(_ value: FieldValue?) -> ScalarValue? {
        switch value {
        case .scalar(let s): return s
        case .reference:
            guard let t = target(value), t.kind == .value else { return nil }
            return t.value
        default: return nil
        }
    }

    func integer(_ value: FieldValue?) -> Int128? { scalar(value)?.integerValue }
    package func real(_ value: FieldValue?) -> Double? { scalar(value)?.realValue }

    /// Text stored inline, or in a string object one reference away (a bare string or an NSString instance).
    package func text(_ value: FieldValue?) -> String? {
        if case .scalar(.string(let s)) = value { return s }
        guard let t = target(value) else { return nil }
        return StringPresenter.text(of: t, in: graph)
    }

    /// Bytes stored inline, or in a data object one reference away.
    package func bytes(_ value: FieldValue?) -> [UInt8]? {
        if case .scalar(.data(let d)) = value { return d }
        guard let t = target(value) else { return nil }
        return DataPresenter.bytes(of: t, in: graph)
    }

    /// A display-safe summary of what `value` holds, following a reference to a known class's summary
    /// (bounded by `maxDepth`).
    func summary(of value: FieldValue?) -> String {
        guard let value else { return "missing" }
        guard case .reference(.object(let id)) = value else { return KnownText.describe(value) }
        guard let t = target(value) else { return "#\(id)" }
        return summary(of: t, id: id)
    }

    /// A display-safe summary of an already decoded object.
    func summary(of t: GraphObject, id: ObjectID) -> String {
        if t.kind == .value, let s = t.value { return ValueFormatter.summary(s) }
        guard depth < Self.maxDepth else { return "#\(id)" }
        return KnownClassPresenter.summary(of: t, in: graph, depth: depth + 1) ?? "#\(id)"
    }

    /// Fields whose key is `prefix` followed by a decimal index (`NS.object.0` …), ordered by index.
    /// `gap` is the first missing index below the count, if any.
    package func numbered(_ prefix: String) -> (values: [FieldValue], gap: Int?) {
        var found: [(Int, FieldValue)] = []
        for field in object.fields where field.key.hasLiteralPrefix(prefix) {
            let suffix = field.key.utf8.dropFirst(prefix.utf8.count)
            guard !suffix.isEmpty, suffix.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(String(decoding: suffix, as: UTF8.self)) else { continue }
            found.append((n, field.value))
        }
        found.sort { $0.0 < $1.0 }
        let gap = found.enumerated().first { $0.offset != $0.element.0 }?.offset
        return (found.map(\.1), gap)
    }

    /// A presentation with the children dropped when they are not wanted.
    func result(_ summary: String, _ children: @autoclosure () -> [Field]) -> KnownPresentation {
        KnownPresentation(summary: summary, children: wantsChildren ? children() : [])
    }

    /// `result` with children made on demand (collection elements).
    func result(_ summary: String, lazy children: @autoclosure () -> FieldCollection) -> KnownPresentation {
        KnownPresentation(summary: summary, children: wantsChildren ? children() : [])
    }
}

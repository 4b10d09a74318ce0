/// A decoded typedstream as an `ObjectGraph`.
///
/// Object ids are the entries of the typedstream object table in stream order: C strings (`.value`
/// objects), class records (`.classRecord`) and objects (`.instance`) share it (FORMATS.md D.4). The
/// top level holds one positional field per top-level value.
public final class TypedstreamGraph: ObjectGraph {
    /// Longest class chain returned in `GraphObject.classChain`.
    static let maxClassChain = 1024

    public let container: ContainerFormat
    public let archiveKind = "typedstream"
    public let input: InputBytes
    public let topLevel: [Field]
    public let openDiagnostics: [Diagnostic]
    /// Header byte 0 (4 current, 3 old NeXTSTEP), when present.
    public let streamerVersion: Int?
    /// The header's system version (1000 for Mac OS X, 930 and below for NeXTSTEP), when readable.
    public let systemVersion: Int?
    /// Where each shared string's bytes are, by shared-string index.
    public let sharedStringRanges: [ByteRange]
    private let entries: [TypedstreamEntry]

    init(_ decoding: TypedstreamDecoding) {
        container = .typedstream(bigEndian: decoding.signatureBigEndian)
        input = decoding.input
        topLevel = decoding.topLevel
        openDiagnostics = decoding.streamDiagnostics.sortedByOffset()
        streamerVersion = decoding.streamerVersion
        systemVersion = decoding.systemVersion
        sharedStringRanges = decoding.sharedStrings
        entries = decoding.entries
    }

    public var objectCount: Int { entries.count }

    /// The text of shared string `index` (type strings, class names, selectors), if it exists.
    public func sharedString(_ index: Int) -> String? {
        guard index >= 0, index < sharedStringRanges.count else { return nil }
        return String(decoding: input.bytes(in: sharedStringRanges[index]), as: UTF8.self)
    }

    public func object(_ id: ObjectID) -> GraphObject {
        guard id >= 0, id < entries.count else {
            return GraphObject(id: id, kind: .invalid, diagnostics: [
                TypedstreamIssue.objectNoSuchID(id: id, tableSize: entries.count).diagnostic(nil),
            ])
        }
        let entry = entries[id]
        switch entry.kind {
        case .cString:
            return GraphObject(id: id, kind: .value, value: entry.value, range: entry.range, diagnostics: entry.diagnostics)
        case .classRecord:
            var fields: [Field] = []
            if let superclass = entry.superclass {
                fields.append(Field(key: "superclass", value: .reference(superclass), typeEncoding: "#", range: entry.superclassRange))
            }
            return GraphObject(id: id, kind: .classRecord, className: entry.name, classChain: classChain(from: id),
                               fields: fields, range: entry.range, diagnostics: entry.diagnostics)
        case .object:
            let chain = entry.classID.map { classChain(from: $0) } ?? []
            return GraphObject(id: id, kind: .instance, className: chain.first?.name, classChain: chain,
                               classObjectID: entry.classID, fields: entry.fields, range: entry.range,
                               diagnostics: entry.diagnostics)
        }
    }

    /// The class record `id` and its superclasses, most derived first (cut at `maxClassChain`).
    private func classChain(from id: ObjectID) -> [ClassInfo] {
        var chain: [ClassInfo] = []
        var current: ObjectID? = id
        while let c = current, c >= 0, c < entries.count, entries[c].kind == .classRecord, chain.count < Self.maxClassChain {
            chain.append(ClassInfo(name: entries[c].name ?? "?", version: entries[c].version))
            // Links are acyclic (a chain ends in a reference to an earlier chain); the cap bounds the walk anyway.
            if case .object(let s)? = entries[c].superclass { current = s } else { current = nil }
        }
        return chain
    }

    /// The decoder's diagnostics (references and class chains are judged as the stream is read), then
    /// the whole-graph rules over the references collected on the way.
    public func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] {
        var all = openDiagnostics
        let n = entries.count
        var edges = GraphEdges(objectCount: n)
        let step = Swift.max(1, n / 100)
        for id in 0..<n {
            if id % step == 0, !progress(0.9 * Double(id) / Double(Swift.max(1, n))) { return all.sortedByOffset() }
            all.append(contentsOf: entries[id].diagnostics)
            edges.add(object(id))
        }
        all += graphRuleDiagnostics(index: GraphIndex(graph: self, edges: GraphEdges(top: topLevel, objectCount: n, parts: [edges])))
        return all.sortedByOffset()
    }

    /// Objects no top-level value reaches.
    public func graphRuleDiagnostics(index: GraphIndex) -> [Diagnostic] { TypedstreamUnreachableRule.check(self, index: index) }
}

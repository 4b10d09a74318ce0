import Synchronization
import ArchiveCore

/// A decoded typedstream as an `ObjectGraph`.
///
/// Object ids are the entries of the typedstream object table in stream order: C strings (`.value`
/// objects), class records (`.classRecord`) and objects (`.instance`) share it (FORMATS.md D.4). The
/// top level holds one positional field per top-level value.
package final class TypedstreamGraph: ObjectGraph {
    /// Longest class chain returned in `GraphObject.classChain`.
    static let maxClassChain = 1024

    package let container: ContainerFormat
    package var graphKind: GraphKind { .typedstream }
    package let archiveKind = "typedstream"
    package let input: InputBytes
    package let topLevel: [Field]
    package let openDiagnostics: [Diagnostic]
    /// Header byte 0 (4 current, 3 old NeXTSTEP), when present.
    package let streamerVersion: Int?
    /// The header's system version (1000 for Mac OS X, 930 and below for NeXTSTEP), when readable.
    package let systemVersion: Int?
    /// Where each shared string's bytes are, by shared-string index.
    var sharedStringRanges: [ByteRange] { index.sharedStrings }
    /// The object table, shared strings and diagnostics; objects are read from it on demand.
    package let index: TypedstreamIndex
    /// Class chains made so far, by class record, and how many `ClassInfo` they hold in all: objects
    /// share a few classes, and making each object's chain record by record was a tenth of reading it.
    private let chains = Mutex<(byRecord: [ObjectID: [ClassInfo]], elements: Int)>(([:], 0))
    /// Chains are kept while they hold at most this many `ClassInfo` in all (a hostile stream may have
    /// a million class records, each with a chain of `maxClassChain`); past it they are made each time.
    static let keptChainElements = 1 << 16

    init(_ index: TypedstreamIndex) {
        container = .typedstream(bigEndian: index.bigEndian)
        input = index.input
        topLevel = index.topLevel
        openDiagnostics = index.streamDiagnostics.sortedByOffset()
        streamerVersion = index.streamerVersion
        systemVersion = index.systemVersion
        self.index = index
    }

    package var objectCount: Int { index.table.count }

    /// The text of shared string `index`, if it exists.
    package func sharedString(_ index: Int) -> String? {
        guard index >= 0, index < sharedStringRanges.count else { return nil }
        return String(decoding: input.bytes(in: sharedStringRanges[index]), as: UTF8.self)
    }

    package func object(_ id: ObjectID) -> GraphObject {
        let table = index.table
        guard id >= 0, id < table.count else {
            return GraphObject(id: id, kind: .invalid, diagnostics: [
                TypedstreamIssue.objectNoSuchID(id: id, tableSize: table.count).diagnostic(nil),
            ])
        }
        let diagnostics = index.entryDiagnostics[id] ?? []
        switch table.kind(id) {
        case .cString:
            return GraphObject(id: id, kind: .value, value: index.cStringValue(id), range: index.cStringRange(id), diagnostics: diagnostics)
        case .classRecord:
            let record = table.classRecord(id)
            var fields: [Field] = []
            if let superclass = record.superclass {
                fields.append(Field(key: "superclass", value: .reference(superclass), typeEncoding: "#", range: record.superclassRange))
            }
            return GraphObject(id: id, kind: .classRecord, className: record.name, classChain: classChain(from: id),
                               fields: fields, range: record.range, diagnostics: diagnostics)
        case .object:
            let classID = index.classID(ofObject: id)
            let chain = classID.map { classChain(from: $0) } ?? []
            var object = GraphObject(id: id, kind: .instance, className: chain.first?.name, classChain: chain,
                                     classObjectID: classID, range: table.objectRange(id), diagnostics: diagnostics)
            object.fields = index.fieldCollection(of: id, owner: ObjectIdentifier(self))
            return object
        }
    }

    /// The class record `id` and its superclasses, most derived first (cut at `maxClassChain`), made
    /// once while `keptChainElements` allows.
    private func classChain(from id: ObjectID) -> [ClassInfo] {
        if let known = chains.withLock({ $0.byRecord[id] }) { return known }
        let chain = makeClassChain(from: id)
        chains.withLock { kept in
            guard chain.count <= Self.keptChainElements - kept.elements else { return }
            kept.byRecord[id] = chain
            kept.elements += chain.count
        }
        return chain
    }

    /// `classChain(from:)`, walked from the table.
    private func makeClassChain(from id: ObjectID) -> [ClassInfo] {
        let table = index.table
        var chain: [ClassInfo] = []
        var current: ObjectID? = id
        while let c = current, c >= 0, c < table.count, table.kind(c) == .classRecord, chain.count < Self.maxClassChain {
            let record = table.classRecord(c)
            chain.append(ClassInfo(name: record.name ?? "?", version: record.version))
            // Links are acyclic (a chain ends in a reference to an earlier chain); the cap bounds the walk anyway.
            if case .object(let s)? = record.superclass { current = s } else { current = nil }
        }
        return chain
    }

    /// The decoder's diagnostics (references and class chains are judged as the stream is read), then
    /// the whole-graph rule. Every entry is held by the value or record it was read in, so an entry
    /// can only be lost when such a value was dropped (`mayHaveLostEntries`); only then is the graph
    /// index built to find which.
    package func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] {
        var all = openDiagnostics
        for id in index.entryDiagnostics.keys.sorted() {
            all += index.entryDiagnostics[id] ?? []
        }
        guard index.mayHaveLostEntries else { return all.sortedByOffset() }
        let n = objectCount
        var edges = GraphEdges(objectCount: n)
        let step = Swift.max(1, n / 100)
        for id in 0..<n {
            if id % step == 0, !progress(0.9 * Double(id) / Double(Swift.max(1, n))) { return all.sortedByOffset() }
            edges.add(object(id))
        }
        all += graphRuleDiagnostics(reachability: GraphReachability(edges: GraphEdges(top: topLevel, objectCount: n, parts: [edges])))
        return all.sortedByOffset()
    }

    /// Objects no top-level value reaches.
    package func graphRuleDiagnostics(reachability: GraphReachability) -> [Diagnostic] {
        TypedstreamUnreachableRule.check(self, reachability: reachability)
    }
}

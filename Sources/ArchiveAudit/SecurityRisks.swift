import ArchiveCore

/// The risk patterns of issue 40, item 3, found over the objects decoding reaches: each a located
/// `security.*` diagnostic. Per-object patterns read each reached object once; the graph-wide ones
/// (self-reference, nesting, `$class` confusion) use the `DecodeWalk`.
enum SecurityRisks {
    /// Findings kept per id (a hostile archive may repeat a pattern a million times).
    static let perIDLimit = 200

    /// Every risk finding for the objects `walk` reaches in `graph`; `progress` as `SecurityAudit`'s
    /// (false stops the per-object patterns, and the graph-wide ones are then left out).
    package static func diagnostics(graph: any ObjectGraph, walk: DecodeWalk, progress: (Double) -> Bool = { _ in true }) -> [Diagnostic] {
        let read = graph.makeStructureReader()
        let value: (ObjectID) -> ScalarValue? = { id in
            guard id >= 0, id < graph.objectCount else { return nil }
            let o = read(id)
            return o.kind == .value ? o.value : nil
        }
        var found: [Diagnostic] = []
        var perID: [String: Int] = [:]
        func add(_ diagnostics: [Diagnostic]) {
            for d in diagnostics {
                let n = perID[d.id, default: 0]
                perID[d.id] = n + 1
                if n < perIDLimit { found.append(d) }
            }
        }
        var dangerousSeen = Set<String>()
        var expectations = TypeExpectations()
        let inputSize = graph.input.count
        var meter = AuditProgress(total: walk.order.count)
        for id in walk.order {
            guard meter.tick(progress) else { return found }
            let object = read(id)
            guard let chain = DecodedClass.chain(of: object) else { continue }
            if let finding = DangerousClassRisk.diagnostic(object, chain: chain), dangerousSeen.insert(chain[0]).inserted { add([finding]) }
            add(SelectorRisk.diagnostics(object, chain: chain, value: value))
            add(FileReferenceRisk.diagnostics(object, chain: chain, value: value))
            add(AllocationRisk.diagnostics(object, chain: chain, inputSize: inputSize))
            add(expectations.record(object, chain: chain, read: read))
        }
        add(SelfReferenceRisk.diagnostics(walk: walk, read: read))
        add(NestingRisk.diagnostics(walk: walk, graph: graph))
        add(ClassObjectConfusion.diagnostics(walk: walk, graph: graph, read: read))
        return found
    }
}

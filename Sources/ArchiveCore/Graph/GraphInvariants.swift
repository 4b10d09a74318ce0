/// Checks the promises every `ObjectGraph` makes, whatever the input: ids in range, ranges inside the
/// input, references that say `.object` lead to real objects, diagnostics located inside the input.
/// Used after every decode in tests, by the fuzz targets and by the corruption campaign.
package enum GraphInvariants {
    /// Violations found (empty when the graph is sound). Visits at most `limit` objects.
    package static func violations(_ graph: any ObjectGraph, limit: Int = 100_000) -> [String] {
        var problems: [String] = []
        let n = graph.objectCount
        let size = graph.input.count
        func checkRange(_ r: ByteRange?, _ what: String) {
            guard let r else { return }
            if r.start < 0 || r.end > size || r.start > r.end { problems.append("\(what): range \(r) outside the input (\(size) bytes)") }
        }
        func checkValue(_ v: FieldValue, _ what: String) {
            v.forEachReference { ref in
                switch ref {
                case .object(let id) where id < 0 || id >= n: problems.append("\(what): reference to #\(id) of \(n)")
                case .conditionalNull(let id) where id < 0 || id >= n: problems.append("\(what): conditional #\(id) of \(n)")
                default: break
                }
            }
        }
        for f in graph.topLevel { checkValue(f.value, "top \(f.key)"); checkRange(f.range, "top \(f.key)") }
        for d in graph.openDiagnostics { checkRange(d.range, "diagnostic \(d.id)") }
        for id in 0..<Swift.min(n, limit) {
            let o = GraphValidation.shownObject(id, in: graph)  // the rules' diagnostics too
            if o.id != id { problems.append("object \(id) reports id \(o.id)") }
            checkRange(o.range, "object #\(id)")
            if let c = o.classObjectID, c < 0 || c >= n { problems.append("object #\(id): class #\(c) of \(n)") }
            for f in o.fields { checkValue(f.value, "object #\(id) \(f.key)"); checkRange(f.range, "object #\(id) \(f.key)") }
            for d in o.diagnostics { checkRange(d.range, "object #\(id) diagnostic \(d.id)") }
            if problems.count > 20 { break }
        }
        return problems
    }
}

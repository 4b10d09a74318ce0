/// Embedded archives compared as graphs: two data values that differ, each holding an archive (an
/// iMessage `attributedBody` typedstream, a keyed archive in a plist), are opened and walked like the
/// inputs, so the difference is named inside them (`….t.$root.0.$string`, the path `--extract` reads)
/// rather than as two blobs. Within `EmbeddedArchives.maxDepth` and the diff's byte budget; past them,
/// or when either does not decode, the values are compared as data.
extension GraphDiffWalk {
    /// Reports the differences between the archives `s` and `t` hold, at `path` + `$root`; false
    /// (nothing reported) when they are not both archives this diff opens. `objects` are the values as
    /// met: two data objects compared before (through another path) are not opened again.
    mutating func embeddedDifferences(_ s: ExportScalar, _ t: ExportScalar, objects: (ExportValue, ExportValue), _ path: Int32,
                                      _ report: (GraphDiff.Difference) -> Void) -> Bool {
        guard depth < EmbeddedArchives.maxDepth, case .data(let p) = s, case .data(let q) = t,
              EmbeddedArchive.format(of: p) != nil, EmbeddedArchive.format(of: q) != nil else { return false }
        if case .object(let i) = objects.0, case .object(let j) = objects.1 {
            guard comparedArchives.insert(ObjectPair(a: i, b: j)).inserted else { return true }
        }
        guard let (_, first) = EmbeddedArchives.openValue(p, budget: budget),
              let (_, second) = EmbeddedArchives.openValue(q, budget: budget) else { return false }
        var inner = GraphDiffWalk(a: ExportShapes(graph: first.graph, includesIDs: false), b: ExportShapes(graph: second.graph, includesIDs: false),
                                  depth: depth + 1, budget: budget)
        let prefix = components(path) + ["$root"]
        let place = "inside the archives embedded at \(pathText(path)) (object ids and byte ranges are theirs)"
        inner.run { found in
            var d = found
            d.path = prefix + d.path
            d.note = [place, d.note].compactMap { $0 }.joined(separator: "; ")
            report(d)
        }
        return true
    }
}

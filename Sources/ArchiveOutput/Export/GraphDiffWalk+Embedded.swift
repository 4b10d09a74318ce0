import ArchiveDocuments
import ArchiveCore

/// Embedded archives compared as graphs: two data values that differ, each holding an archive (an
/// iMessage `attributedBody` typedstream, a keyed archive in a plist), are opened and walked like the
/// inputs, so the difference is named inside them (`….t.$root.0.$string`, the path `--extract` reads)
/// rather than as two blobs. Within `EmbeddedArchives.maxDepth` and the diff's byte budget; past them,
/// or when either does not decode, the values are compared as data. Two bookmarks (or alias records)
/// are compared by their fields the same way, through their graphs (`….data.$root.bookmark.path.2`,
/// with the byte ranges of the fields inside the data values).
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
        guard let first = Self.document(p, budget: budget), let second = Self.document(q, budget: budget) else { return false }
        var inner = GraphDiffWalk(a: GraphDiff.shapes(first.graph), b: GraphDiff.shapes(second.graph), depth: depth + 1, budget: budget)
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

    /// The document a data value holds: an archive (`EmbeddedArchives.openValue`), or bookmark data
    /// or an alias record (a `BookmarkGraph`), compared by its fields (path, volume, dates…) rather
    /// than as bytes. Within the diff's byte budget.
    static func document(_ bytes: [UInt8], budget: EmbeddedBudget) -> ArchiveDocument? {
        let found = EmbeddedArchive.format(of: bytes)
        guard let format = found, format.isBookmark else {
            return EmbeddedArchives.openValue(bytes, format: found, budget: budget)?.document
        }
        guard budget.spend(bytes.count) else { return nil }
        return EmbeddedArchive.open(bytes, name: "embedded \(format.shortName)")
    }
}

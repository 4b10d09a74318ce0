import ArchiveCore
import ArchiveDocuments

/// Archives inside data values, exported as archives: `{"$archive": "typedstream", "$root": …}`, the
/// root read as `ExportShapes.root` reads an input's (bookmarks as `{"$bookmark": …}`:
/// `ExportShapes+Bookmark.swift`). The same depth limit as every other front end
/// (`EmbeddedArchives.maxDepth`), and one byte budget for the whole export (`EmbeddedBudget`); an
/// archive past either, or one that does not decode at all, stays data.
extension ExportShapes {
    /// Shapes of `graph` whose data values holding an archive are exported as that archive, and so
    /// on inside it down to the depth limit. `budget` bounds the bytes opened over the whole export
    /// (by default four times the input plus 64 MiB).
    package static func followingEmbeddedArchives(of graph: any ObjectGraph, includesIDs: Bool = true,
                                                 budget: EmbeddedBudget? = nil) -> ExportShapes {
        embedding(graph, depth: 0, includesIDs: includesIDs, budget: budget ?? EmbeddedBudget(limit: EmbeddedBudget.limit(for: graph.input)))
    }

    private static func embedding(_ graph: any ObjectGraph, depth: Int, includesIDs: Bool, budget: EmbeddedBudget) -> ExportShapes {
        var shapes = ExportShapes(graph: graph, includesIDs: includesIDs)
        guard depth < EmbeddedArchives.maxDepth else { return shapes }
        shapes.embeddedArchive = { bytes in
            // One probe per value: most hold nothing, which it says at once (`EmbeddedPretest`).
            guard let found = EmbeddedArchive.format(of: bytes) else { return nil }
            if let record = bookmarkValue(bytes, format: found, budget: budget) { return record }
            guard let (format, document) = EmbeddedArchives.openValue(bytes, format: found, budget: budget) else { return nil }
            let inner = embedding(document.graph, depth: depth + 1, includesIDs: includesIDs, budget: budget)
            return .dictionary(ExportEntries([("$archive", .scalar(.string(format.shortName))), ("$root", .embedded(inner))]))
        }
        return shapes
    }
}

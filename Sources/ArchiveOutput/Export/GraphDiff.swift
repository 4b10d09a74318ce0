import ArchiveCore
import ArchiveDocuments

/// `--diff`: compares two archives as object graphs, not bytes. Both resolved documents
/// (`ExportShapes`, without object ids) are walked side by side from their roots: objects are paired
/// by the path that first reaches them, dictionaries compared by key, arrays by index, values by
/// content; two data values that both hold archives by their graphs, to the embedded depth limit. An archive written again with another object order, byte layout or format (XML against
/// binary) is equal to the original.
///
/// Bounded on hostile graphs: an object is expanded once (when it is paired); meeting it again through
/// another path costs nothing, or is a difference when the other side reaches another object there
/// (a reference that now points elsewhere). No recursion: the walk keeps its own stack.
package struct GraphDiff {
    package enum Kind: String, Sendable {
        /// A key or element only the second archive has.
        case added
        /// A key or element only the first archive has.
        case removed
        /// Another value (or another type of value) at the same path.
        case changed
        /// Another class chain (`$class`, `$classVersions`).
        case classChanged = "class"
        /// A reference that leads to an object paired elsewhere: the two graphs share differently.
        case reference
    }

    /// One side of a difference: the value and where it is.
    package struct Side: Sendable {
        /// A short description of the value (text from the file, not escaped).
        package var summary: String
        /// The value's own object, when it is one, and its bytes.
        package var object: ObjectID?
        package var range: ByteRange?
        /// The object that holds the value (the nearest enclosing object) and its bytes.
        package var holder: ObjectID?
        var holderRange: ByteRange?
    }

    package struct Difference: Sendable {
        package var kind: Kind
        /// Key path components (unescaped), as `--extract` reads them once escaped.
        package var path: [String]
        package var a: Side?
        package var b: Side?
        /// For `.reference`: where the object was paired first.
        package var note: String?
    }

    /// Differences in walk order (document order), at most `differenceLimit`.
    package private(set) var differences: [Difference] = []
    /// Differences found past the limit.
    package private(set) var omitted = 0
    static let differenceLimit = 100_000

    package var isEqual: Bool { differences.isEmpty && omitted == 0 }

    package init(_ a: any ObjectGraph, _ b: any ObjectGraph) {
        let limit = EmbeddedBudget.limit(for: a.input).addingReportingOverflow(EmbeddedBudget.limit(for: b.input))
        var walk = GraphDiffWalk(a: Self.shapes(a), b: Self.shapes(b), budget: EmbeddedBudget(limit: limit.overflow ? Int.max : limit.partialValue))
        var found: [Difference] = [], more = 0
        walk.run { difference in
            if found.count < Self.differenceLimit { found.append(difference) } else { more += 1 }
        }
        differences = found
        omitted = more
    }

    /// The shapes the diff walks: without object ids (layout, not content), and a bookmark as its
    /// graph's objects, so that a difference in one names its field's bytes.
    static func shapes(_ graph: any ObjectGraph) -> ExportShapes {
        var shapes = ExportShapes(graph: graph, includesIDs: false)
        shapes.readsRecordsDecoded = false
        return shapes
    }
}

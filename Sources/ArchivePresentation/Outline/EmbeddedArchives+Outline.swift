import ArchiveCore
import ArchiveDocuments

/// The archives an outline's rows hold: the outline is the presentation layer's, the search the
/// document layer's (`EmbeddedArchives`).
extension EmbeddedArchives {
    /// The archive a row of `node`'s outline holds, if any (nil past the depth limit): inline data in a
    /// field of `owner` (`owner(under:)` the row's parent), a bare data object, or an NSData instance's
    /// bytes. `object` reads an object of the graph (the front end's cached view).
    package static func archive(at row: OutlineNode, owner: ObjectID?, in node: DocumentNode,
                               object: (ObjectID) -> GraphObject) -> FoundArchive? {
        guard looksInside(node), row.state == .normal else { return nil }
        let graph = node.document.graph
        switch row.value {
        case .scalar(.data(let bytes)):
            // A field's row knows its key: no search through the owner's fields (a row per field of an
            // object with 10^5 of them would make that quadratic).
            // The row's own probe when it was made by the outline (once per row, not per frame).
            guard let format = row.embeddedProbe ?? EmbeddedArchive.format(of: bytes), let key = row.fieldKey,
                  let owner, owner >= 0, owner < graph.objectCount else { return nil }
            return found(bytes, format: format, at: .dataValue(object: owner, field: key), range: row.range, holder: object(owner), in: graph)
        case .reference(.object(let id)):
            guard id >= 0, id < graph.objectCount else { return nil }
            return stored(in: object(id), id: id, graph: graph, object: object)
        default:
            return nil
        }
    }

    /// The object whose fields the children of `parent` are: the owner of an inline data row's field
    /// (nil for lists, groups of objects and the top level).
    package static func owner(under parent: OutlineNode?) -> ObjectID? {
        switch parent?.source {
        case .object(let id)?, .rawFields(let id)?: id
        default: nil
        }
    }
}

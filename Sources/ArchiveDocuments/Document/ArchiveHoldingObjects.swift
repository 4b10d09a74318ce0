import Synchronization
import ArchiveCore

/// The objects of one document whose data values hold an archive, found once for every front end
/// that asks (`--json`'s check and its list of bookmarks, the browser's check and its `o`): the
/// whole-file pass and the object-by-object search of `EmbeddedArchives.forEach(in:_:)` then run once
/// per document, not once per asker. Kept as object ids only (not the archives' bytes), so a file of a
/// million small embedded archives costs eight bytes an archive here.
///
/// Copies of an `ArchiveDocument` share it. A second asker that comes while the search runs waits for
/// it instead of searching too.
package final class ArchiveHoldingObjects: Sendable {
    private let ids = Mutex<[ObjectID]?>(nil)
    private let searchCount = Atomic<Int>(0)

    package init() {}

    /// How many times the search over the whole graph ran (0 or 1; for tests).
    package var searches: Int { searchCount.load(ordering: .relaxed) }

    /// The ids of `graph`'s objects whose own value or a field's inline data holds an archive, in
    /// object order: searched the first time, remembered after.
    func ids(in graph: any ObjectGraph) -> [ObjectID] {
        ids.withLock { known in
            if let known { return known }
            searchCount.add(1, ordering: .relaxed)
            let found = Self.search(graph)
            known = found
            return found
        }
    }

    /// One pass over the input (`EmbeddedArchives.mayHoldArchives`), then, when it finds a start,
    /// every object's data values probed (`EmbeddedArchive.format(of:)`): from the graph's data values
    /// alone when it can list them (`DataValueScanning`: a plain plist or a nib, where a chance start,
    /// such as an alias record's end tag among a million reals, sent every object through the
    /// structure reader), else object by object.
    private static func search(_ graph: any ObjectGraph) -> [ObjectID] {
        guard EmbeddedArchives.mayHoldArchives(graph.input, container: graph.container) else { return [] }
        var out: [ObjectID] = []
        if let scanning = graph as? any DataValueScanning {
            scanning.forEachDataValue { id, bytes in
                if out.last != id, EmbeddedArchive.format(of: bytes) != nil { out.append(id) }
            }
            return out
        }
        let read = graph.makeStructureReader()
        for id in 0..<graph.objectCount where holdsArchive(read(id)) { out.append(id) }
        return out
    }

    /// Whether `object`'s value or one of its fields' inline data holds an archive.
    private static func holdsArchive(_ object: GraphObject) -> Bool {
        if case .data(let bytes)? = object.value, EmbeddedArchive.format(of: bytes) != nil { return true }
        return object.fields.contains { field in
            if case .scalar(.data(let bytes)) = field.value { return EmbeddedArchive.format(of: bytes) != nil }
            return false
        }
    }
}

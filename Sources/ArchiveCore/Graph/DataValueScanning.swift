/// A graph that can hand over its data values without building its objects, for whole-file searches
/// that look only at data (the search for archives inside data values: `ArchiveHoldingObjects`).
///
/// A plain property list is one: each data value is a node of its own, and its containers' fields are
/// references, so no other object holds data; a binary plist tells a data node from its marker byte.
/// Other graphs (a keyed archive's inline fields, a typedstream's byte arrays) are read object by
/// object.
package protocol DataValueScanning: ObjectGraph {
    /// Calls `body` with the id and bytes of each object whose own value is data, in id order: the
    /// objects `object(_:)` would give a `.data` value (no other object of the graph holds data).
    func forEachDataValue(_ body: (ObjectID, [UInt8]) -> Void)
}

/// A graph that can hand over its data values without building its objects, for whole-file searches
/// that look only at data (the search for archives inside data values: `ArchiveHoldingObjects`).
///
/// A plain property list is one: each data value is a node of its own, and its containers' fields are
/// references; a binary plist tells a data node from its marker byte. A NIBArchive is another: an
/// object's values lie in the value table, each with its type. Other graphs (a keyed archive, a
/// typedstream's byte arrays) are read object by object.
package protocol DataValueScanning: ObjectGraph {
    /// Calls `body` with each data value the objects hold as `object(_:)` gives them: an object's own
    /// `.data` value, or a field's inline `.scalar(.data)` (not the items of a list field, not what a
    /// stand-in for another object's values shows), with the object's id, in id order; an object
    /// holding several comes once for each.
    func forEachDataValue(_ body: (ObjectID, [UInt8]) -> Void)
}

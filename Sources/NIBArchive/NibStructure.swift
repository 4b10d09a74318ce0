import ArchiveCore

/// Where a nib's top-level objects and connections are, so that front ends can list them one step from
/// the top (as `Field.isShortcut` rows).
///
/// iOS (UINib): the root object holds `UINibTopLevelObjectsKey` and `UINibConnectionsKey`, arrays of
/// the top-level objects and of the connections (FORMATS.md E). macOS: the root's `IB.objectdata` is an
/// `NSIBObjectData` whose `NSRoot` is the File's Owner, `NSConnections` the connections, and whose
/// parallel `NSObjectsKeys`/`NSObjectsValues` arrays give each object's parent; the top-level objects
/// are the File's Owner and the objects whose parent it is ([obs]: the corpus nibs against their .xib).
///
/// The nib may be a NIBArchive or a keyed archive (`IB.objectdata`): `elements` reads an array object
/// as its format stores it (`NibStructure.nibArchiveElements` for a NIBArchive; the known-class
/// presenters' reading for any graph).
package enum NibStructure {
    /// The reading of an array object in a NIBArchive: its values under the empty key, one list or one
    /// value per field (NSArray and NSDictionary store their elements so).
    package static func nibArchiveElements(_ object: GraphObject) -> FieldList {
        var lists: [FieldList] = []
        for field in object.fields where field.key.isLiterally(NIBTextTable.emptyKey) {
            if case .list(let items) = field.value { lists.append(items) } else { lists.append(FieldList([field.value])) }
        }
        if lists.count == 1, let only = lists.first { return only }
        return FieldList(lists.flatMap { Array($0) })
    }

    /// The shortcut rows for a nib whose root object is `root`: `file's owner`, `top-level objects`,
    /// `connections`, each present when the nib has it. Decodes the root, the object data and the arrays;
    /// `elements` gives an array object's elements (nil when it is not an array).
    package static func shortcuts(root: GraphObject, in graph: any ObjectGraph, elements read: (GraphObject) -> FieldList?) -> [Field] {
        func elements(_ value: FieldValue?) -> FieldList? { object(value, graph).flatMap(read) }
        var rows: [Field] = []
        if let top = elements(root.field("UINibTopLevelObjectsKey")?.value) {
            rows.append(Field(key: "top-level objects", value: .list(top), isShortcut: true))
        }
        if let connections = elements(root.field("UINibConnectionsKey")?.value) {
            rows.append(Field(key: "connections", value: .list(connections), isShortcut: true))
        }
        guard let data = object(root.field("IB.objectdata")?.value, graph), data.className == "NSIBObjectData" else { return rows }
        let owner = data.field("NSRoot")?.value
        if let owner, owner.objectID != nil { rows.append(Field(key: "file's owner", value: owner, isShortcut: true)) }
        if let owner, let ownerID = owner.objectID, let keys = elements(data.field("NSObjectsKeys")?.value),
           let parents = elements(data.field("NSObjectsValues")?.value) {
            var top: [FieldValue] = [owner]
            for (key, parent) in zip(keys, parents) where parent.objectID == ownerID && key.objectID != ownerID { top.append(key) }
            rows.append(Field(key: "top-level objects", value: .list(top), isShortcut: true))
        }
        if let connections = elements(data.field("NSConnections")?.value) {
            rows.append(Field(key: "connections", value: .list(connections), isShortcut: true))
        }
        return rows
    }

    /// The object a value refers to.
    private static func object(_ value: FieldValue?, _ graph: any ObjectGraph) -> GraphObject? {
        guard let id = value?.objectID, id >= 0, id < graph.objectCount else { return nil }
        return graph.object(id)
    }
}

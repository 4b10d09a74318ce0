/// What a salvage wrote of a graph (`SalvageableGraph`): the objects kept and each thing changed,
/// replaced or dropped. The document layer's `SalvageReport` adds the repairs made before it.
package struct SalvagedContent: Sendable, Equatable {
    /// One thing the salvage changed, at a place in the (repaired) input.
    package struct Change: Sendable, Equatable {
        package enum Action: String, Sendable {
            /// A reference to nothing (out of range, or to an entry that is not an object) now points
            /// at `$null`, as a conditional reference nothing encoded does.
            case nulled = "replaced-by-null"
            /// An object that does not decode is now a placeholder (see `SalvagePlaceholder`).
            case placeholder
            /// A key whose value (or whose key string) does not decode was left out of its object.
            case droppedKey = "dropped-key"
            /// An element of a collection that does not decode, or refers to nothing, was left out
            /// (collections cannot hold nil).
            case droppedElement = "dropped-element"
            /// Something the archive's root needs was missing or wrong and was written anew.
            case rewroteRoot = "rewrote-root"
        }

        package var action: Action
        /// The object (`$objects` index, or plist node for a plain plist) the change is in; nil for the root.
        package var object: Int?
        /// The key (or `[index]`) inside the object, when the change is below it.
        package var key: String?
        /// The bytes concerned, in the repaired input.
        package var range: ByteRange?
        /// Why, in words.
        package var reason: String

        package init(_ action: Action, object: Int?, key: String? = nil, range: ByteRange?, reason: String) {
            self.action = action
            self.object = object
            self.key = key
            self.range = range
            self.reason = reason
        }
    }

    /// How many objects the input has (`$objects` entries, or plist nodes reached).
    package var objectCount = 0
    /// How many of them were written as they were (every change below them aside).
    package var keptObjects = 0
    package var changes: [Change] = []
    /// Values of the input's content written: strings, numbers, data and dates (outside the archive's
    /// own structure: class dictionaries, `$null`, placeholders), a keyed archive's objects written
    /// whole and a plain plist's dictionary entries, whether or not the top leads to them. Zero: the
    /// salvage keeps nothing of the content (the document layer's salvage then writes nothing).
    package var contentValues = 0
    package init() {}

    /// How many changes of each action.
    package func count(_ action: Change.Action) -> Int { changes.reduce(0) { $0 + ($1.action == action ? 1 : 0) } }

    /// One line: `412 of 431 objects kept, 3 replaced by placeholders, 5 references replaced by $null, 2 keys dropped`.
    package var summary: String {
        var parts = ["\(keptObjects) of " + English.count(objectCount, "object") + " kept"]
        let placeholders = count(.placeholder), nulled = count(.nulled), keys = count(.droppedKey), elements = count(.droppedElement)
        let root = count(.rewroteRoot)
        if placeholders > 0 { parts.append("\(placeholders) replaced by " + (placeholders == 1 ? "a placeholder" : "placeholders")) }
        if nulled > 0 { parts.append(English.count(nulled, "reference") + " replaced by $null") }
        if keys > 0 { parts.append(English.count(keys, "key") + " dropped") }
        if elements > 0 { parts.append(English.count(elements, "collection element") + " dropped") }
        if root > 0 { parts.append(English.count(root, "root entry", plural: "root entries") + " written anew") }
        return parts.joined(separator: ", ")
    }
}

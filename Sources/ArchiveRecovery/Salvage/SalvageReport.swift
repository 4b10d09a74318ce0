import ArchiveCore

/// What a salvage kept, replaced and dropped (`content`), and the repairs made before it: the report
/// `--salvage` prints (as text on standard error, or as JSON).
package struct SalvageReport: Sendable, Equatable {
    package typealias Change = SalvagedContent.Change

    /// What the salvage wrote of the graph.
    package var content = SalvagedContent()
    /// The repairs made to the input's bytes before the salvage, in order.
    package var repairs: [RepairStep] = []
    /// Choices the salvage made between readings, and why (the repaired bytes set aside, say).
    package var notes: [String] = []
    /// Whether the repairs were set aside: the salvage is of the bytes as they are (see `notes`).
    package var repairsSetAside = false

    package init(content: SalvagedContent = SalvagedContent()) { self.content = content }

    /// Whether the output differs from the input in content (repairs or changes), or the input needed
    /// repairs that were set aside.
    package var changedAnything: Bool { !changes.isEmpty || !repairs.isEmpty || repairsSetAside }

    /// `content`'s parts, read and written in place.
    package var changes: [Change] { get { content.changes } set { content.changes = newValue } }
    package var objectCount: Int { get { content.objectCount } set { content.objectCount = newValue } }
    package var keptObjects: Int { get { content.keptObjects } set { content.keptObjects = newValue } }
    package var contentValues: Int { get { content.contentValues } set { content.contentValues = newValue } }
    package func count(_ action: Change.Action) -> Int { content.count(action) }
    package var summary: String { content.summary }
}

import ArchiveCore

/// A known class rendered as a value: a display-safe summary and the logical children.
package struct KnownPresentation: Sendable, Equatable {
    /// One-line, display-safe summary (text from the file is escaped).
    package var summary: String
    /// Logical children: collection elements (`[0]`, `[1]` …), dictionary entries keyed by the key's
    /// text, or the meaningful parts of a value (`relative`, `base`, `run 0: [0, 5)` …).
    package var children: FieldCollection

    /// A presentation; values without parts have no children.
    package init(summary: String, children: [Field] = []) {
        self.init(summary: summary, children: FieldCollection(children))
    }

    /// A presentation whose children may be made on demand.
    package init(summary: String, children: FieldCollection) {
        self.summary = summary
        self.children = children
    }
}

/// What a format's own numbers decide about a copy damaged by a line-ending conversion that lost
/// information (`LineEndingConversion.crToLF`, `.crlfToLF`): the start of the search that undoes it
/// (`Repair/GuidedLineEndingSearch.swift`). A format gives it through its descriptor
/// (`FormatDescriptor.lineEndingStructure(of:as:undoing:context:)`): a binary plist from its trailer,
/// offset table and writers' numbering, a NIBArchive from its tables' running sums. The default, for a
/// format read front to back (a typedstream), decides nothing and leaves every LF byte open.
package struct LineEndingStructure: Sendable {
    /// The LF offsets the structure read back the other way (a CR put back, or a lost CR restored).
    package var chosen: [Int] = []
    /// The offset from which the structure settled every byte (a binary plist's offset table and
    /// trailer: the search leaves them); nil when it settled no such tail.
    package var settledFrom: Int? = nil
    /// LF offsets inside values (numbers, strings, data): no structure decides them; they are listed
    /// undecided without a judgement.
    package var values: Set<Int> = []
    /// The LF offsets the structure left open (the only ones the search tries the other way); nil:
    /// every one.
    package var open: Set<Int>? = nil
    /// Placements of which exactly one is right, settled as a whole (an object's CRs that could sit
    /// before several of its LF bytes, after CR LF → LF).
    package var groups: [[[Int]]] = []
    /// LF offsets that must read as another offset does (a copy CF's writer left and its original).
    package var links: [(copy: Int, original: Int)] = []

    package init(chosen: [Int] = [], settledFrom: Int? = nil, values: Set<Int> = [], open: Set<Int>? = nil,
                 groups: [[[Int]]] = [], links: [(copy: Int, original: Int)] = []) {
        self.chosen = chosen
        self.settledFrom = settledFrom
        self.values = values
        self.open = open
        self.groups = groups
        self.links = links
    }
}

/// What a format's line-ending structure may ask of the layers above its target: the descriptors sit
/// below the plist-graph semantics (keyed or plain) and the embedded-archive search, which the repair
/// (in the document layer) fills in here.
package struct LineEndingContext: Sendable {
    /// Judgements the repair's search may spend; a structural step may spend a multiple of it.
    package var budget: Int
    /// The number of entries of a keyed archive's `$objects` when `tree` reads as a keyed archive (its
    /// UIDs are below it); nil for a plain property list.
    package var keyedObjectCount: @Sendable (any PlistTree) -> Int?
    /// Whether a data value's bytes hold an archive or a record of a format this tool reads (their own
    /// structure decides them: the search tries them through the embedded check).
    package var holdsArchive: @Sendable ([UInt8]) -> Bool

    package init(budget: Int, keyedObjectCount: @escaping @Sendable (any PlistTree) -> Int? = { _ in nil },
                 holdsArchive: @escaping @Sendable ([UInt8]) -> Bool = { _ in false }) {
        self.budget = budget
        self.keyedObjectCount = keyedObjectCount
        self.holdsArchive = holdsArchive
    }
}

import ArchiveCore

/// Why a `$objects` entry is read, which decides what the read does beyond decoding the object. One
/// value instead of separate Boolean modes, so a call says what it is for and no combination of flags
/// can ask for something no caller means.
enum KeyedReadPurpose: Sendable, Equatable {
    /// To show one object (`object(_:)`, the rules of a shown row, a shared entry's class): the object only.
    case show
    /// A whole-file pass over the structure (the graph index): the object and its links to content
    /// several objects share (`GraphObject.sharedListLinks`), which keep that content's targets reachable.
    case index
    /// The full check: the links too, and lists read on demand read once, up front, because the rules
    /// go through every item.
    case fullCheck

    /// Whether the read records links to shared content.
    var recordsSharedLinks: Bool { self != .show }
    /// Whether lists read on demand are read in full as the object is read (those of at most
    /// `upFrontListLimit` items).
    var readsListsUpFront: Bool { self == .fullCheck }

    /// The longest list read up front. A longer one stays read on demand, each item made when a pass
    /// asks for it and dropped after: a million items held at once (each dangling reference with its
    /// own reason text) cost about 200 bytes each, where the file spends 13.
    static let upFrontListLimit = 1 << 14
}

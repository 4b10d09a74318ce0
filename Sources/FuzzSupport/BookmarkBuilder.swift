import ArchiveModel

/// Builds CFURL bookmark data for tests and fuzz seeds, sound or damaged, and records named offsets
/// so a test can assert exact byte ranges.
///
/// Layout as CoreServices writes it: the header (48 bytes, or the 56-byte Finder alias-file shape),
/// then the data area: the first-TOC offset, the items (4-byte aligned) in entry order, then the
/// tables of contents chained in order. Every length, count, marker, offset and link can be
/// overridden to write damage.
///
/// Marks (absolute offsets in the built bytes): `dataArea`, `firstTOC` (the field), `toc.T` (each
/// table), `toc.T.entry.E` (each entry), `toc.T.entry.E.key` (a string key's item), `toc.T.entry.E.item`
/// (the value item), and below an item's mark `P`: `P.I` for array element I, `P.key.I` and
/// `P.value.I` for dictionary entry I, `P.base` and `P.relative`; `item.NAME` for `.named` items;
/// `trailing` and `end`.
public struct BookmarkBuilder: Sendable {
    /// An item to write.
    public indirect enum Item: Sendable {
        case string(String)
        case data([UInt8])
        case int8(Int8), int16(Int16), int32(Int32), int64(Int64)
        case float32(Float), float64(Double)
        /// Seconds since 2001-01-01 UTC, written as a big-endian double.
        case date(Double)
        case bool(Bool)
        case uuid([UInt8])
        case url(String)
        case relativeURL(base: Item, relative: Item)
        case null
        case array([Item])
        case dictionary([DictionaryEntry])
        /// Any type code and payload; `length` is written instead of the payload's size when given.
        case raw(type: UInt32, payload: [UInt8], length: UInt32? = nil)
        /// An item whose offset is recorded as `item.NAME`, for `.ref` links.
        case named(String, Item)
        /// A link (in a container or entry) to the named item, written nowhere new: shared items and cycles.
        case ref(String)
        /// A link holding this data-area offset as it is (out of range, into the middle of an item…).
        case offset(UInt32)
    }

    /// A dictionary entry.
    public struct DictionaryEntry: Sendable {
        public var key: Item
        public var value: Item
        public init(_ key: Item, _ value: Item) {
            self.key = key
            self.value = value
        }
    }

    /// A table-of-contents key.
    public enum Key: Sendable {
        case numeric(UInt32)
        /// A string item written for the key; the entry holds its offset with the high bit set.
        case string(String)
        /// This word as it is.
        case raw(UInt32)
    }

    /// One entry: key, value, flags word.
    public struct Entry: Sendable {
        public var key: Key
        public var value: Item
        public var flags: UInt32
        public init(_ key: Key, _ value: Item, flags: UInt32 = 0) {
            self.key = key
            self.value = value
            self.flags = flags
        }
        public init(_ key: UInt32, _ value: Item) { self.init(.numeric(key), value) }
    }

    /// Where a table's next-offset field points.
    public enum Next: Sendable {
        /// The next table, or 0 for the last.
        case automatic
        /// Table `index` of this builder (a loop when it is this table or an earlier one).
        case table(Int)
        case raw(UInt32)
    }

    /// One table of contents and its overrides.
    public struct TOC: Sendable {
        public var identifier: UInt32 = 1
        public var entries: [Entry]
        public var length: UInt32?
        public var count: UInt32?
        public var magic: UInt32 = 0xFFFF_FFFE
        public var next: Next = .automatic
        public init(identifier: UInt32 = 1, _ entries: [Entry]) {
            self.identifier = identifier
            self.entries = entries
        }
    }

    public var tocs: [TOC]
    public var aliasFileShape = false
    public var magic: [UInt8] = Array("book".utf8)
    public var version: UInt32 = 0x1004_0000
    /// Written instead of the total length (or, for the alias-file shape, the data length).
    public var length: UInt32?
    /// Written instead of the data-area offset (the data area stays where it is).
    public var dataOffset: UInt32?
    /// Written instead of the first table's offset.
    public var firstTOC: UInt32?
    /// Bytes after the last table.
    public var trailing: [UInt8] = []

    public init(_ tocs: [TOC]) { self.tocs = tocs }

    /// A bookmark of one table holding `entries`.
    public init(entries: [Entry]) { self.init([TOC(entries)]) }
}

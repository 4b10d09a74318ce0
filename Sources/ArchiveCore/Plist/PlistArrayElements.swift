/// An array or set node's element ids without the node's other work: a binary plist reads element
/// *i*'s reference from the file when it is asked for, so a list of millions costs nothing up front.
/// SPI-public with inlinable accessors, as `OffsetColumn` is: every container walk reads it.
@_spi(ArchiveInternals) public struct PlistArrayElements: RandomAccessCollection, Sendable {
    @usableFromInline enum Storage: Sendable {
        case stored([Int])
        /// `count` big-endian references of `width` bytes from `start` (bplist00, FORMATS.md A.6).
        case references(InputBytes, start: Int, width: Int, count: Int)
        /// `count` ids from `start` in a shared table of 32-bit ids (an XML plist's child list).
        case narrow([Int32], start: Int, count: Int)
    }

    @usableFromInline let storage: Storage
    /// Whether the node is a set (`.set`) rather than an array.
    public let isSet: Bool
    /// Bytes of the whole node.
    public let range: ByteRange?

    /// Element ids already decoded.
    public init(ids: [Int], isSet: Bool, range: ByteRange?) {
        storage = .stored(ids)
        self.isSet = isSet
        self.range = range
    }

    /// `count` references of `width` bytes starting at `start`, which the caller has checked lie in `input`.
    public init(input: InputBytes, start: Int, width: Int, count: Int, isSet: Bool, range: ByteRange?) {
        storage = .references(input, start: start, width: width, count: Swift.max(0, count))
        self.isSet = isSet
        self.range = range
    }

    /// `count` ids of `ids` from `start`, which the caller has checked lie in it (no copy is made).
    public init(narrow ids: [Int32], start: Int, count: Int, isSet: Bool, range: ByteRange?) {
        let start = Swift.min(Swift.max(0, start), ids.count)
        storage = .narrow(ids, start: start, count: Swift.min(Swift.max(0, count), ids.count - start))
        self.isSet = isSet
        self.range = range
    }

    /// No elements (for a missing node).
    public static let empty = PlistArrayElements(ids: [], isSet: false, range: nil)

    @inlinable public var startIndex: Int { 0 }

    @inlinable public var endIndex: Int {
        switch storage {
        case .stored(let ids): ids.count
        case .references(_, _, _, let count): count
        case .narrow(_, _, let count): count
        }
    }

    /// The id of element `position`; a reference wider than 8 bytes keeps its low 64 bits, and one
    /// that cannot be read is `Int.max` (an id no tree has), as in a decoded node.
    @inlinable public subscript(position: Int) -> Int {
        switch storage {
        case .stored(let ids):
            return ids[position]
        case .references(let input, let start, let width, _):
            let at = start + position * width + Swift.max(0, width - 8)
            return Int(clamping: input.uintBE(at: at, width: Swift.min(width, 8)) ?? UInt64.max)
        case .narrow(let ids, let start, _):
            return Int(ids[start + position])
        }
    }
}

extension PlistTree {
    /// The elements of node `id` when it is an array or set (nil otherwise), the same ids
    /// `node(id)` lists. Text formats answer from the parsed node.
    package func arrayElements(_ id: Int) -> PlistArrayElements? {
        let node = node(id)
        switch node.value {
        case .array(let ids): return PlistArrayElements(ids: ids, isSet: false, range: node.range)
        case .set(let ids): return PlistArrayElements(ids: ids, isSet: true, range: node.range)
        default: return nil
        }
    }
}

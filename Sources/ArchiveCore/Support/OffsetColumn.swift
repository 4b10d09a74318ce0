/// Offsets (or positions, counts), and -1 for "none", one per object of a file: four bytes each while
/// they fit (every input under 4 GiB), eight after. Whole-file passes keep several of these for
/// millions of objects, so their width is most of those passes' memory.
///
/// SPI-public with inlinable accessors: the format targets read it in their hottest loops, and an
/// inlinable body is inlined across modules only on a public or `@usableFromInline` type (on a plain
/// `package` one it is called, with a retain of its arrays per read); `@_spi` keeps it out of the
/// library's API (docs/ARCHITECTURE.md, "The targets").
@_spi(ArchiveInternals) public struct OffsetColumn: Sendable {
    /// Values 0...`narrowMax`, with `UInt32.max` standing for -1.
    @usableFromInline var narrow: [UInt32] = []
    /// Every value, once one did not fit in four bytes (then `narrow` is empty).
    @usableFromInline var wide: [Int]?

    /// Largest value stored in four bytes.
    @usableFromInline static let narrowMax = Int(UInt32.max) - 1

    public init() {}

    /// An empty column with room for `capacity` values.
    public init(capacity: Int) { narrow.reserveCapacity(capacity) }

    @inlinable public var count: Int { wide?.count ?? narrow.count }

    public mutating func reserve(_ count: Int) {
        if wide == nil { narrow.reserveCapacity(count) }
    }

    @inlinable public mutating func append(_ value: Int) {
        if wide == nil, let stored = Self.narrowed(value) {
            narrow.append(stored)
            return
        }
        var all = takeWide()
        all.append(value)
        wide = all
    }

    /// Appends every value of `other`.
    mutating func append(contentsOf other: OffsetColumn) {
        if wide == nil, other.wide == nil {
            narrow += other.narrow
            return
        }
        var all = takeWide()
        if let values = other.wide { all += values } else { all += other.narrow.map(Self.widened) }
        wide = all
    }

    @inlinable public subscript(index: Int) -> Int {
        get {
            if let wide { return wide[index] }
            return Self.widened(narrow[index])
        }
        set {
            if wide == nil, let stored = Self.narrowed(newValue) {
                narrow[index] = stored
                return
            }
            var all = takeWide()
            all[index] = newValue
            wide = all
        }
    }

    @usableFromInline static func narrowed(_ value: Int) -> UInt32? {
        if value == -1 { return UInt32.max }
        return value >= 0 && value <= narrowMax ? UInt32(value) : nil
    }

    @usableFromInline static func widened(_ stored: UInt32) -> Int { stored == UInt32.max ? -1 : Int(stored) }

    /// The values as `Int`s, moved out of the column (so that changing them copies nothing).
    @usableFromInline mutating func takeWide() -> [Int] {
        if let all = wide {
            wide = nil
            return all
        }
        let all = narrow.map(Self.widened)
        narrow = []
        return all
    }
}

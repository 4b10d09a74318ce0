/// A half-open range of byte offsets `[start, end)` into the input.
public struct ByteRange: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Offset of the first byte.
    public let start: Int
    /// Offset one past the last byte.
    public let end: Int

    /// Creates a range; an `end` before `start` is clamped to `start`.
    public init(_ start: Int, _ end: Int) {
        self.start = start
        self.end = Swift.max(start, end)
    }

    /// Creates a range from a start offset and a length (saturating on overflow).
    public init(start: Int, count: Int) {
        let (sum, overflow) = start.addingReportingOverflow(Swift.max(0, count))
        self.init(start, overflow ? Int.max : sum)
    }

    /// Number of bytes covered.
    public var count: Int { end - start }

    /// Whether `offset` lies inside the range.
    public func contains(_ offset: Int) -> Bool { offset >= start && offset < end }

    /// Whether the two ranges share at least one byte.
    public func overlaps(_ other: ByteRange) -> Bool { start < other.end && other.start < end && count > 0 && other.count > 0 }

    public static func < (a: ByteRange, b: ByteRange) -> Bool { (a.start, a.end) < (b.start, b.end) }

    public var description: String { "[\(start), \(end))" }
}

/// A 1-based line and column in a text format (columns count bytes).
public struct TextPosition: Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public let line: Int
    /// The column, from 1, in characters of the line.
    public let column: Int
    /// The position at `line` and `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}

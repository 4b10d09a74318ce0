import ArchiveCore

/// A value of the resolved document that `--unarchive`, `--extract` and `--diff` share: an archive's
/// objects read as plain values (known classes as their natural values, other objects as
/// dictionaries of their keys), with references to objects left unexpanded so that the walker over
/// it decides what a second visit or a cycle becomes.
public enum ExportValue {
    case scalar(ExportScalar)
    /// An object of the graph, expanded by `ExportShapes.shape(of:)` where the walker chooses.
    case object(ObjectID)
    case array(ExportItems)
    /// String keys, in order (unique within one dictionary).
    case dictionary(ExportEntries)
    /// The root of an archive embedded in a data value: its objects have ids of their own, so the
    /// walker writes it with an exporter of its own (`ExportShapes+Embedded.swift`).
    case embedded(ExportShapes)

    /// A dictionary of one entry, such as `{"$set": [...]}`.
    static func tagged(_ key: String, _ value: ExportValue) -> ExportValue {
        .dictionary(ExportEntries([(key, value)]))
    }
}

/// A leaf of the resolved document.
public enum ExportScalar: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int128)
    case real(Double)
    case string(String)
    case data([UInt8])
    /// Seconds since 2001-01-01T00:00:00Z.
    case date(Double)
    /// A UID of a plain property list.
    case uid(UInt64)

    init(_ value: ScalarValue) {
        switch value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .integer(let i, _): self = .integer(i)
        case .real(let d, _): self = .real(d)
        case .string(let s): self = .string(s)
        case .data(let d): self = .data(d)
        case .date(let t): self = .date(t)
        case .uid(let u): self = .uid(u)
        }
    }

    /// Bytes of text or data the leaf holds (0 for numbers): a long leaf met again is written once.
    var payloadSize: Int {
        switch self {
        case .string(let s): s.utf8.count
        case .data(let d): d.count
        default: 0
        }
    }

    /// Equal values: text by code units, reals by value (NaN equal to NaN).
    func isSame(as other: ExportScalar) -> Bool {
        switch (self, other) {
        case (.string(let a), .string(let b)): a.isLiterally(b)
        case (.real(let a), .real(let b)): a == b || (a.isNaN && b.isNaN)
        default: self == other
        }
    }
}

/// The elements of an exported array, made on demand (a million-element NSArray is never built whole).
public struct ExportItems {
    public let count: Int
    let item: (Int) -> ExportValue

    init(count: Int, item: @escaping (Int) -> ExportValue) {
        self.count = Swift.max(0, count)
        self.item = item
    }

    init(_ values: [ExportValue]) { self.init(count: values.count) { values[$0] } }

    /// The element at `i` (`0..<count`), made when asked for.
    public subscript(i: Int) -> ExportValue { item(i) }
}

/// The entries of an exported dictionary, made on demand.
public struct ExportEntries {
    public let count: Int
    let entry: (Int) -> (key: String, value: ExportValue)

    init(count: Int, entry: @escaping (Int) -> (key: String, value: ExportValue)) {
        self.count = Swift.max(0, count)
        self.entry = entry
    }

    init(_ pairs: [(String, ExportValue)]) { self.init(count: pairs.count) { (pairs[$0].0, pairs[$0].1) } }

    /// The entry at `i` (`0..<count`), made when asked for.
    public subscript(i: Int) -> (key: String, value: ExportValue) { entry(i) }
}

/// One step of the way from a source to an archive inside it.
public enum PlaceStep: Hashable, Sendable {
    /// A file by its path relative to the folder searched (the bytes of the name, which need not be UTF-8).
    case path([UInt8])
    /// A ZIP entry by its name in the central directory (bytes as stored).
    case zipEntry([UInt8])
    /// One cell of an SQLite table.
    case cell(table: String, column: String, rowid: Int64)

    /// The step as every text output shows it (escaped): `Payload/App.app/Info.plist`,
    /// `message.attributedBody:1234`.
    public var displayText: String {
        switch self {
        case .path(let bytes), .zipEntry(let bytes): DisplayText.escape(bytes: bytes)
        case .cell(let table, let column, let rowid): DisplayText.escape("\(table).\(column)") + ":\(rowid)"
        }
    }

    /// The step as text, unescaped (for JSON, which escapes what it must itself).
    public var text: String {
        switch self {
        case .path(let bytes), .zipEntry(let bytes): String(decoding: bytes, as: UTF8.self)
        case .cell(let table, let column, let rowid): "\(table).\(column):\(rowid)"
        }
    }
}

/// Where an archive lives inside a source: the steps from the source to it, e.g. a file in a folder,
/// then an entry of that file as a ZIP. Written with `:` between steps, as `--dump` takes it
/// (`chat.db:message.attributedBody:1234`, `App.ipa:Payload/App.app/Info.plist`).
public struct ArchivePlace: Hashable, Sendable, Comparable {
    public var steps: [PlaceStep]

    public init(_ steps: [PlaceStep]) { self.steps = steps }

    /// The place as every text output shows it (escaped), steps joined by `:`.
    public var displayText: String { steps.map(\.displayText).joined(separator: ":") }

    /// The place as text, unescaped (for JSON).
    public var text: String { steps.map(\.text).joined(separator: ":") }

    /// The place after `step`.
    public func appending(_ step: PlaceStep) -> ArchivePlace { ArchivePlace(steps + [step]) }

    /// Places sort by their steps: paths and entry names bytewise, cells by table, column, then rowid
    /// numerically (so `:9` comes before `:10`).
    public static func < (a: ArchivePlace, b: ArchivePlace) -> Bool {
        for (x, y) in zip(a.steps, b.steps) where x != y { return Self.order(x, y) }
        return a.steps.count < b.steps.count
    }

    private static func order(_ x: PlaceStep, _ y: PlaceStep) -> Bool {
        switch (x, y) {
        case (.path(let p), .path(let q)), (.zipEntry(let p), .zipEntry(let q)): return p.lexicographicallyPrecedes(q)
        case (.cell(let t1, let c1, let r1), .cell(let t2, let c2, let r2)): return (t1, c1, r1) < (t2, c2, r2)
        default: return x.rank < y.rank
        }
    }
}

extension PlaceStep {
    fileprivate var rank: Int {
        switch self {
        case .path: 0
        case .zipEntry: 1
        case .cell: 2
        }
    }
}

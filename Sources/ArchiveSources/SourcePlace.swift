import ArchiveCore
import ArchiveOutput
import ArchiveDocuments

/// The steps of a source's places (issue 27) are `ArchivePlace`s, the places of the document tree:
/// `.path`, `.zipEntry`, `.cell` and `.backupFile` are theirs. `description` shows a step escaped.
extension ArchivePlace {
    /// The step as text, unescaped (for JSON, which escapes what it must itself).
    package var text: String {
        switch self {
        case .path(let bytes), .zipEntry(let bytes): String(decoding: bytes, as: UTF8.self)
        case .cell(let table, let column, let rowid): "\(table).\(column):\(rowid)"
        case .backupFile(let domain, let path, _): String(decoding: domain + [UInt8(ascii: "-")] + path, as: UTF8.self)
        default: description
        }
    }

    /// The step as JSON output holds it (`JSONWriter.nameText` for a path or an entry's name).
    package var jsonText: String {
        switch self {
        case .path(let bytes), .zipEntry(let bytes): JSONWriter.nameText(bytes)
        case .backupFile(let domain, let path, _): JSONWriter.nameText(domain + [UInt8(ascii: "-")] + path)
        default: text
        }
    }

    /// Whether `text` is exact: a path's or an entry's name is UTF-8.
    var isExact: Bool {
        switch self {
        case .path(let bytes), .zipEntry(let bytes): String(validating: bytes, as: UTF8.self) != nil
        case .backupFile(let domain, let path, _): String(validating: domain, as: UTF8.self) != nil && String(validating: path, as: UTF8.self) != nil
        default: true
        }
    }
}

/// Where an archive lives inside a source: the steps from the source to it, e.g. a file in a folder,
/// then an entry of that file as a ZIP. Written with `:` between steps, as `--dump` takes it
/// (`chat.db:message.attributedBody:1234`, `App.ipa:Payload/App.app/Info.plist`).
package struct SourcePlace: Hashable, Sendable, Comparable {
    package var steps: [ArchivePlace]

    package init(_ steps: [ArchivePlace]) { self.steps = steps }

    /// The place as every text output shows it (escaped), steps joined by `:`.
    package var displayText: String { steps.map(\.description).joined(separator: ":") }

    /// The place as text, unescaped (names are matched by it).
    package var text: String { steps.map(\.text).joined(separator: ":") }

    /// The place as JSON output holds it: each step's name exact when UTF-8, else escaped
    /// (`JSONWriter.nameText`), never with U+FFFD for the bytes that are not.
    package var jsonText: String { steps.map(\.jsonText).joined(separator: ":") }

    /// Whether every name in the place is UTF-8 (its `text` is exact).
    package var isExact: Bool { steps.allSatisfy(\.isExact) }

    /// The database cell the place ends in, with the steps before it (the database file's place).
    package var cell: (table: String, column: String, rowid: Int64, file: [ArchivePlace])? {
        guard case .cell(let table, let column, let rowid)? = steps.last else { return nil }
        return (table, column, rowid, Array(steps.dropLast()))
    }

    /// The backup file the place starts at (`domain`, `relativePath`, `fileID`), when it does.
    package var backupFile: (domain: [UInt8], path: [UInt8], fileID: String)? {
        guard case .backupFile(let domain, let path, let fileID)? = steps.first else { return nil }
        return (domain, path, fileID)
    }

    /// The place after `step`.
    func appending(_ step: ArchivePlace) -> SourcePlace { SourcePlace(steps + [step]) }

    /// Places sort by their steps: paths and entry names bytewise, cells by table, column, then rowid
    /// numerically (so `:9` comes before `:10`).
    package static func < (a: SourcePlace, b: SourcePlace) -> Bool {
        for (x, y) in zip(a.steps, b.steps) where x != y { return Self.order(x, y) }
        return a.steps.count < b.steps.count
    }

    private static func order(_ x: ArchivePlace, _ y: ArchivePlace) -> Bool {
        switch (x, y) {
        case (.path(let p), .path(let q)), (.zipEntry(let p), .zipEntry(let q)): return p.lexicographicallyPrecedes(q)
        case (.cell(let t1, let c1, let r1), .cell(let t2, let c2, let r2)): return (t1, c1, r1) < (t2, c2, r2)
        case (.backupFile(let d1, let p1, _), .backupFile(let d2, let p2, _)):
            return d1 != d2 ? d1.lexicographicallyPrecedes(d2) : p1.lexicographicallyPrecedes(p2)
        default: return x.rank != y.rank ? x.rank < y.rank : x.description < y.description
        }
    }
}

extension ArchivePlace {
    fileprivate var rank: Int {
        switch self {
        // A backup's files come before its top plists and Manifest.db's values.
        case .backupFile: 0
        case .path: 1
        case .zipEntry: 2
        case .cell: 3
        default: 4
        }
    }
}

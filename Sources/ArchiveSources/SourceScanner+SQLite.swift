import ArchiveCore

/// A database's values: every table, every column, every row whose value starts like an archive.
/// One query a table reads each value's size and first bytes; a value whose first bytes might be a
/// wrapper or an XML header is read further before it is judged.
extension SourceScanner {
    /// First bytes read for every value by the listing query.
    static let cellHead = 256

    mutating func scanDatabase(path: [UInt8], place: SourcePlace) {
        if let wal = Platform.pathStatus(path + Array("-wal".utf8), followLinks: true), wal.kind == .regular, wal.size > 0 {
            report(.sqliteWAL, "a write-ahead log \(DisplayText.escape(bytes: path))-wal of \(ValueFormatter.byteCount(wal.size)) sits beside the database; opened immutable, its changes are not read", at: place)
        }
        do {
            try cache.withDatabase(path) { (db) throws(SQLiteDatabase.Failure) in
                var tables: [String] = []
                try db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") { row in
                    if case .bytes(let name)? = row.first { tables.append(String(decoding: name, as: UTF8.self)) }
                    return true
                }
                for table in tables { scanTable(db, table, place: place) }
            }
        } catch {
            report(.sqliteUnreadable, "the database \(DisplayText.escape(bytes: path)) cannot be read: \(DisplayText.escape(error.message))", at: place)
        }
    }

    private mutating func scanTable(_ db: SQLiteDatabase, _ table: String, place: SourcePlace) {
        do {
            let columns = try db.columnNames(table)
            guard !columns.isEmpty else { return }
            let heads = columns.map { "length(CAST(\(SQLiteDatabase.quoted($0)) AS BLOB)), substr(CAST(\(SQLiteDatabase.quoted($0)) AS BLOB), 1, \(Self.cellHead))" }
            let sql = "SELECT rowid, " + heads.joined(separator: ", ") + " FROM " + SQLiteDatabase.quoted(table)
            // Judged row by row, so memory stays bounded whatever the table's size.
            try db.query(sql) { row in
                guard case .integer(let rowid)? = row.first else { return true }
                for c in 0..<columns.count {
                    guard 2 * c + 2 < row.count, case .integer(let size) = row[2 * c + 1], size >= 8, case .bytes(var head) = row[2 * c + 2] else { continue }
                    var kind = SourceSniffer.classify(head: head)
                    if kind == nil, Int(size) > head.count, Self.mayNeedMore(head) {
                        head = (try? Self.cellBytes(db, table, columns[c], rowid, count: SourceSniffer.headSize)) ?? head
                        kind = SourceSniffer.classify(head: head)
                    }
                    guard case .archive(let format, let wrapper)? = kind else { continue }
                    add(SourceEntry(place: place.appending(.cell(table: table, column: columns[c], rowid: rowid)),
                                    format: format, wrapper: wrapper, size: Int(size)))
                }
                return true
            }
        } catch {
            if let module = Self.unavailableModule(error.message) {
                report(.sqliteModuleUnavailable, "table \(DisplayText.escape(table)) is a virtual table of the module \(DisplayText.escape(module)), which this tool's SQLite does not have; it is not searched", at: place)
            } else {
                report(.sqliteTableUnreadable, "table \(DisplayText.escape(table)) cannot be read to its end: \(DisplayText.escape(error.message))", at: place)
            }
        }
    }

    /// The module SQLite names in "no such module: NAME": a virtual table whose code this SQLite lacks
    /// (not damage). Nil for any other message.
    static func unavailableModule(_ message: String) -> String? {
        let prefix = "no such module: "
        guard message.hasPrefix(prefix) else { return nil }
        return String(message.dropFirst(prefix.count))
    }

    /// Whether a value's first bytes may turn into an archive with more of them: XML whose `<plist`
    /// comes later, or text or compressed data that may be a wrapper.
    static func mayNeedMore(_ head: [UInt8]) -> Bool {
        guard let first = head.first else { return false }
        return first == UInt8(ascii: "<") || first == 0x1F || first == 0x78 || head.allSatisfy { $0 >= 0x20 && $0 < 0x7F || $0 == 0x0A || $0 == 0x0D }
    }

    /// The first `count` bytes of one cell (all of it when `count` is nil).
    static func cellBytes(_ db: SQLiteDatabase, _ table: String, _ column: String, _ rowid: Int64, count: Int? = nil) throws(SQLiteDatabase.Failure) -> [UInt8]? {
        let value = count.map { "substr(CAST(\(SQLiteDatabase.quoted(column)) AS BLOB), 1, \($0))" } ?? "CAST(\(SQLiteDatabase.quoted(column)) AS BLOB)"
        var bytes: [UInt8]?
        try db.query("SELECT \(value) FROM \(SQLiteDatabase.quoted(table)) WHERE rowid = ?", [rowid]) { row in
            if case .bytes(let b)? = row.first { bytes = b }
            return false
        }
        return bytes
    }
}

import ArchiveCore

/// Other columns of the database row an archive was found in (`--unarchive json DB --columns a,b`):
/// the message's date and sender beside its `attributedBody`.
extension ArchiveSource {
    /// One column's value as a record gives it: numbers and text as they are (text cut at
    /// `columnTextLimit` bytes), a blob by its size, so a record stays small whatever the row holds.
    package enum ColumnValue: Sendable, Equatable {
        case integer(Int64)
        case real(Double)
        case text(String, cut: Bool)
        case blob(size: Int64)
        case null
        /// The row has no such column (or the table no such row).
        case missing

        /// The value's text, for a filter: the text itself (nil for the other kinds).
        package var text: String? {
            if case .text(let s, _) = self { return s }
            return nil
        }
    }

    /// Bytes of a text column kept in a record.
    static let columnTextLimit = 4096

    /// The values of `columns` in the row holding the archive at `place`, in the order asked; nil when
    /// the place is not a database cell. A column may be named `table.column` (the place's table) or
    /// by its name alone; another table's column is `missing`. The database is the source, or a
    /// database file of a folder or backup (`sms.db` in a backup).
    package func columnValues(at place: SourcePlace, _ columns: [String]) -> [ColumnValue]? {
        guard let (table, _, rowid, steps) = place.cell, let file = databaseFile(at: steps) else { return nil }
        return (try? cache.withDatabase(file) { (db) throws(SQLiteDatabase.Failure) -> [ColumnValue] in
            // Only the table's own columns are read: SQLite takes an unknown "name" for a string literal.
            let known = try db.columnNames(table)
            return try columns.map { (name) throws(SQLiteDatabase.Failure) -> ColumnValue in
                let prefix = table + "."
                let column = name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name
                guard known.contains(column) else { return .missing }
                return try Self.value(db, table, column, rowid)
            }
        }) ?? columns.map { _ in .missing }
    }

    /// One column of one row: its type, then its value (a blob's length, a text's first bytes).
    private static func value(_ db: SQLiteDatabase, _ table: String, _ column: String, _ rowid: Int64) throws(SQLiteDatabase.Failure) -> ColumnValue {
        let c = SQLiteDatabase.quoted(column)
        let sql = "SELECT typeof(\(c)), CASE typeof(\(c)) WHEN 'blob' THEN length(\(c)) WHEN 'text' THEN substr(CAST(\(c) AS BLOB), 1, \(columnTextLimit)) ELSE \(c) END, "
            + "CASE typeof(\(c)) WHEN 'text' THEN length(CAST(\(c) AS BLOB)) ELSE 0 END FROM \(SQLiteDatabase.quoted(table)) WHERE rowid = ?"
        var result = ColumnValue.missing
        try db.query(sql, [rowid]) { row in
            guard row.count == 3, case .bytes(let type) = row[0] else { return false }
            switch (String(decoding: type, as: UTF8.self), row[1]) {
            case ("integer", .integer(let i)): result = .integer(i)
            case ("real", .real(let d)): result = .real(d)
            case ("blob", .integer(let size)): result = .blob(size: size)
            case ("text", .bytes(let bytes)):
                let full: Int64 = if case .integer(let n) = row[2] { n } else { 0 }
                result = .text(text(bytes), cut: full > Int64(bytes.count))
            default: result = .null
            }
            return false
        }
        return result
    }

    /// Text as JSON holds it: UTF-8 as it is (a sequence the cut split is dropped), else escaped.
    static func text(_ bytes: [UInt8]) -> String {
        for drop in 0...min(3, bytes.count) {
            if let text = String(validating: bytes.dropLast(drop), as: UTF8.self) { return text }
        }
        return DisplayText.escape(bytes: bytes)
    }
}

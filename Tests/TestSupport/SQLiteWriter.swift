import CSQLite

/// Writes SQLite databases for tests (the library only ever reads them): statements run as given,
/// rows inserted with text, integer, blob and null values bound, all inside one transaction.
public final class SQLiteWriter {
    /// One value to bind.
    public enum Value {
        case integer(Int64)
        case text(String)
        /// Text from raw bytes (which need not be UTF-8).
        case textBytes([UInt8])
        case blob([UInt8])
        case null
    }

    private let handle: OpaquePointer

    /// Creates (or opens) the database `path` for writing, with a transaction begun.
    public init?(path: String) {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let db else {
            sqlite3_close(db)
            return nil
        }
        handle = db
        execute("PRAGMA journal_mode = DELETE")
        execute("BEGIN")
    }

    /// Runs `sql` (no parameters); false when SQLite refused it.
    @discardableResult
    public func execute(_ sql: String) -> Bool {
        sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK
    }

    /// Runs `sql` once per row of `rows`, its `?` parameters bound to the row's values.
    @discardableResult
    public func insert(_ sql: String, _ rows: [[Value]]) -> Bool {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return false }
        defer { sqlite3_finalize(statement) }
        for row in rows {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
            // Each value's bytes (SQLite copies them when bound: SQLITE_TRANSIENT).
            var kept: [[UInt8]] = []
            for value in row {
                switch value {
                case .text(let s): kept.append(Array(s.utf8))
                case .textBytes(let b), .blob(let b): kept.append(b)
                default: kept.append([])
                }
            }
            let ok = bind(statement, row, kept)
            guard ok, sqlite3_step(statement) == SQLITE_DONE else { return false }
        }
        return true
    }

    private func bind(_ statement: OpaquePointer, _ row: [Value], _ kept: [[UInt8]]) -> Bool {
        for (i, value) in row.enumerated() {
            let index = Int32(i + 1)
            let status: Int32
            switch value {
            case .integer(let n): status = sqlite3_bind_int64(statement, index, n)
            case .null: status = sqlite3_bind_null(statement, index)
            case .text, .textBytes:
                status = kept[i].isEmpty ? sqlite3_bind_text(statement, index, "", 0, nil) : kept[i].withUnsafeBytes { raw in
                    sqlite3_bind_text(statement, index, raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count), Self.transient)
                }
            case .blob:
                status = kept[i].withUnsafeBytes { raw in
                    raw.baseAddress == nil ? sqlite3_bind_zeroblob(statement, index, 0) : sqlite3_bind_blob(statement, index, raw.baseAddress, Int32(raw.count), Self.transient)
                }
            }
            if status != SQLITE_OK { return false }
        }
        return true
    }

    /// SQLITE_TRANSIENT (a macro, not importable): SQLite copies the bytes at once.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Commits and closes the database.
    public func close() {
        execute("COMMIT")
        sqlite3_close(handle)
    }
}

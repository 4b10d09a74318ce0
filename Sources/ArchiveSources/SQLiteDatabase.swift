import CSQLite
import ArchiveCore

/// An SQLite database opened for reading evidence: read-only and immutable (`mode=ro&immutable=1`),
/// so SQLite takes no lock and creates no journal, WAL or shared-memory file, and never writes.
final class SQLiteDatabase: @unchecked Sendable {
    // Safety: a connection is used by one thread at a time (`SourceCache` hands each out exclusively),
    // and so are its prepared statements.
    private let handle: OpaquePointer
    /// Statements prepared once and reused by `query` (the same few queries run once per archive over
    /// a database of many rows: parsing each again cost more than running it), by their SQL.
    private var statements: [String: OpaquePointer] = [:]
    /// Column names by table, as `columnNames` read them.
    private var tableColumns: [String: [String]] = [:]
    /// Statements (and tables' column lists) kept at most; past them a query's statement is finalized after it runs.
    static let statementCapacity = 64

    /// SQLite's own words for why opening failed.
    struct Failure: Error { var message: String }

    /// Opens the database file `path` (the bytes of its name).
    init(path: [UInt8]) throws(Failure) {
        var db: OpaquePointer?
        let uri = Self.uri(for: path)
        let status = sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(db)
            throw Failure(message: message)
        }
        handle = db
        // Bound the memory a hostile database can make SQLite take for one value.
        sqlite3_limit(db, SQLITE_LIMIT_LENGTH, Int32(1 << 30))
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close(handle)
    }

    /// `file:` URI for `path`, with `%`, `?` and `#` (and bytes outside printable ASCII) percent-encoded,
    /// read-only and immutable.
    static func uri(for path: [UInt8]) -> String {
        var text = "file:"
        if path.first == UInt8(ascii: "/") { text += "//" }
        for b in path {
            if b > 0x20, b < 0x7F, b != UInt8(ascii: "%"), b != UInt8(ascii: "?"), b != UInt8(ascii: "#") {
                text.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                text.unicodeScalars.append("%")
                text.unicodeScalars.append(digits[Int(b >> 4)])
                text.unicodeScalars.append(digits[Int(b & 0xF)])
            }
        }
        return text + "?mode=ro&immutable=1"
    }

    /// One value of a result row.
    enum Value {
        case integer(Int64)
        case real(Double)
        case bytes([UInt8])
        case null
    }

    /// Runs `sql` (with `bindings` for its `?` parameters), handing each row's values to `row` until it
    /// returns false. Throws SQLite's message when preparing or stepping fails; rows before that were handed over.
    func query(_ sql: String, _ bindings: [Int64] = [], row: ([Value]) -> Bool) throws(Failure) {
        let statement = try prepared(sql)
        // Reset whatever happens, so that the statement holds no read of the database between queries.
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
            if statements[sql] != statement { sqlite3_finalize(statement) }
        }
        for (i, value) in bindings.enumerated() { sqlite3_bind_int64(statement, Int32(i + 1), value) }
        let columns = sqlite3_column_count(statement)
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw Failure(message: String(cString: sqlite3_errmsg(handle))) }
            var values: [Value] = []
            values.reserveCapacity(Int(columns))
            for c in 0..<columns { values.append(Self.value(statement, c)) }
            if !row(values) { return }
        }
    }

    /// The statement for `sql`: the one kept from an earlier query, else newly prepared (and kept
    /// while there is room). A kept statement still running (the same query inside a row of itself)
    /// is left alone: the new one is finalized after its query.
    private func prepared(_ sql: String) throws(Failure) -> OpaquePointer {
        let kept = statements[sql]
        if let kept, sqlite3_stmt_busy(kept) == 0 { return kept }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw Failure(message: String(cString: sqlite3_errmsg(handle)))
        }
        if kept == nil, statements.count < Self.statementCapacity { statements[sql] = statement }
        return statement
    }

    private static func value(_ statement: OpaquePointer, _ column: Int32) -> Value {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_NULL: return .null
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let text = sqlite3_column_text(statement, column) else { return .bytes([]) }
            return .bytes(Array(UnsafeBufferPointer(start: text, count: count)))
        default:
            let pointer = sqlite3_column_blob(statement, column)
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let pointer, count > 0 else { return .bytes([]) }
            return .bytes(Array(UnsafeRawBufferPointer(start: pointer, count: count)))
        }
    }

    /// The names of `table`'s columns, in order (read once per connection and table: a record over a
    /// database asks for them once per archive).
    func columnNames(_ table: String) throws(Failure) -> [String] {
        if let known = tableColumns[table] { return known }
        var names: [String] = []
        try query("PRAGMA table_info(\(Self.quoted(table)))") { row in
            if row.count > 1, case .bytes(let name) = row[1] { names.append(String(decoding: name, as: UTF8.self)) }
            return true
        }
        if tableColumns.count < Self.statementCapacity { tableColumns[table] = names }
        return names
    }

    /// `name` quoted as an SQL identifier (`"` doubled).
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingQuotes() + "\""
    }
}

private extension String {
    func replacingQuotes() -> String {
        var out = ""
        for c in self { out.append(c == "\"" ? "\"\"" : String(c)) }
        return out
    }
}

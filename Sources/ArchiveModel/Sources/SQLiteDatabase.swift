import CSQLite

/// An SQLite database opened for reading evidence: read-only and immutable (`mode=ro&immutable=1`),
/// so SQLite takes no lock and creates no journal, WAL or shared-memory file, and never writes.
final class SQLiteDatabase: @unchecked Sendable {
    // Safety: a connection is used by one thread at a time (`SourceCache` hands each out exclusively).
    private let handle: OpaquePointer

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

    deinit { sqlite3_close(handle) }

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
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(message: String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
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

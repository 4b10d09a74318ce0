import Synchronization
import ArchiveCore
import ArchiveDocuments

/// What reading a source's archives one after another (or on several threads) reuses: the ZIP
/// directories already read (by the place of the ZIP file) and open database connections (by path),
/// so a check of 100,000 entries reads each directory once and opens each database once a thread.
final class SourceCache: Sendable {
    /// A ZIP file's bytes and its entries by name.
    struct ZIPIndex: Sendable {
        var input: InputBytes
        var entries: [[UInt8]: ZIPEntry]
    }

    private let zips = Mutex<[[ArchivePlace]: ZIPIndex]>([:])
    private let databases = Mutex<[[UInt8]: [SQLiteDatabase]]>([:])
    /// ZIP files kept at once (each holds its file's bytes).
    static let zipCapacity = 8

    func zip(at key: [ArchivePlace]) -> ZIPIndex? { zips.withLock { $0[key] } }

    func store(_ index: ZIPIndex, at key: [ArchivePlace]) {
        zips.withLock { table in
            if table.count >= Self.zipCapacity, let victim = table.keys.first(where: { $0 != key }) { table[victim] = nil }
            table[key] = index
        }
    }

    /// Runs `body` with a connection to the database at `path` that no other thread uses meanwhile.
    func withDatabase<T>(_ path: [UInt8], _ body: (SQLiteDatabase) throws(SQLiteDatabase.Failure) -> T) throws(SQLiteDatabase.Failure) -> T {
        let pooled = databases.withLock { pool -> SQLiteDatabase? in pool[path]?.popLast() }
        let db: SQLiteDatabase
        if let pooled { db = pooled } else { db = try SQLiteDatabase(path: path) }
        defer { databases.withLock { $0[path, default: []].append(db) } }
        return try body(db)
    }
}

import Foundation
import Synchronization
import Testing
@testable import ArchiveModel
@testable import ArchiveCore
@testable import Typedstream
@testable import IB3XML
@testable import Bookmark
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveOutput
@testable import ArchiveSources
import TestSupport

/// `SourceCheck.inOrder`, the ordered parallel run under `--check`, `--json` and the export modes
/// over a source: results in index order whatever order the workers finish in (in chunks or one by
/// one), no chunk started once `emit` says stop, and at most a window of results waiting. Work is
/// counted, never timed.
struct SourceInOrderTests {
    @Test(arguments: [0, 1, 7, 16, 129, 1000, 10_001])
    func everyResultComesOnceInIndexOrder(count: Int) {
        var seen: [Int] = []
        SourceCheck.inOrder(count: count, work: { i in
            // Uneven work, so that workers finish out of order.
            var x = UInt64(i)
            for _ in 0..<((i % 7) * 500) { x = x &* 6364136223846793005 &+ 1 }
            return (i, x)
        }) { i, result in
            #expect(result.0 == i)
            seen.append(i)
            return true
        }
        #expect(seen == Array(0..<count))
    }

    @Test func stoppingStartsNoMoreWorkThanTheWindowHolds() {
        let started = Atomic<Int>(0)
        var emitted = 0
        SourceCheck.inOrder(count: 100_000, work: { i in
            started.wrappingAdd(1, ordering: .relaxed)
            return i
        }) { _, _ in
            emitted += 1
            return emitted < 10
        }
        #expect(emitted == 10)
        // Results waiting in the window, plus a chunk each worker may have taken as the stop came.
        let bound = 10 + SourceCheck.window + Platform.processorCount * SourceCheck.chunkLimit
        #expect(started.load(ordering: .relaxed) <= bound, "started \(started.load(ordering: .relaxed)) of 100,000 (bound \(bound))")
    }

    @Test func waitingResultsNeverExceedTheWindow() {
        let done = Atomic<Int>(0)
        var most = 0, taken = 0
        SourceCheck.inOrder(count: 5_000, work: { i in
            done.wrappingAdd(1, ordering: .relaxed)
            return i
        }) { _, _ in
            taken += 1
            // Done but not yet handed over (this one has been: its slot is free again).
            most = Swift.max(most, done.load(ordering: .relaxed) - taken)
            return true
        }
        #expect(taken == 5_000)
        #expect(most <= SourceCheck.window, "\(most) results waited (window \(SourceCheck.window))")
    }
}

/// `SQLiteDatabase` keeps its prepared statements for the next query of the same SQL; a query
/// nested in a row of the same SQL gets a statement of its own, and a kept statement is reset, so
/// every run sees every row.
struct SQLiteStatementReuseTests {
    static func database() throws -> String {
        let path = SourceFixtures.temporaryFolder() + "/rows.db"
        let db = try #require(SQLiteWriter(path: path))
        #expect(db.execute("CREATE TABLE t (v INTEGER)"))
        #expect(db.insert("INSERT INTO t VALUES (?)", (1...5).map { [.integer(Int64($0))] }))
        db.close()
        return path
    }

    static func values(_ db: SQLiteDatabase, stoppingAfter limit: Int = .max) throws -> [Int64] {
        var out: [Int64] = []
        try db.query("SELECT v FROM t ORDER BY v") { row in
            if case .integer(let v)? = row.first { out.append(v) }
            return out.count < limit
        }
        return out
    }

    @Test func aStatementStoppedEarlyRunsFromTheStartNextTime() throws {
        let db = try SQLiteDatabase(path: Array(try Self.database().utf8))
        #expect(try Self.values(db, stoppingAfter: 2) == [1, 2])
        #expect(try Self.values(db) == [1, 2, 3, 4, 5])
        #expect(try Self.values(db) == [1, 2, 3, 4, 5])
    }

    @Test func theSameQueryInsideARowOfItselfSeesEveryRow() throws {
        let db = try SQLiteDatabase(path: Array(try Self.database().utf8))
        var pairs: [[Int64]] = []
        try db.query("SELECT v FROM t ORDER BY v") { row in
            pairs.append((try? Self.values(db)) ?? [])
            return true
        }
        #expect(pairs.count == 5)
        #expect(pairs.allSatisfy { $0 == [1, 2, 3, 4, 5] })
        #expect(try Self.values(db) == [1, 2, 3, 4, 5])
    }

    @Test func columnNamesAreReadOnceAndStayRight() throws {
        let db = try SQLiteDatabase(path: Array(try Self.database().utf8))
        #expect(try db.columnNames("t") == ["v"])
        #expect(try db.columnNames("t") == ["v"])
        #expect(try db.columnNames("no such table") == [])
    }
}

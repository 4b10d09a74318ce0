import ArchiveModel
import Foundation
import Testing
import TestSupport

/// Real iMessage values in a database laid out as Messages' `chat.db` is (issue 38, "done when": a
/// chat.db's message bodies in one run as JSON Lines with rowid, date and text). The bodies are the
/// corpus's `attributedBody` typedstreams from crabstep's test data and the `payload_data` keyed
/// archives from imessage-exporter's, both taken from real Messages databases; the table has the
/// columns of Messages' `message` table that a forensic reading uses. Each record's document must
/// be what `--unarchive json` gives for the same bytes as a file.
@Suite(.needsCorpus, .tags(.slow))
struct MessagesDatabaseCLITests {
    static var bodies: [String] { Corpus.files("typedstream").filter { $0.contains("/crabstep__") && !$0.contains("/crabstep__foundation_") } }
    static var payloads: [String] { Corpus.files("keyed-binary").filter { $0.contains("/imessage-exporter__") } }

    /// Messages' dates: nanoseconds since 2001-01-01.
    static func date(_ row: Int) -> Int64 { 700_000_000_000_000_000 + Int64(row) }

    /// `chat.db` with one message row per body (`text` its file name), payloads on the first rows.
    static func database(bodies: [String], payloads: [String]) throws -> String {
        let path = SourceFixtures.temporaryFolder() + "/chat.db"
        let db = try #require(SQLiteWriter(path: path))
        #expect(db.execute("""
            CREATE TABLE message (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT UNIQUE NOT NULL, text TEXT,
            handle_id INTEGER DEFAULT 0, service TEXT, date INTEGER, date_read INTEGER, is_from_me INTEGER DEFAULT 0,
            attributedBody BLOB, payload_data BLOB, message_summary_info BLOB)
            """))
        #expect(db.execute("CREATE TABLE handle (ROWID INTEGER PRIMARY KEY AUTOINCREMENT UNIQUE, id TEXT NOT NULL, service TEXT NOT NULL)"))
        let rows: [[SQLiteWriter.Value]] = try bodies.enumerated().map { i, body in
            let payload: SQLiteWriter.Value = i < payloads.count ? .blob(try Self.bytes(payloads[i])) : .null
            return [.text("GUID-\(i + 1)"), .text((body as NSString).lastPathComponent), .integer(Int64(i % 3)), .text("iMessage"),
                    .integer(Self.date(i + 1)), .blob(try Self.bytes(body)), payload]
        }
        #expect(db.insert("INSERT INTO message (guid, text, handle_id, service, date, attributedBody, payload_data) VALUES (?, ?, ?, ?, ?, ?, ?)", rows))
        db.close()
        return path
    }

    static func bytes(_ path: String) throws -> [UInt8] { Array(try #require(FileManager.default.contents(atPath: path))) }

    static func json(_ text: some StringProtocol) throws -> NSObject? {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as? NSObject
    }

    @Test func everyBodyComesOutInOneRunWithItsRowDateAndText() throws {
        let bodies = Self.bodies, payloads = Self.payloads
        try #require(bodies.count >= 20 && payloads.count >= 5, "corpus: \(bodies.count) bodies, \(payloads.count) payloads")
        let db = try Self.database(bodies: bodies, payloads: payloads)
        let result = try CLITests.run(["--unarchive", "json", db, "--columns", "date,text,handle_id"])
        #expect(result.status == 0, "\(result.err)")
        let records = try result.out.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let used = min(bodies.count, payloads.count)
        #expect(records.count == bodies.count + used)
        #expect(result.err.contains("exported \(bodies.count + used) archives: \(bodies.count + used) clean"), "\(result.err)")
        for record in records {
            let rowid = try #require(record["rowid"] as? Int)
            let column = try #require(record["column"] as? String)
            let file = column == "attributedBody" ? bodies[rowid - 1] : payloads[rowid - 1]
            let columns = try #require(record["columns"] as? [String: Any])
            #expect(columns["date"] as? Int64 == Self.date(rowid), "\(file)")
            #expect(columns["text"] as? String == (bodies[rowid - 1] as NSString).lastPathComponent)
            #expect(columns["handle_id"] as? Int == (rowid - 1) % 3)
            #expect(record["format"] as? String == (column == "attributedBody" ? "typedstream" : "bplist00"), "\(file)")
            // The document is the one the file alone gives.
            let alone = try CLITests.run(["--unarchive", "json", file])
            let document = try JSONSerialization.data(withJSONObject: try #require(record["document"]), options: [.fragmentsAllowed])
            #expect(try Self.json(String(decoding: document, as: UTF8.self)) == (try Self.json(alone.out)), "\(file)")
        }
        // A body's text, selected by the row's text column (a row past the payloads: one archive in it).
        let long = try #require(bodies.firstIndex { $0.hasSuffix("/crabstep__LongMessage") })
        try #require(long >= payloads.count)
        let selected = try CLITests.run(["--extract", "0.$string", db, "--columns", "text", "--where", "^crabstep__LongMessage$"])
        let one = try #require(try JSONSerialization.jsonObject(with: Data(selected.out.utf8)) as? [String: Any])
        #expect(one["place"] as? String == "message.attributedBody:\(long + 1)")
        #expect((one["value"] as? String)?.hasPrefix("Sed nibh velit") == true, "\(selected.out)")
        #expect(selected.err.contains("(\(records.count - 1) other archives not matching --where)"), "\(selected.err)")
    }
}

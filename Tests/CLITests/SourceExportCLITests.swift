import ArchiveModel
import Foundation
import Testing
import TestSupport

/// `--unarchive json|xml1|binary1 SOURCE [--columns …]` (issue 38, item 1): one JSON Lines record per
/// archive, in list order, with the row's identity and the columns asked for; the schema is in the README.
@Suite(.needsPython)
struct SourceExportCLITests {
    static func records(_ out: String) throws -> [[String: Any]] {
        try out.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test func aDatabaseGivesOneRecordPerArchiveWithItsRowAndColumns() throws {
        let db = try #require(SourceFixtures.make("chatdb"))
        let result = try CLITests.run(["--unarchive", "json", db, "--columns", "message.date,text,handle_id"])
        #expect(result.status == 1, "the half archive has errors: \(result.err)")
        let records = try Self.records(result.out)
        // The order and the places are those of --check.
        let check = try CLITests.run(["--check", db]).out.split(separator: "\n")
            .filter { $0.hasPrefix(db + ":") && !$0.hasPrefix(db + ": ") }.map { String($0.dropFirst(db.count + 1).prefix { $0 != ":" }) }
        #expect(records.count == 6)
        #expect(records.map { ($0["place"] as? String)?.prefix { $0 != ":" } }.map { $0.map(String.init) } == check.map { Optional($0) })
        let first = try #require(records.first)
        #expect(first["source"] as? String == db)
        #expect(first["place"] as? String == "message.attributedBody:1")
        #expect(first["table"] as? String == "message" && first["column"] as? String == "attributedBody" && first["rowid"] as? Int == 1)
        let columns = try #require(first["columns"] as? [String: Any])
        #expect(columns["message.date"] as? Int == 1)
        #expect(columns["text"] as? String == "hi")
        #expect(columns["handle_id"] is NSNull, "a column the table does not have is null, not its name")
        #expect(first["document"] != nil && first["status"] as? Int == 0)
        let half = try #require(records.first { $0["rowid"] as? Int == 1235 })
        #expect(half["status"] as? Int == 1)
        #expect(((half["diagnostics"] as? [[String: Any]]) ?? []).contains { $0["id"] as? String == "damage.truncated" })
        let odd = try #require(records.first { $0["table"] as? String == "odd \"name" })
        #expect((odd["columns"] as? [String: Any])?["text"] is NSNull, "another table's row has no such column")
        #expect(result.err.contains("exported 6 archives: 5 clean, 1 with problems"), "\(result.err)")
    }

    @Test func eachRecordIsOneLineAndRowsComeInOrder() throws {
        let db = try #require(SourceFixtures.make("big-db:300"))
        let result = try CLITests.run(["--unarchive", "json", db, "--columns", "id"])
        #expect(result.status == 0, "\(result.err)")
        let records = try Self.records(result.out)
        #expect(records.count == 300)
        #expect(records.compactMap { $0["rowid"] as? Int } == Array(1...300))
        #expect(records.allSatisfy { ($0["columns"] as? [String: Any])?["id"] as? Int == $0["rowid"] as? Int })
        #expect(records.allSatisfy { ($0["document"] as? [String: Any])?["root"] as? String == "row" })
    }

    @Test func aFolderGivesRecordsWithoutRowsAndQuietDropsTheNotes() throws {
        let folder = try #require(SourceFixtures.make("folder"))
        let loud = try CLITests.run(["--unarchive", "json", folder])
        let records = try Self.records(loud.out)
        #expect(!records.isEmpty)
        #expect(records.allSatisfy { $0["rowid"] == nil && $0["place"] is String && $0["format"] is String })
        #expect(loud.err.contains("note: source.folder.symlink"), "\(loud.err)")
        let quiet = try CLITests.run(["-q", "--unarchive", "json", folder])
        #expect(quiet.out == loud.out)
        #expect(!quiet.err.contains("note"), "\(quiet.err)")
    }

    @Test func extractOverADatabaseGivesEachArchivesValueOrWhyNot() throws {
        let db = try #require(SourceFixtures.make("chatdb"))
        let result = try CLITests.run(["--extract", "root", db, "--columns", "date"])
        #expect(result.status == 1, "the half archive has errors: \(result.err)")
        let records = try Self.records(result.out)
        #expect(records.count == 6)
        let payload = try #require(records.first { $0["place"] as? String == "message.payload_data:1234" })
        #expect(payload["value"] as? String == "payload")
        #expect(payload["status"] as? Int == 0)
        #expect((payload["columns"] as? [String: Any])?["date"] as? Int == 3)
        let nowhere = try Self.records(try CLITests.run(["--extract", "no.such", db]).out)
        let xml = try #require(nowhere.first { $0["place"] as? String == "odd \"name.v:1" })
        #expect(xml["error"] as? String == "no value at no.such; the longest prefix that resolves is the document, a dictionary of 1 key")
        #expect(xml["status"] as? Int == 1 && xml["value"] == nil)
        #expect(nowhere.allSatisfy { $0["error"] is String && ($0["status"] as? Int ?? 0) >= 1 })
    }

    /// `--where`: the browser's search engine over the place, the columns asked for and the decoded text.
    /// `--classes SOURCE`: each archive's class census as its record's `classes`, selectable by class name.
    @Test func classesOverADatabaseGivesEachArchivesCensus() throws {
        let db = try #require(SourceFixtures.make("chatdb"))
        let result = try CLITests.run(["--classes", db, "--columns", "date"])
        #expect(result.status == 1, "the half archive has errors: \(result.err)")
        let records = try Self.records(result.out)
        #expect(records.count == 6)
        #expect(records.allSatisfy { $0["classes"] is [[String: Any]] || $0["error"] is String })
        let names = { (record: [String: Any]) -> [String] in ((record["classes"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String } }
        let body = try #require(records.first { $0["place"] as? String == "message.attributedBody:1" })
        #expect(names(body).contains { $0.contains("AttributedString") }, "\(names(body))")
        #expect(body["document"] == nil && (body["columns"] as? [String: Any])?["date"] as? Int == 1)
        let selected = try Self.records(try CLITests.run(["--classes", db, "--where", "AttributedString$"]).out)
        #expect(!selected.isEmpty && selected.count < records.count)
        #expect(selected.allSatisfy { names($0).contains { $0.hasSuffix("AttributedString") } })
    }

    @Test func whereSelectsByPlaceColumnOrDecodedText() throws {
        let db = try #require(SourceFixtures.make("chatdb"))
        func places(_ arguments: [String]) throws -> [String] {
            try Self.records(try CLITests.run(arguments + [db]).out).compactMap { $0["place"] as? String }
        }
        #expect(try places(["--unarchive", "json", "--where", "attributedBody:12\\d+$"]) == ["message.attributedBody:1234", "message.attributedBody:1235"])
        #expect(try places(["--unarchive", "json", "--columns", "text", "--where", "^app$"]) == ["message.attributedBody:1234", "message.payload_data:1234"])
        #expect(try places(["--extract", "root", "--where", "^payload$"]) == ["message.payload_data:1234"])
        let none = try CLITests.run(["--unarchive", "json", "--where", "no such thing anywhere", db])
        #expect(none.status == 0 && none.out.isEmpty)
        #expect(none.err.contains("exported 0 archives") && none.err.contains("(6 other archives not matching --where)"), "\(none.err)")
    }

    /// `--unarchive xml1 SOURCE`: each record's `xml1` is the text `--unarchive xml1` writes for that
    /// archive alone; `binary1` the bytes of `--unarchive binary1` in base64, the same plist.
    @Test func xml1AndBinary1OverADatabaseCarryThePlistAsAString() throws {
        let db = try #require(SourceFixtures.make("chatdb"))
        let xml = try CLITests.run(["--unarchive", "xml1", db, "--columns", "date"])
        #expect(xml.status == 1, "the half archive has errors: \(xml.err)")
        let xmlRecords = try Self.records(xml.out)
        let json = try Self.records(try CLITests.run(["--unarchive", "json", db]).out)
        #expect(xmlRecords.count == 6)
        #expect(xmlRecords.map { $0["place"] as? String } == json.map { $0["place"] as? String })
        #expect(xmlRecords.map { $0["status"] as? Int } == json.map { $0["status"] as? Int })
        let binary = try Self.records(try CLITests.run(["--unarchive", "binary1", db]).out)
        #expect(binary.map { $0["place"] as? String } == json.map { $0["place"] as? String })
        for (record, packed) in zip(xmlRecords, binary) {
            let place = try #require(record["place"] as? String)
            #expect(record["document"] == nil && packed["document"] == nil && record["diagnostics"] is [Any])
            guard let text = record["xml1"] as? String else {
                #expect(record["error"] is String && packed["error"] is String, "\(place): no plist, so the reason")
                continue
            }
            #expect(text == (try CLITests.run(["--unarchive", "xml1", db + ":" + place]).out), "\(place): as the archive alone")
            let base64 = try #require(packed["binary1"] as? String)
            let bytes = try #require(Data(base64Encoded: base64))
            #expect(bytes.starts(with: Array("bplist00".utf8)))
            let fromXML = try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) as? NSObject
            let fromBinary = try PropertyListSerialization.propertyList(from: bytes, format: nil) as? NSObject
            #expect(fromXML != nil && fromXML == fromBinary, "\(place): binary1 holds the document xml1 holds")
        }
        let payload = try #require(xmlRecords.first { $0["place"] as? String == "message.payload_data:1234" })
        #expect((payload["columns"] as? [String: Any])?["date"] as? Int == 3)
    }

    @Test func whereOverXML1MatchesTheXMLAndOverBinary1TheDocument() throws {
        let db = try #require(SourceFixtures.make("chatdb"))
        func places(_ arguments: [String]) throws -> [String] {
            try Self.records(try CLITests.run(arguments + [db]).out).compactMap { $0["place"] as? String }
        }
        #expect(try places(["--unarchive", "xml1", "--where", "<string>payload</string>"]) == ["message.payload_data:1234"])
        #expect(try places(["--unarchive", "binary1", "--where", "^payload$|\"payload\""]) == ["message.payload_data:1234"])
        #expect(try places(["--unarchive", "binary1", "--where", "attributedBody:12\\d+$"]) == ["message.attributedBody:1234", "message.attributedBody:1235"])
    }

    @Test func columnsAloneAndOnOneArchiveAreRefused() throws {
        let db = try #require(SourceFixtures.make("chatdb"))
        let alone = try CLITests.run(["--check", db, "--columns", "date"])
        #expect(alone.status == 2)
        #expect(alone.err.contains("--columns goes with --unarchive, --extract or --classes"))
        let place = try CLITests.run(["--unarchive", "json", db + ":message.payload_data:1234", "--columns", "date"])
        #expect(place.status == 2, "a place is one document: no record, no columns")
    }
}

import Foundation
import Testing
@testable import ArchiveModel
@testable import BinaryPlist
@testable import XMLPlist
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import Bookmark
@testable import ArchiveDocuments
@testable import ArchiveOutput
@testable import ArchiveAudit
import TestSupport

/// Every bookmark of `corpus/bookmark` (raw files and those inside the containers) against the PyPI
/// `mac_alias` reader (`scripts/bookmark_dump.py`): the same tables of contents with the same keys,
/// path components, file IDs, volume name, path, UUID and size, and dates.
@Suite(.needsCorpus)
struct BookmarkDifferentialTests {
    /// Writes each found bookmark to a file of its own and runs the script on them; nil when it cannot run.
    static func theirs(_ found: [BookmarkCorpusTests.Found]) throws -> [[String: Any]]? {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bookmark-diff-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        for (i, f) in found.enumerated() {
            let path = dir.appendingPathComponent("\(i).book").path
            try Data(f.input.bytes(in: f.range)).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Corpus.repositoryRoot + "/scripts/bookmark_dump.py"] + paths
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// Our reading in the script's terms.
    static func ours(_ b: BookmarkData) -> [String: Any] {
        var out: [String: Any] = [:]
        out["tocs"] = b.tocs.map { toc -> [Any] in
            [Int(toc.identifier), toc.entries.map { e -> String in
                if case .numeric(let k) = e.key { return "0x" + BookmarkHex.word(k, digits: 4) }
                return "s:" + b.keyName(e.key)
            }]
        }
        out["path"] = b.elements(.path).compactMap { b.stringValue($0) }
        out["fileIDs"] = b.elements(.fileIDs).compactMap { b.integerValue($0).map { Int($0) } }
        for (name, key) in [("volumeName", BookmarkKnownKey.volumeName), ("volumePath", .volumePath), ("volumeUUID", .volumeUUID)] {
            out[name] = b.item(key).flatMap { b.stringValue($0) }
        }
        out["volumeSize"] = b.item(.volumeSize).flatMap { b.integerValue($0) }.map { Int($0) }
        out["creationDate"] = b.item(.creationDate).flatMap { b.dateValue($0) }
        out["volumeCreationDate"] = b.item(.volumeCreationDate).flatMap { b.dateValue($0) }
        return out
    }

    @Test(.needsPython("mac_alias", pip: "mac_alias")) func agreesWithMacAlias() throws {
        let found = BookmarkCorpusTests.bookmarks()
        let theirs = try #require(try Self.theirs(found), "scripts/bookmark_dump.py ran")
        try #require(theirs.count == found.count)
        var compared = 0
        for (f, their) in zip(found, theirs) {
            let label = "\(BookmarkCorpusTests.name(f.file)) at \(f.range.start)"
            #expect(their["error"] == nil, "\(label): mac_alias: \(their["error"] ?? "")")
            let ours = Self.ours(BookmarkData(input: f.input, range: f.range))
            #expect(String(describing: ours["tocs"] ?? "") == String(describing: their["tocs"] ?? ""), "\(label): tables and keys")
            #expect(ours["path"] as? [String] == their["path"] as? [String], "\(label): path")
            #expect(ours["fileIDs"] as? [Int] == their["fileIDs"] as? [Int], "\(label): file IDs")
            for key in ["volumeName", "volumePath", "volumeUUID"] {
                #expect(ours[key] as? String == their[key] as? String, "\(label): \(key)")
            }
            #expect(ours["volumeSize"] as? Int == their["volumeSize"] as? Int, "\(label): volumeSize")
            for key in ["creationDate", "volumeCreationDate"] {
                let a = ours[key] as? Double, b = their[key] as? Double
                #expect((a == nil) == (b == nil) && abs((a ?? 0) - (b ?? 0)) < 0.001, "\(label): \(key) \(a ?? .nan) / \(b ?? .nan)")
            }
            compared += 1
        }
        print("mac_alias differential: \(compared) bookmarks compared (tables, keys, path, file IDs, volume fields, dates)")
    }
}

import Foundation
import Testing
@testable import ArchiveModel
@testable import BinaryPlist
@testable import XMLPlist
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchiveOutput
@testable import ArchiveAudit
import TestSupport

/// Compares the object table of every corpus typedstream with pytypedstream's
/// (`scripts/typedstream_classes.py`): same entries, same kinds, same class names, in stream order.
@Suite struct TypedstreamDifferentialTests {
    /// One object-table entry as printed by the script: kind and name.
    struct Entry: Equatable, CustomStringConvertible {
        var kind: String
        var name: String
        var description: String { "\(kind) \(name)" }
    }

    /// Runs the script on `files`; nil (after printing why) when python3 or the module is missing.
    static func pythonTables(_ files: [URL]) -> [String: (entries: [Entry], error: String?)]? {
        let script = TypedstreamCorpus.repositoryRoot.appendingPathComponent("scripts/typedstream_classes.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + files.map(\.path)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        do {
            try process.run()
        } catch {
            print("skipped: cannot run python3 (\(error))")
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let why = process.terminationStatus == 3 ? "the typedstream module (pip install pytypedstream) is missing" : "python3 exited with status \(process.terminationStatus)"
            print("skipped: \(why)")
            return nil
        }
        var tables: [String: (entries: [Entry], error: String?)] = [:]
        var current: String?
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("== ") {
                current = String(line.dropFirst(3))
                tables[current ?? ""] = ([], nil)
            } else if let file = current, line.hasPrefix("!! error: ") {
                tables[file]?.error = String(line.dropFirst(10))
            } else if let file = current, !line.isEmpty {
                let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard parts.count == 3 else { continue }
                tables[file]?.entries.append(Entry(kind: String(parts[1]), name: String(parts[2])))
            }
        }
        return tables
    }

    /// Our object table in the script's terms.
    static func swiftTable(_ graph: TypedstreamGraph) -> [Entry] {
        (0..<graph.objectCount).map { id in
            let o = graph.object(id)
            switch o.kind {
            case .instance: return Entry(kind: "object", name: o.className ?? "?")
            case .classRecord: return Entry(kind: "class", name: o.className ?? "?")
            case .value: return Entry(kind: "cstring", name: "")
            default: return Entry(kind: "invalid", name: "")
            }
        }
    }

    @Test(.needsCorpus, .needsPython("typedstream", pip: "pytypedstream")) func objectTablesAgreeWithPytypedstream() throws {
        let files = TypedstreamCorpus.typedstreamFiles()
        try #require(!files.isEmpty)
        let tables = try #require(Self.pythonTables(files), "pytypedstream ran")
        var agreeing = 0
        var objects = 0
        for url in files {
            guard let python = tables[url.path] else {
                Issue.record("no pytypedstream output for \(url.lastPathComponent)")
                continue
            }
            #expect(python.error == nil, "pytypedstream failed on \(url.lastPathComponent): \(python.error ?? "")")
            let graph = TypedstreamDecoder.decode(try TypedstreamCorpus.read(url))
            let ours = Self.swiftTable(graph)
            let firstDifference = zip(ours, python.entries).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(ours.count == python.entries.count, "\(url.lastPathComponent): \(ours.count) entries, pytypedstream \(python.entries.count)")
            #expect(firstDifference == nil, "\(url.lastPathComponent): entry #\(firstDifference?.offset ?? -1) is \(firstDifference.map { "\($0.element.0)" } ?? "") here, \(firstDifference.map { "\($0.element.1)" } ?? "") in pytypedstream")
            #expect(graph.instanceClassNames == python.entries.filter { $0.kind == "object" }.map(\.name), "\(url.lastPathComponent)")
            if ours == python.entries { agreeing += 1 }
            objects += ours.filter { $0.kind == "object" }.count
        }
        print("typedstream differential: \(agreeing) of \(files.count) files have the same object table as pytypedstream (\(objects) objects compared in order)")
    }
}

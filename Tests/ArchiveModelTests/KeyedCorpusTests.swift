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

/// Every keyed archive in the shared corpus: decoded, invariants kept, no false errors, and the class of
/// every object agreeing with an independent decoder (Python plistlib via scripts/keyed_classes.py).
@Suite(.needsCorpus, .tags(.slow)) struct KeyedCorpusTests {
    static var keyedFiles: [String] { Corpus.files("keyed-binary") + Corpus.files("keyed-xml") }

    @Test func validKeyedArchivesHaveNoErrors() throws {
        #expect(Self.keyedFiles.count >= 80)
        for path in Self.keyedFiles {
            let doc = try Corpus.open(path)
            #expect(doc.graph is KeyedArchiveGraph, "\(path) not recognised as a keyed archive")
            #expect(GraphInvariants.violations(doc.graph).isEmpty, "\(path)")
            let errors = doc.graph.fullCheck().filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(path): \(errors.prefix(3))")
        }
    }

    @Test(.needsPython()) func classesAgreeWithPlistlib() throws {
        let script = try #require(Self.script, "python3 runs")
        var compared = 0
        for path in Self.keyedFiles {
            guard let lines = Self.run(script, path) else { continue }
            let doc = try Corpus.open(path)
            let expected = Array(lines.dropFirst())
            #expect(Int(lines.first ?? "") == doc.graph.objectCount, "\(path): object count")
            for (id, name) in expected.enumerated() where id < doc.graph.objectCount {
                let object = doc.graph.object(id)
                let ours = object.kind == .instance ? (object.className ?? "-") : "-"
                #expect(ours == name, "\(path) #\(id): \(ours) vs plistlib \(name)")
            }
            compared += 1
        }
        #expect(compared >= 75)
    }

    @Test func everyTopKeyIsDecoded() throws {
        let doc = try Corpus.open(Corpus.root.map { $0 + "/keyed-binary/go-ios__primitives.bin" } ?? "")
        #expect(doc.graph.topLevel.count == 12)
        let savedState = try Corpus.open(Corpus.root.map { $0 + "/keyed-binary/go-ios__savedstate.plist" } ?? "")
        #expect(Set(savedState.graph.topLevel.map(\.key)) == ["MenuBar AvailableSpace", "CoreGraphics Window ID", "MenuBar Main", "_NSDictionaryKeys"])
    }

    @Test func malformedKeyedArchivesNameTheirDefect() throws {
        let root = try #require(Corpus.root)
        let expected = [
            "bpylist2__invalid_type_archive.plist": "keyed.archiver.unknown",
            "bpylist2__invalid_version_archive.plist": "keyed.version.unsupported",
            "bpylist2__missing_uid_archive.plist": "keyed.class.missing",
            "bpylist2__no_class_name_archive.plist": "keyed.classname.missing",
            "bpylist2__no_objects_archive.plist": "keyed.objects.missing",
            "bpylist2__no_top_archive.plist": "keyed.top.missing",
        ]
        for (name, id) in expected {
            let doc = try Corpus.open(root + "/corrupt/" + name)
            let found = doc.graph.fullCheck().first { $0.id == id }
            #expect(found != nil, "\(name) lacks \(id)")
            #expect(found?.range != nil, "\(name): \(id) has no location")
        }
    }

    /// scripts/keyed_classes.py in this repository.
    static var script: String? {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/keyed_classes.py").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    static func run(_ script: String, _ path: String) -> [String]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

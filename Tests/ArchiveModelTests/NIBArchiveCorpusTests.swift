import Foundation
import Testing
@testable import ArchiveModel
@testable import BinaryPlist
@testable import XMLPlist
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveOutput
@testable import ArchiveAudit
@testable import ArchiveSources
import TestSupport

/// The corpus nibs (ibtool output, coder versions 9 and 10): each decodes without a problem, through
/// the path the CLI takes, and agrees with the PyPI `nibarchive` reader on every object's class and
/// every value's key, type and payload (`scripts/nibarchive_dump.py`).
@Suite(.needsCorpus)
struct NIBArchiveCorpusTests {
    /// Every NIBArchive of the corpus: the nibarchive folder's nibs and those among the other formats.
    static func nibFiles() -> [String] {
        (Corpus.files("nibarchive") + Corpus.files("other")).filter { path in
            guard let input = try? InputBytes.read(path: path) else { return false }
            return FormatDetector.detect(input) == .nibArchive
        }
    }

    @Test func everyNibDecodesWithoutProblems() throws {
        let files = Self.nibFiles()
        #expect(files.count >= 48)
        for path in files {
            let (document, diagnostics) = try CorpusDocumentTests.process(path)
            #expect(document.format == .nibArchive && document.isDecoded, "\(path)")
            #expect(!diagnostics.contains { $0.severity >= .warning }, "\(path): \(diagnostics.prefix(2))")
            #expect(document.graph.objectCount > 0, "\(path)")
        }
    }

    /// One value as the script prints it.
    struct Value: Equatable, CustomStringConvertible {
        var key: String
        var type: Int
        var payload: String
        var description: String { "\(key) \(type) \(payload)" }
    }

    /// One object: its class and values.
    struct Object: Equatable {
        var className: String
        var values: [Value] = []
    }

    /// Runs the script; nil (after printing why) when python3 or the package is missing.
    static func pythonObjects(_ files: [String]) -> [String: (counts: [Int], objects: [Object], error: String?)]? {
        let script = TypedstreamCorpus.repositoryRoot.appendingPathComponent("scripts/nibarchive_dump.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + files
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        do { try process.run() } catch {
            print("skipped: cannot run python3 (\(error))")
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            print("skipped: " + (process.terminationStatus == 3 ? "the nibarchive package (pip install nibarchive) is missing" : "python3 exited with status \(process.terminationStatus)"))
            return nil
        }
        var result: [String: (counts: [Int], objects: [Object], error: String?)] = [:]
        var current = ""
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if line.hasPrefix("== ") {
                current = String(line.dropFirst(3))
                result[current] = ([], [], nil)
            } else if line.hasPrefix("!! error: ") {
                result[current]?.error = String(line.dropFirst(10))
            } else if parts.first == "counts" {
                result[current]?.counts = parts.dropFirst().compactMap { Int($0) }
            } else if parts.first == "object", parts.count == 3 {
                result[current]?.objects.append(Object(className: parts[2]))
            } else if parts.first == "value", parts.count == 4, let type = Int(parts[2]) {
                let count = result[current]?.objects.count ?? 0
                if count > 0 { result[current]?.objects[count - 1].values.append(Value(key: parts[1], type: type, payload: parts[3])) }
            }
        }
        return result
    }

    /// Our objects in the script's terms: every value in stored order, a `UINibEncoderEmptyKey` list
    /// spelled out as the values it was read from.
    static func swiftObjects(_ graph: NIBArchiveGraph) -> [Object] {
        (0..<graph.objectCount).map { id in
            let object = graph.object(id)
            var result = Object(className: object.className ?? "?")
            for field in object.fields {
                if case .list(let items) = field.value, field.key == NIBTextTable.emptyKey {
                    for item in items { result.values.append(value(field.key, item)) }
                } else {
                    result.values.append(value(field.key, field.value))
                }
            }
            return result
        }
    }

    static func value(_ key: String, _ value: FieldValue) -> Value {
        func hex(_ v: UInt64, _ width: Int) -> String {
            (0..<width).map { String(format: "%02x", UInt8(truncatingIfNeeded: v >> (8 * UInt64($0)))) }.joined()
        }
        switch value {
        case .scalar(.integer(let i, let width)): return Value(key: key, type: [1: 0, 2: 1, 4: 2, 8: 3][width] ?? -1, payload: String(i))
        case .scalar(.bool(let b)): return Value(key: key, type: b ? 5 : 4, payload: "")
        case .scalar(.real(let d, 4)): return Value(key: key, type: 6, payload: hex(UInt64(Float(d).bitPattern), 4))
        case .scalar(.real(let d, _)): return Value(key: key, type: 7, payload: hex(d.bitPattern, 8))
        case .scalar(.data(let bytes)): return Value(key: key, type: 8, payload: bytes.map { String(format: "%02x", $0) }.joined())
        case .reference(.null): return Value(key: key, type: 9, payload: "")
        case .reference(.object(let id)): return Value(key: key, type: 10, payload: String(id))
        default: return Value(key: key, type: -1, payload: "\(value)")
        }
    }

    @Test(.needsPython("nibarchive", pip: "nibarchive")) func objectsAgreeWithThePyPIReader() throws {
        let files = Self.nibFiles()
        let python = try #require(Self.pythonObjects(files), "the PyPI reader ran")
        var values = 0
        for path in files {
            let name = URL(fileURLWithPath: path).lastPathComponent
            guard let theirs = python[path] else { Issue.record("no output for \(name)"); continue }
            #expect(theirs.error == nil, "\(name): \(theirs.error ?? "")")
            let graph = try #require(try Corpus.open(path).graph as? NIBArchiveGraph)
            let layout = graph.layout
            #expect(theirs.counts == NIBTableKind.allCases.map { layout[$0].found }, "\(name): table counts")
            let ours = Self.swiftObjects(graph)
            #expect(ours.count == theirs.objects.count, "\(name): \(ours.count) objects, the PyPI reader \(theirs.objects.count)")
            for (id, (a, b)) in zip(ours, theirs.objects).enumerated() where a != b {
                let value = zip(a.values, b.values).first { $0 != $1 }
                Issue.record("\(name) #\(id): \(a.className) \(a.values.count) values here, \(b.className) \(b.values.count) there; first difference \(value.map { "\($0.0) / \($0.1)" } ?? "in length")")
                break
            }
            values += ours.reduce(0) { $0 + $1.values.count }
        }
        print("nibarchive differential: \(files.count) nibs, \(values) values compared with the PyPI reader")
    }
}

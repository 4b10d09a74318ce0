import ArchiveModel
import Foundation
import Testing
import TestSupport

/// The export modes on the shared corpus, checked against the independent resolver written over
/// Python's plistlib (`scripts/nska_resolve.py`). Skipped without the corpus or without python3.
@Suite(.needsCorpus, .enabled(if: Python3.isAvailable, "needs python3"), .tags(.slow))
struct ExportCorpusTests {
    typealias CLI = CLITests

    static let script = Corpus.repositoryRoot + "/scripts/nska_resolve.py"
    static func python(_ arguments: [String]) throws -> (status: Int32, out: String) { try Python3.run(arguments) }

    static var keyedFiles: [String] { Corpus.files("keyed-binary") + Corpus.files("keyed-xml") }

    /// Every reachable string and number of each keyed archive appears in `--unarchive json`.
    @Test func unarchiveJSONHoldsEveryValuePlistlibReaches() throws {
        var compared = 0
        for path in Self.keyedFiles {
            let r = try CLI.run(["--unarchive", "json", path])
            #expect(r.status < 2, "\(path)")
            let json = try CLI.temp(Array(r.out.utf8), "corpus-export.json")
            let check = try Self.python([Self.script, "--compare", path, json])
            if check.status == 3 { continue } // plistlib cannot read it
            #expect(check.status == 0, "\(path): \(check.out)")
            compared += 1
        }
        #expect(compared >= 80)
    }

    /// xml1 and binary1 exports load in plistlib.
    @Test func plistExportsLoadInPlistlib() throws {
        for path in Self.keyedFiles.prefix(40) {
            for format in ["xml1", "binary1"] {
                // Through a file: binary1 is not text.
                let out = try CLI.temp([], "corpus-export.\(format)")
                let binary = try #require(CLI.binary)
                _ = try CLI.run(["-c", "\"$0\" --unarchive \(format) \"$1\" > \"$2\"", binary, path, out], executable: "/bin/sh")
                let load = try Self.python(["-c", "import plistlib,sys; plistlib.load(open(sys.argv[1],'rb'))", out])
                #expect(load.status == 0, "\(path) as \(format)")
            }
        }
    }

    /// The same graph written again by plistlib with its objects shuffled is equal; with one string
    /// changed, the diff names exactly its path.
    @Test func diffAgainstAPlistlibRewrite() throws {
        var compared = 0, changed = 0
        for path in Self.keyedFiles {
            let shuffled = FileManager.default.temporaryDirectory.appendingPathComponent("ab-export-\(getpid())-shuffled").path
            guard try Self.python([Self.script, "--rewrite", path, shuffled, "--seed", "7"]).status == 0 else { continue }
            let same = try CLI.run(["--diff", path, shuffled])
            #expect(same.out.isEmpty, "\(path): \(same.out.prefix(500))")
            compared += 1
            guard let (id, keyPath) = try Self.changeableString(path) else { continue }
            let edited = shuffled + "-changed"
            guard try Self.python([Self.script, "--rewrite", path, edited, "--seed", "7", "--change", String(id)]).status == 0 else { continue }
            let diff = try CLI.run(["--diff", path, edited, "--json"])
            let doc = try JSONSerialization.jsonObject(with: Data(diff.out.utf8)) as? [String: Any]
            let differences = doc?["differences"] as? [[String: Any]] ?? []
            #expect(diff.status == 1, "\(path)")
            #expect(differences.count == 1, "\(path): \(differences.prefix(3))")
            #expect(differences.first?["path"] as? String == keyPath, "\(path)")
            #expect(differences.first?["kind"] as? String == "changed", "\(path)")
            changed += 1
        }
        #expect(compared >= 70)
        #expect(changed >= 35)
    }

    /// A string object referenced once, reached as a value (not a dictionary key): its id and the key
    /// path `--unarchive` writes it at. Found by walking the exported document for string leaves and
    /// asking the path resolver which object each is.
    static func changeableString(_ path: String) throws -> (ObjectID, String)? {
        let document = try Corpus.open(path)
        let shapes = ExportShapes(graph: document.graph)
        let resolver = ExportPathResolver(shapes: shapes)
        guard let index = GraphIndex(graph: document.graph) else { return nil }
        var pending: [([String], ExportValue)] = [([], shapes.root)]
        var steps = 0
        while let (components, value) = pending.popLast(), steps < 5000 {
            steps += 1
            switch value {
            case .object(let id):
                let (shape, isLeaf) = shapes.shape(of: id)
                if isLeaf, case .scalar(.string) = shape, index.referrerCounts[id] == 1,
                   case .found = resolver.resolve(components) {
                    return (id, KeyPath.escapedForm(components))
                }
                if !isLeaf { pending.append((components, shape)) }
            case .array(let items):
                for i in (0..<Swift.min(items.count, 50)).reversed() { pending.append((components + [String(i)], items[i])) }
            case .dictionary(let entries):
                for i in (0..<Swift.min(entries.count, 50)).reversed() where !entries[i].key.hasPrefix("$") {
                    pending.append((components + [entries[i].key], entries[i].value))
                }
            case .scalar, .embedded:
                // These shapes leave embedded archives data (the changed string is in the file itself).
                continue
            }
        }
        return nil
    }
}

/// python3, for the cross-checks: the tests that need it are skipped (not passed) without it.
enum Python3 {
    static let isAvailable: Bool = (try? run(["-c", "import plistlib"]).status) == 0

    /// Runs python3 with `arguments`.
    static func run(_ arguments: [String]) throws -> (status: Int32, out: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

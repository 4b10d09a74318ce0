import Foundation
import Testing

/// Sources of archives built for a test (issue 27) by `scripts/make_sources.py` with Python's
/// `zipfile` and `sqlite3`: folders, ZIP files and databases, in a fresh temporary folder each time.
public enum SourceFixtures {
    /// Whether python3 runs here (tests that build sources are skipped without it).
    public static let pythonAvailable: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sqlite3, zipfile"]
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// A new empty temporary folder.
    public static func temporaryFolder() -> String {
        let path = NSTemporaryDirectory() + "archive-browse-sources-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Builds `kind` (`folder`, `zip`, `chatdb`, `damaged-db`, `bomb-zip`, `many-zip:N`, `big-db:N`)
    /// in a new temporary folder; the path of the source, or nil when the script failed.
    public static func make(_ kind: String, in folder: String? = nil) -> String? {
        let directory = folder ?? temporaryFolder()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Corpus.repositoryRoot + "/scripts/make_sources.py", kind, directory] + (StandInCorpus.sourceFolder.map { [$0] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every file under `folder` (links not followed) with its size, modification time and bytes: two
    /// equal snapshots mean nothing was written, created or removed.
    public static func snapshot(_ folder: String) -> [String: String] {
        var result: [String: String] = [:]
        guard let names = FileManager.default.subpaths(atPath: folder) else { return result }
        for name in names.sorted() {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let bytes = (info.st_mode & S_IFMT) == S_IFREG ? (FileManager.default.contents(atPath: path) ?? Data()) : Data()
            var hash: UInt64 = 0xcbf29ce484222325
            for b in bytes { hash = (hash ^ UInt64(b)) &* 0x100000001b3 }
            #if canImport(Darwin)
            let modified = "\(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
            #else
            let modified = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            #endif
            result[name] = "\(info.st_mode) \(info.st_size) \(modified) \(hash)"
        }
        return result
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where python3 (with sqlite3 and zipfile) is, to build its sources.
    public static var needsPython: Self {
        .enabled(if: SourceFixtures.pythonAvailable, "needs python3 to build its sources")
    }
}

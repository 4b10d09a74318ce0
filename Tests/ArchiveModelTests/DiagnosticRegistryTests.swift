import Testing
@testable import ArchiveModel
@testable import ArchiveDocuments
import TestSupport

/// The registry of diagnostic kinds (issue 24 items 1 and 2): ids unique and well formed, every one
/// explained and asserted by some test, and the README's table generated from it.
struct DiagnosticRegistryTests {
    static let repository: String = {
        var dir = "\(#filePath)"
        for _ in 0..<3 { dir = String(dir[..<(dir.lastIndex(of: "/") ?? dir.startIndex)]) }
        return dir
    }()

    @Test func idsAreUniqueAndWellFormed() {
        let ids = DiagnosticRegistry.catalogs.flatMap { $0 }.map(\.id)
        #expect(Set(ids).count == ids.count, "an id is declared twice")
        for id in ids {
            let parts = id.split(separator: ".", omittingEmptySubsequences: false)
            #expect(parts.count >= 2 && parts.count <= 4, "\(id)")
            #expect(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } }, "\(id)")
        }
    }

    @Test func everyKindIsExplained() {
        for kind in DiagnosticRegistry.all {
            #expect(kind.summary.count >= 20 && !kind.summary.hasSuffix("."), "\(kind.id): summary")
            #expect(kind.explanation.count >= 200, "\(kind.id): the explanation is \(kind.explanation.count) characters")
        }
    }

    /// rustc's tidy check for error codes, here: an id that no test names is an id no test produces.
    @Test func everyIdIsAssertedBySomeTest() throws {
        let sources = try Self.testSources().filter { !$0.name.hasSuffix("RegistryTests.swift") && !$0.name.contains("Catalog") }
        for kind in DiagnosticRegistry.all {
            #expect(sources.contains { $0.text.contains("\"\(kind.id)\"") }, "no test names \(kind.id)")
        }
    }

    /// The README's table is generated: `ARCHIVE_BROWSE_RECORD=1 swift test --filter DiagnosticRegistryTests` rewrites it.
    @Test func theReadmeTableIsCurrent() throws {
        let path = Self.repository + "/README.md"
        let readme = try #require(Self.read(path))
        let begin = "<!-- diagnostics table: generated from DiagnosticRegistry; ARCHIVE_BROWSE_RECORD=1 swift test --filter DiagnosticRegistryTests -->\n"
        let end = "<!-- end of diagnostics table -->"
        let start = try #require(readme.range(of: begin), "README.md has no diagnostics table marker")
        let stop = try #require(readme.range(of: end, range: start.upperBound..<readme.endIndex))
        let table = DiagnosticExplanation.markdownTable(DiagnosticRegistry.all)
        if String(readme[start.upperBound..<stop.lowerBound]) == table { return }
        if getenv("ARCHIVE_BROWSE_RECORD") != nil {
            let updated = String(readme[..<start.upperBound]) + table + String(readme[stop.lowerBound...])
            #expect(Self.write(path, updated))
        } else {
            Issue.record("README.md's diagnostics table is stale: run ARCHIVE_BROWSE_RECORD=1 swift test --filter DiagnosticRegistryTests")
        }
    }

    static func testSources() throws -> [(name: String, text: String)] {
        var out: [(String, String)] = []
        var pending = [repository + "/Tests"]
        while let dir = pending.popLast() {
            guard let handle = opendir(dir) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasPrefix(".") { continue }
                let path = dir + "/" + name
                if name.hasSuffix(".swift") { if let text = read(path) { out.append((name, text)) } } else if !name.contains(".") { pending.append(path) }
            }
        }
        return out
    }

    static func read(_ path: String) -> String? {
        (try? InputBytes.read(path: path)).map { String(decoding: $0.buffer, as: UTF8.self) }
    }

    static func write(_ path: String, _ text: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        defer { fclose(file) }
        return fwrite(text, 1, text.utf8.count, file) == text.utf8.count
    }
}

import Foundation
import Testing
import TestSupport

/// `--version`: the number from ArchiveBrowseVersion.swift, the one place that holds it, plus the
/// commit the binary was built from (the BuildCommit plugin), and CHANGELOG.md in step with it.
@Suite struct VersionTests {
    static func versionNumber() throws -> String {
        let source = try String(contentsOfFile: Corpus.repositoryRoot + "/Sources/archive-browse/ArchiveBrowseVersion.swift",
                                encoding: .utf8)
        let line = try #require(source.split(separator: "\n").first { $0.contains("static let number = ") })
        return String(try #require(line.split(separator: "\"").dropFirst().first))
    }

    /// Run git in the repository; nil when it is no checkout or git is missing.
    static func git(_ arguments: [String]) -> String? {
        guard let git = Tools.path(of: "git") else { return nil }
        let process = Process(), out = Pipe()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = ["-C", Corpus.repositoryRoot] + arguments
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    @Test func versionIsTheSourcesNumberAndTheBuildsCommit() throws {
        let r = try CLITests.run(["--version"])
        #expect(r.status == 0)
        let number = try Self.versionNumber()
        #expect(number.split(separator: ".").count == 3 && number.allSatisfy { $0.isNumber || $0 == "." }, "\(number)")
        let line = r.out.trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix("archive-browse \(number)"), "\(line)")
        if let head = Self.git(["rev-parse", "--short=12", "HEAD"])?.trimmingCharacters(in: .whitespacesAndNewlines) {
            // Built from this checkout: the commit is named (a commit made after the build is not the
            // build's, so only the form is checked then; -dirty when tracked files differed).
            let match = try #require(line.wholeMatch(of: /archive-browse ([0-9.]+) \(commit ([0-9a-f]{12})(-dirty)?\)/),
                                     "\(line) names a short commit id (HEAD \(head))")
            #expect(match.1 == number)
        }
    }

    @Test func changelogKeepsAChangelogsForm() throws {
        let text = try String(contentsOfFile: Corpus.repositoryRoot + "/CHANGELOG.md", encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "# Changelog")
        #expect(text.contains("Keep a Changelog"))
        let releases = lines.filter { $0.hasPrefix("## ") }
        #expect(releases.first == "## [Unreleased]", "\(releases)")
        for release in releases.dropFirst() {
            // "## [0.9.0] - 2026-12-01": a version and an ISO date.
            #expect(release.wholeMatch(of: /## \[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}/) != nil, "\(release)")
        }
        let sections = Set(lines.filter { $0.hasPrefix("### ") })
        let known: Set<Substring> = ["### Added", "### Changed", "### Deprecated", "### Removed", "### Fixed", "### Security"]
        #expect(!sections.isEmpty && sections.isSubset(of: known), "\(sections)")
        // A released version is the source's or older: the source is never behind the changelog.
        let number = try Self.versionNumber()
        if let latest = releases.dropFirst().first {
            #expect(latest.contains("[\(number)]"), "CHANGELOG's latest release \(latest) is the source's \(number)")
        }
    }
}

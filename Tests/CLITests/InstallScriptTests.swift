import Foundation
import Testing
import TestSupport

/// scripts/install.sh without its release build: the script parses (`bash -n`), `--help` and
/// `--dry-run` change nothing, and with `--binary` (the debug binary beside these tests) a real
/// install into a temporary PREFIX with a space in its name, a replacement of an older install and
/// `--uninstall` touch exactly the files it lists. The release build, `ldd` and the empty environment
/// are scripts/check-install.sh's (CI runs it).
@Suite(.needsTool("bash")) struct InstallScriptTests {
    static let script = Corpus.repositoryRoot + "/scripts/install.sh"

    struct Run { var status: Int32; var out: String; var err: String }

    static func install(_ arguments: [String]) throws -> Run {
        let process = Process(), out = Pipe(), err = Pipe()
        process.executableURL = URL(fileURLWithPath: try #require(Tools.path(of: "bash")))
        process.arguments = [script] + arguments
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, out: String(decoding: o, as: UTF8.self), err: String(decoding: e, as: UTF8.self))
    }

    /// A new empty directory whose name has a space.
    static func tempPrefix(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ab-install-\(getpid())-\(name) x").path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Every path under `root`, relative and sorted: what "left as it was" compares.
    static func tree(_ root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).sorted()
    }

    static let installed = ["bin/archive-browse", "share/man/man1/archive-browse.1",
                            "share/bash-completion/completions/archive-browse", "share/zsh/site-functions/_archive-browse",
                            "share/fish/vendor_completions.d/archive-browse.fish",
                            "share/archive-browse/install-manifest.txt"]

    @Test func scriptParsesAndExplainsItself() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Tools.path(of: "bash")))
        process.arguments = ["-n", Self.script, Corpus.repositoryRoot + "/scripts/check-install.sh"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "bash -n")
        let help = try Self.install(["--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("--uninstall") && help.out.contains("/usr/local"), "\(help.out)")
        let bad = try Self.install(["--frobnicate"])
        #expect(bad.status == 2 && bad.err.contains("unknown option"), "\(bad.err)")
    }

    @Test func dryRunNamesTheReleaseBuildAndWritesNothing() throws {
        let parent = try Self.tempPrefix("dry")
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let prefix = parent + "/not yet"
        let r = try Self.install(["--dry-run", prefix])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("swift build -c release --product archive-browse"), "\(r.out)")
        #if os(Linux)
        #expect(r.out.contains("--static-swift-stdlib"), "the Swift runtime is linked in on Linux")
        #endif
        for path in Self.installed.dropLast() {
            #expect(r.out.contains(path), "the dry run names \(path)")
        }
        #expect(!FileManager.default.fileExists(atPath: prefix), "a dry run creates nothing")
    }

    @Test func aPrefixUnderAFileIsRefusedBeforeBuilding() throws {
        let dir = try Self.tempPrefix("file")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = FileManager.default.createFile(atPath: dir + "/plain", contents: Data("x".utf8))
        let r = try Self.install([dir + "/plain/prefix"])
        #expect(r.status == 2)
        #expect(r.err.contains("is not a directory"), "\(r.err)")
        #expect(!r.out.contains("building"), "refused before the build")
    }

    @Test func installReplaceAndUninstallTouchOnlyTheirFiles() throws {
        let binary = try #require(CLITests.binary)
        let prefix = try Self.tempPrefix("real")
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        // Someone else's files, and an empty directory the install will use but did not create.
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/share/man/man1", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: prefix + "/bin/other-tool", contents: Data("other".utf8))
        let before = Self.tree(prefix)

        let first = try Self.install(["--binary", binary, prefix])
        #expect(first.status == 0, "\(first.err)")
        for path in Self.installed {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + path), "\(path) installed")
            #expect(first.out.contains(prefix + "/" + path), "the output says where \(path) went")
        }
        let version = try CLITests.run(["--version"], executable: prefix + "/bin/archive-browse")
        #expect(version.status == 0 && version.out.hasPrefix("archive-browse "))

        // An older install that had one more file: replaced, not mixed.
        let manifest = prefix + "/share/archive-browse/install-manifest.txt"
        _ = FileManager.default.createFile(atPath: prefix + "/bin/archive-browse-old", contents: Data("old".utf8))
        let listed = try String(contentsOfFile: manifest, encoding: .utf8)
        try (listed + "f bin/archive-browse-old\nf ../outside\n").write(toFile: manifest, atomically: true, encoding: .utf8)
        let second = try Self.install(["--binary", binary, prefix])
        #expect(second.status == 0, "\(second.err)")
        #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/archive-browse-old"), "the older install's file is gone")
        #expect(second.err.contains("unsafe manifest entry '../outside'"), "\(second.err)")
        #expect(try String(contentsOfFile: manifest, encoding: .utf8) == listed, "the new manifest lists the new install alone")

        let gone = try Self.install(["--uninstall", prefix])
        #expect(gone.status == 0, "\(gone.err)")
        #expect(Self.tree(prefix) == before, "uninstall leaves PREFIX as it was")
        #expect(FileManager.default.contents(atPath: prefix + "/bin/other-tool") == Data("other".utf8))
        let again = try Self.install(["--uninstall", prefix])
        #expect(again.status == 1 && again.err.contains("nothing installed"), "\(again.err)")
    }
}

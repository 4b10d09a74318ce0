import Testing
import ArchiveModel
import TestSupport

/// Timing of large XML plists, run only on request:
/// `XMLPLIST_BENCH=/path/a.plist:/path/b.plist swift test -c release --filter XMLPlistBenchmark`.
@Suite struct XMLPlistBenchmarkTests {
    static let paths: [String] = {
        guard let list = getenv("XMLPLIST_BENCH") else { return [] }
        return String(cString: list).split(separator: ":").map(String.init)
    }()

    @Test(.enabled(if: !paths.isEmpty, "set XMLPLIST_BENCH to a list of files to time"))
    func timeLargeFiles() throws {
        for path in Self.paths {
            let input = try InputBytes.read(path: path)
            let clock = ContinuousClock()
            var tree: XMLPlistTree?
            let elapsed = clock.measure { tree = XMLPlistDecoder.decode(input) }
            let nodes = tree?.nodeCount ?? 0
            let diagnostics = tree?.openDiagnostics.count ?? 0
            print("xml-bench \(path): \(input.count) bytes, \(nodes) nodes, \(diagnostics) diagnostics, \(elapsed)")
            #expect(tree?.rootID != nil)
        }
    }
}

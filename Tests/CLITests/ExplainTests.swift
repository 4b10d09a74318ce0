import ArchiveModel
import Foundation
import Testing

/// `--explain ID` and `--no-group` (issue 24 items 2 and 6).
@Suite struct ExplainTests {
    @Test func everyRegisteredIdIsExplained() throws {
        for kind in DiagnosticRegistry.all {
            let result = try CLITests.run(["--explain", kind.id])
            #expect(result.status == 0, "\(kind.id): \(result.err)")
            #expect(result.out.hasPrefix("\(kind.id) (\(kind.severity.rawValue) by default)\n"))
            let longest = result.out.split(separator: "\n").map { (line: Substring) in line.count }.max() ?? 0
            #expect(longest <= 80 || !result.out.contains(" "), "\(kind.id): a line is \(longest) columns")
        }
    }

    @Test func anUnknownIdIsAnErrorNamingTheNearest() throws {
        let result = try CLITests.run(["--explain", "bplist.ref.out-of-rang"])
        #expect(result.status == 2)
        #expect(result.err.contains("no diagnostic is called \"bplist.ref.out-of-rang\"; the nearest: bplist.ref.out-of-range"))
        #expect(result.out.isEmpty)
    }

    @Test func explainTakesNoFile() throws {
        #expect(try CLITests.run(["--explain", "bplist.ref.out-of-range", "x.plist"]).status == 2)
    }

    @Test func noGroupListsEveryDiagnostic() throws {
        let strings = (0..<6).map { "<string>a\u{01}\($0)</string>" }.joined()
        let xml = "<?xml version=\"1.0\"?><plist version=\"1.0\"><array>\(strings)</array></plist>"
        let path = try CLITests.temp(Array(xml.utf8), "group.plist")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let grouped = try CLITests.run(["--check", path]).out.split(separator: "\n")
        let each = try CLITests.run(["--check", "--no-group", path]).out.split(separator: "\n")
        #expect(grouped.filter { $0.contains("xml.string.control-character") }.count == 1)
        #expect(grouped.contains { $0.contains("6 × this diagnostic") })
        #expect(each.filter { $0.contains("xml.string.control-character") }.count == 6)
    }
}

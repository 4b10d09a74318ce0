import Testing
@testable import ArchiveModel
@testable import IB3XML
@testable import ArchiveDocuments
@testable import OpenStepPlist

/// Deep nesting and corruption sweeps: the decoder must finish without crashing on any input and
/// keep the tree invariants.
@Suite struct OpenStepRobustnessTests {
    typealias S = OpenStepTestSupport

    @Test func millionOpenArraysDoNotOverflowTheStack() {
        let tree = S.decode([UInt8](repeating: UInt8(ascii: "("), count: 1_000_000))
        #expect(tree.nodeCount == 1_000_000)
        #expect(tree.rootID == 0)
        #expect(S.located(tree) == ["openstep.depth.exceeded@1:514", "openstep.array.unterminated@1:1000000"])
        #expect(tree.openDiagnostics.last?.message.hasSuffix("(nor are 999999 enclosing containers)") == true)
    }

    @Test func millionBalancedArraysDecode() {
        let n = 1_000_000
        let bytes = [UInt8](repeating: UInt8(ascii: "("), count: n) + [UInt8](repeating: UInt8(ascii: ")"), count: n)
        let tree = S.decode(bytes)
        #expect(tree.nodeCount == n)
        #expect(S.ids(tree) == ["openstep.depth.exceeded"])
        #expect(tree.node(0).range == ByteRange(0, 2 * n))
        #expect(tree.node(n - 1).value == .array([]))
        #expect(tree.node(n - 1).range == ByteRange(n - 1, n + 1))
    }

    @Test func deeplyNestedDictionariesAndStringsFile() {
        let dicts = String(repeating: "{a=", count: 300_000)
        let tree = S.decode(dicts)
        #expect(tree.nodeCount == 600_001)
        #expect(S.ids(tree) == ["openstep.depth.exceeded", "openstep.dict.unterminated"])
        let strings = S.decode("k = " + String(repeating: "(", count: 200_000))
        #expect(S.ids(strings) == ["openstep.depth.exceeded", "openstep.array.unterminated"])
    }

    static let fixtures: [String] = [
        "{ a = \"x\\ty\"; b = (1, <0fbd>, {c = d;}); e; }",
        "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA1 /* x */ = {isa = PBXGroup; children = (B2, C3, ); };\n\t};\n}\n",
        "( <*I5>, \"\\U00e9\\101\\UD83D\\UDE00\", /* c */ x, 'q\\'s', <*D2001-01-01 00:00:00 +0000> )",
        "\"k\" = \"v\"; // c\nk2 = ( 'a', { z = y; } );\nk3;\n",
    ]

    @Test(arguments: fixtures)
    func fixtureDecodesCleanly(_ text: String) {
        let tree = S.decode(text)
        S.checkInvariants(tree)
        #expect(tree.openDiagnostics.allSatisfy { $0.severity != .error }, "\(tree.openDiagnostics)")
    }

    @Test(arguments: fixtures)
    func everyTruncationDecodes(_ text: String) {
        let bytes = Array(text.utf8)
        let braced = bytes.first == UInt8(ascii: "{") || bytes.first == UInt8(ascii: "(") || bytes.first == UInt8(ascii: "/")
        let opener = bytes.firstIndex { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "(") } ?? 0
        let closer = bytes.lastIndex { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: ")") } ?? bytes.count
        for length in 0..<bytes.count {
            let tree = S.decode(Array(bytes[0..<length]))
            S.checkInvariants(tree)
            // A cut between the root's opener and its closer leaves a container open.
            if braced, length > opener, length <= closer {
                #expect(tree.openDiagnostics.contains { $0.severity == .error }, "cut at \(length): \(S.ids(tree))")
            }
        }
    }

    @Test(arguments: fixtures)
    func everySingleByteReplacementDecodes(_ text: String) {
        let bytes = Array(text.utf8)
        for index in bytes.indices {
            for value in 0...255 where value != Int(bytes[index]) {
                var changed = bytes
                changed[index] = UInt8(value)
                let tree = S.decode(changed)
                S.checkInvariants(tree, positions: false)
                #expect(tree.rootID != nil || !tree.openDiagnostics.isEmpty)
            }
        }
    }

    @Test func everyByteAloneAndRepeatedDecodes() {
        for value in 0...255 {
            for count in [1, 2, 7] {
                let tree = S.decode([UInt8](repeating: UInt8(value), count: count))
                S.checkInvariants(tree)
            }
        }
    }

    @Test func pathologicalJunkStaysLinear() {
        // Long runs of bytes with no meaning, unbalanced closers, separators and unterminated values.
        let inputs: [[UInt8]] = [
            [UInt8](repeating: UInt8(ascii: "#"), count: 200_000),
            [UInt8](repeating: UInt8(ascii: ")"), count: 200_000),
            Array("{".utf8) + [UInt8](repeating: UInt8(ascii: ";"), count: 200_000),
            Array("(".utf8) + [UInt8](repeating: UInt8(ascii: ","), count: 200_000),
            Array("<".utf8) + [UInt8](repeating: UInt8(ascii: "z"), count: 200_000),
            Array("\"".utf8) + [UInt8](repeating: UInt8(ascii: "\\"), count: 200_001),
            Array("<*I".utf8) + [UInt8](repeating: UInt8(ascii: "9"), count: 200_000) + [UInt8(ascii: ">")],
            [UInt8](repeating: 0xC3, count: 200_000),
            [UInt8](repeating: UInt8(ascii: "{"), count: 200_000),
            Array(String(repeating: "{(<", count: 70_000).utf8),
            Array(String(repeating: "a=", count: 100_000).utf8),
            Array(String(repeating: "{a;", count: 70_000).utf8),
        ]
        let clock = ContinuousClock()
        for input in inputs {
            // Finishing is the test (no time limit: no test depends on wall-clock speed).
            let elapsed = clock.measure { _ = S.decode(input) }
            print("\(input.prefix(3)): \(elapsed)")
        }
    }
}

/// Issue 37: text that opens a container and then is prose costs time and memory in proportion to
/// its words unless the decoder gives up; it does, once errors come thick, and says where.
@Suite struct OpenStepAbandonTests {
    typealias S = OpenStepTestSupport

    static func prose(words: Int) -> [UInt8] {
        let vocabulary = ["the", "quick", "brown", "fox", "said:", "\"hello\";", "(aside)", "x = y.", "and,"]
        var text = "{"
        for i in 0..<words { text += " " + vocabulary[(i * 7 + i / 3) % vocabulary.count] }
        return Array(text.utf8)
    }

    @Test func proseAfterABraceIsAbandonedWithItsOffset() throws {
        let bytes = Self.prose(words: 200_000)
        let tree = S.decode(bytes)
        let abandoned = try #require(tree.openDiagnostics.first { $0.id == "openstep.decoding.abandoned" })
        #expect(abandoned.severity == .error)
        let start = try #require(abandoned.range?.start)
        #expect(abandoned.range?.end == bytes.count)
        #expect(start < bytes.count / 4, "gave up at \(start) of \(bytes.count)")
        #expect(abandoned.message.hasPrefix("\(OpenStepParser.abandonAfter) errors in the first \(start) bytes"))
        // Nothing is reported past the point where decoding stopped, and no id is stored past the budget.
        #expect(tree.openDiagnostics.allSatisfy { ($0.range?.start ?? 0) <= start })
        var perID: [String: Int] = [:]
        for d in tree.openDiagnostics { perID[d.id, default: 0] += 1 }
        #expect(perID.values.allSatisfy { $0 <= DiagnosticBudget.defaultPerID + 1 })
        #expect(tree.openDiagnostics.contains { $0.suppression != nil })
        // Not called truncated: it was not cut short, reading stopped.
        let document = ArchiveDocument.open(InputBytes(bytes), name: "prose")
        #expect(!DocumentCheck.fullCheck(of: document.graph).contains { $0.id == "damage.truncated" })
    }

    @Test func aDamagedPlistWithScatteredErrorsIsReadToTheEnd() {
        // 200,000 entries with an error every 16th: more errors than `abandonAfter`, but one per ~480 bytes.
        var text = "{\n"
        for i in 0..<200_000 { text += i % 16 == 0 ? "  key\(i) \"v\";\n" : "  key\(i) = \"value number \(i)\";\n" }
        text += "}\n"
        let tree = S.decode(Array(text.utf8))
        #expect(!tree.openDiagnostics.contains { $0.id == "openstep.decoding.abandoned" })
        #expect(tree.openDiagnostics.filter { $0.id == "openstep.dict.missing-equals" }.count == 1_000)
        #expect(tree.openDiagnostics.contains { $0.suppression == DiagnosticSuppression(id: "openstep.dict.missing-equals", count: 12_500 - 1_000, severity: OpenStepCode.dictMissingEquals.severity) })
    }
}

import Testing
@testable import ArchiveModel
@testable import BinaryPlist

/// `sortedByOffset()`: the order of `--check`, the problems list and every full check.
@Suite struct DiagnosticOrderTests {
    static func d(_ id: String, _ severity: Severity, at offset: Int?, _ message: String = "") -> Diagnostic {
        Diagnostic(id, severity, message, range: offset.map { ByteRange($0, $0 + 1) })
    }

    @Test func ordersByOffsetThenWorstSeverityThenIDWithUnlocatedLast() {
        let input = [
            Self.d("b.x", .note, at: 9), Self.d("a.y", .warning, at: nil), Self.d("b.z", .error, at: 9),
            Self.d("a.x", .error, at: 9), Self.d("c", .note, at: 0), Self.d("a.b", .warning, at: 9),
        ]
        let order = input.sortedByOffset().map(\.id)
        #expect(order == ["c", "a.x", "b.z", "a.b", "b.x", "a.y"])
    }

    @Test func equalKeysKeepTheirOrder() {
        let input = (0..<50).map { Self.d("same", .error, at: 4 - $0 % 5, "message \($0)") }
        let sorted = input.sortedByOffset()
        for offset in 0...4 {
            let messages = sorted.filter { $0.range?.start == offset }.map(\.message)
            let expected = input.filter { $0.range?.start == offset }.map(\.message)
            #expect(messages == expected)
        }
        #expect(sorted.map { $0.range?.start ?? -1 } == input.map { $0.range?.start ?? -1 }.sorted())
    }

    @Test func aSortedListComesBackUnchanged() {
        let input = (0..<20).map { Self.d("id\($0 % 3)", .warning, at: $0 / 2) }.sortedByOffset()
        #expect(input.sortedByOffset() == input)
        #expect([Diagnostic]().sortedByOffset().isEmpty)
    }
}

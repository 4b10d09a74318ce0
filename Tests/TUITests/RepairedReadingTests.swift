import ArchiveModel
import Testing
@testable import TUI
import TestSupport

/// `R`: the file's repaired reading as a session above it (nothing written), rows holding a changed
/// byte marked `✎ repaired`; `R` again (or `q`) back to the bytes as they are.
@Suite struct RepairedReadingTests {
    static let original: [UInt8] = DamageFixture.people(40)
    /// The fixture through unix2dos: a CR before every LF, which `--repair` takes out exactly.
    static let damaged: [UInt8] = LineEndingConversion.lfToCRLF.apply(original)
    static let document = ArchiveDocument.open(InputBytes(damaged), name: "people.archive")

    func stack(_ keys: String, _ document: ArchiveDocument = Self.document) -> SessionStack {
        Headless.stack(graph: document.graph, fileName: "people.archive", cols: 120, rows: 40, keys: keys)
    }

    func lines(_ stack: SessionStack) -> [String] {
        let screen = Renderer.render(stack.current.state, context: stack.current.context)
        return (0..<stack.current.state.rows).map { screen.line($0) }
    }

    @Test func theFixtureIsDamagedByTheConversion() {
        #expect(Self.damaged.count > Self.original.count)
        #expect(DocumentCheck.fullCheck(of: Self.document.graph).contains { $0.severity == .error })
    }

    @Test func rOpensTheRepairedReadingOverTheOriginalBytes() throws {
        let s = stack("R")
        #expect(s.depth == 1)
        let reading = try #require(s.current.context.repaired)
        #expect(reading.result.steps.first?.mechanism == .lfToCRLF)
        #expect(s.current.context.graph.input.bytes(in: ByteRange(0, Self.original.count)) == Self.original)
        #expect(s.current.context.graph.input.count == Self.original.count)
        let status = lines(s).last ?? ""
        #expect(status.contains("repaired reading"), "\(status)")
        // The repaired reading checks clean, where the damaged bytes do not.
        #expect(!DocumentCheck.fullCheck(of: s.current.context.graph).contains { $0.severity == .error })
    }

    @Test func rowsHoldingAChangedByteAreMarked() {
        let marked = lines(stack("RE")).filter { $0.contains("✎ repaired") }
        #expect(!marked.isEmpty)
        // Nothing is marked in the bytes as they are.
        #expect(!lines(stack("E")).contains { $0.contains("✎") })
    }

    @Test func rAgainGoesBackToTheBytesAsTheyAre() {
        let s = stack("RR")
        #expect(s.depth == 0)
        #expect(s.current.context.repaired == nil)
        #expect(stack("Rq").depth == 0)
    }

    @Test func aCleanFileHasNothingToRepair() {
        let clean = ArchiveDocument.open(InputBytes(Self.original), name: "people.archive")
        let s = stack("R", clean)
        #expect(s.depth == 0)
        #expect(s.current.state.message?.hasPrefix("nothing to repair") == true, "\(s.current.state.message ?? "")")
    }

    @Test func theKeyIsInTheHelp() {
        #expect(HelpText.lines.map { $0.map(\.text).joined() }.contains { $0.contains("repaired reading") })
    }
}

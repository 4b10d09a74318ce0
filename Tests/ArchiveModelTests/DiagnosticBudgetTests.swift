import Testing
@testable import ArchiveModel
@testable import BinaryPlist
@testable import ArchiveDocuments

/// One diagnostics budget for every producer (issue 37): the first `perID` of an id stored, the rest
/// counted exactly, the counts reported by `--check`'s lines and summary and by `--json`.
@Suite struct DiagnosticBudgetTests {
    static func diagnostic(_ id: String, at offset: Int, severity: Severity = .error) -> Diagnostic {
        Diagnostic(id, severity, "problem at \(offset)", range: ByteRange(offset, offset + 1))
    }

    @Test func admitsThePerIDAllowanceAndCountsTheRest() {
        var budget = DiagnosticBudget(perID: 3)
        let admitted = (0..<10).map { _ in budget.admit("a.b", severity: .warning) }
        #expect(admitted == [true, true, true] + [Bool](repeating: false, count: 7))
        let other = budget.admit("c.d", severity: .error)
        #expect(other)
        #expect(budget.suppressed("a.b") == 7)
        #expect(budget.suppressed("c.d") == 0)
        let notes = budget.suppressionNotes()
        #expect(notes.count == 1)
        #expect(notes.first?.id == "check.diagnostics.suppressed")
        #expect(notes.first?.severity == .note)
        #expect(notes.first?.suppression == DiagnosticSuppression(id: "a.b", count: 7, severity: .warning))
        #expect(notes.first?.message == "7 more a.b diagnostics were counted but not stored: the first 3 are listed (10 in all)")
    }

    @Test func cappingKeepsTheFirstInListOrderAndAddsToAProducersOwnNote() {
        let own = Diagnostic("check.diagnostics.suppressed", .note, "earlier", suppression: DiagnosticSuppression(id: "x.y", count: 5, severity: .error))
        let list = (0..<6).map { Self.diagnostic("x.y", at: $0) } + [own] + [Self.diagnostic("z.w", at: 99)]
        let capped = DiagnosticBudget.capped(list, perID: 4)
        #expect(capped.filter { $0.id == "x.y" }.map { $0.range?.start } == [0, 1, 2, 3])
        #expect(capped.contains(own))
        #expect(capped.contains { $0.id == "z.w" })
        let counts = DiagnosticBudget.suppressedCounts(in: capped)
        #expect(counts.count == 1)
        #expect(counts.first?.id == "x.y" && counts.first?.count == 7)
        #expect(counts.first?.severity == .error)
    }

    /// What was left out is tallied as what it is, from the severity the producer met (the tally
    /// needs no registry of catalogs: it sits below the formats that declare them).
    @Test func theTallyCountsLeftOutDiagnosticsByTheirOwnSeverity() {
        let warnings = (0..<5).map { Self.diagnostic("w.w", at: $0, severity: .warning) }
        let capped = DiagnosticBudget.capped(warnings + [Self.diagnostic("e.e", at: 9)], perID: 2)
        let tally = DiagnosticTally(capped)
        #expect(tally.warnings == 5)
        #expect(tally.errors == 1)
        #expect(tally.notes == 1)
    }

    @Test func aListWithinTheBudgetIsUnchanged() {
        let list = (0..<5).map { Self.diagnostic("x.y", at: $0) }
        #expect(DiagnosticBudget.capped(list, perID: 5) == list)
    }

    @Test func checkLinesAndSummaryCountWhatWasLeftOut() {
        let list = DiagnosticBudget.capped((0..<10).map { Self.diagnostic("openstep.dict.missing-equals", at: $0 * 10) }, perID: 4)
        let lines = CheckReport.lines(list)
        #expect(lines.contains { $0.contains("openstep.dict.missing-equals: 10 × this diagnostic (the first 4 stored)") })
        // The note stands alone (never grouped) and names the id and count.
        #expect(lines.contains { $0.hasPrefix("-: note: check.diagnostics.suppressed: 6 more openstep.dict.missing-equals diagnostics") })
        #expect(CheckReport.summary(list) == "10 errors, 0 warnings, 1 note")
    }

    @Test func jsonListsTheSuppressedCountsByID() {
        let words = "{" + String(repeating: "alpha beta gamma ", count: 3_000)
        let document = ArchiveDocument.open(InputBytes(Array(words.utf8)), name: "prose")
        let diagnostics = DocumentCheck.fullCheck(of: document.graph)
        var text = ""
        JSONRenderer(document: document, diagnostics: diagnostics).render { text += $0 }
        let suppressed = DiagnosticBudget.suppressedCounts(in: diagnostics)
        #expect(!suppressed.isEmpty)
        for s in suppressed { #expect(text.contains("\"\(s.id)\":\(s.count)")) }
        #expect(text.contains("\"suppressed\":{"))
    }
}

import Testing
@testable import ArchiveModel
@testable import BinaryPlist
@testable import ArchiveOutput

/// Grouping, ordering and notes in `--check`, `--dump` and `--json` (issue 24 items 1 and 6).
struct DiagnosticReportTests {
    static func d(_ id: String, _ severity: Severity, at offset: Int, notes: [DiagnosticNote] = []) -> Diagnostic {
        Diagnostic(id, severity, "\(id) at \(offset)", range: ByteRange(start: offset, count: 1), notes: notes)
    }

    @Test func anIdSeenFourTimesIsOneLineWithTheOtherOffsets() {
        let many = (0..<5).map { Self.d("xml.string.control-character", .note, at: 100 + 10 * $0) }
        let lines = CheckReport.lines(many + [Self.d("xml.tag.mismatched", .error, at: 105)])
        // Notes come after the errors and warnings (issue 38).
        #expect(lines == [
            "105: error: xml.tag.mismatched: xml.tag.mismatched at 105",
            "100: note: xml.string.control-character: 5 × this diagnostic; the first: xml.string.control-character at 100",
            "    also at 110, 120, 130, 140 (--no-group lists each)",
        ])
        #expect(CheckReport.lines(many, grouped: false).count == 5)
    }

    @Test func threeOfAnIdAreListedEach() {
        let three = (0..<3).map { Self.d("bplist.ref.out-of-range", .error, at: $0) }
        #expect(DiagnosticGroups.entries(three).count == 3)
    }

    @Test func aGroupTakesItsWorstSeverity() {
        let mixed = [Self.d("a.b.c", .note, at: 1), Self.d("a.b.c", .warning, at: 2), Self.d("a.b.c", .note, at: 3), Self.d("a.b.c", .note, at: 4)]
        let entries = DiagnosticGroups.entries(mixed)
        #expect(entries.count == 1 && entries[0].severity == .warning && entries[0].count == 4)
        #expect(CheckReport.lines(mixed)[0].hasPrefix("1: warning: a.b.c: 4 ×"))
    }

    @Test func wholeFileCausesComeFirstAndAreNeverGrouped() {
        let causes = [Self.d("damage.truncated", .error, at: 900), Self.d("wrapper.gzip", .note, at: 0)]
        let rest = [Self.d("bplist.ref.out-of-range", .error, at: 12), Self.d("bplist.object.overlap", .warning, at: 3)]
        let order = DiagnosticGroups.reportOrder(rest + causes).map(\.id)
        #expect(order == ["wrapper.gzip", "damage.truncated", "bplist.object.overlap", "bplist.ref.out-of-range"])
        let fourCauses = (0..<4).map { Self.d("damage.zero-filled", .error, at: $0) }
        #expect(DiagnosticGroups.entries(fourCauses).count == 4)
    }

    /// Issue 38: causes first, then errors and warnings by offset, then notes by offset; the first line
    /// is never a note while an error exists.
    @Test func notesComeAfterErrorsAndWarnings() {
        let all = [Self.d("typedstream.header.info", .note, at: 0), Self.d("bplist.ref.out-of-range", .error, at: 50),
                   Self.d("bplist.object.overlap", .warning, at: 10), Self.d("xml.string.control-character", .note, at: 5),
                   Self.d("damage.truncated", .error, at: 900), Self.d("wrapper.gzip", .note, at: 0)]
        #expect(DiagnosticGroups.reportOrder(all).map(\.id) == ["wrapper.gzip", "damage.truncated", "bplist.object.overlap",
                                                               "bplist.ref.out-of-range", "typedstream.header.info", "xml.string.control-character"])
        let noCause = Array(all.prefix(4))
        #expect(DiagnosticGroups.reportOrder(noCause).map(\.id) == ["bplist.object.overlap", "bplist.ref.out-of-range",
                                                                   "typedstream.header.info", "xml.string.control-character"])
        #expect(CheckReport.lines(noCause).first?.hasPrefix("10: warning: ") == true)
    }

    @Test func notesFollowTheirDiagnosticIndented() {
        let note = DiagnosticNote("it points into object 7 [40, 52)", range: ByteRange(44, 46))
        let textNote = DiagnosticNote("opened here", position: TextPosition(line: 3, column: 9))
        let lines = CheckReport.lines([Self.d("bplist.offset.out-of-range", .error, at: 300, notes: [note, textNote])])
        #expect(lines == [
            "300: error: bplist.offset.out-of-range: bplist.offset.out-of-range at 300",
            "    note: [44, 46): it points into object 7 [40, 52)",
            "    note: line 3, column 9: opened here",
        ])
    }

    @Test func jsonCarriesNotes() {
        var w = JSONWriter()
        let note = DiagnosticNote("where it points", range: ByteRange(4, 8))
        JSONRenderer.writeDiagnostic(Self.d("bplist.offset.out-of-range", .error, at: 9, notes: [note]), &w)
        let text = w.flush()
        #expect(text.hasSuffix(#""notes":[{"message":"where it points","range":[4,8],"line":null,"column":null}]}"#), "\(text)")
    }

    @Test func theDumpWritesAGroupOnceInPlaceAndSumsItUpAtTheEnd() {
        // Five strings each holding a control character: one id five times.
        let strings = (0..<5).map { "<string>a\u{01}\($0)</string>" }.joined()
        let xml = "<?xml version=\"1.0\"?><plist version=\"1.0\"><array>\(strings)</array></plist>"
        let doc = ArchiveDocument.open(InputBytes(Array(xml.utf8)), name: "ctl.plist")
        let diagnostics = doc.graph.fullCheck()
        #expect(diagnostics.filter { $0.id == "xml.string.control-character" }.count == 5)
        var lines: [String] = []
        DumpRenderer(document: doc, diagnostics: diagnostics, index: GraphIndex(graph: doc.graph)).render { lines.append($0) }
        #expect(lines.filter { $0.contains("xml.string.control-character @") }.count == 1)
        #expect(lines.contains { $0.contains("[1 of 5 xml.string.control-character; the others are listed at the end]") })
        #expect(lines.contains { $0.hasPrefix("  [grouped] 5 × xml.string.control-character; after the first (shown in place) at ") })
        #expect(OutputRendererTests.diagnosticLines(lines) == diagnostics.count)
        var ungrouped: [String] = []
        DumpRenderer(document: doc, diagnostics: diagnostics, index: GraphIndex(graph: doc.graph), grouped: false).render { ungrouped.append($0) }
        #expect(ungrouped.filter { $0.contains("xml.string.control-character @") }.count == 5)
    }

    @Test func nearestIdsForAnUnknownOne() {
        let nearest = DiagnosticRegistry.nearest(to: "bplist.ref.out-of-rang")
        #expect(nearest.first == "bplist.ref.out-of-range")
    }

    @Test func editDistance() {
        #expect(EditDistance.between(Array("kitten".utf8), Array("sitting".utf8)) == 3)
        #expect(EditDistance.between([], Array("abc".utf8)) == 3)
    }
}

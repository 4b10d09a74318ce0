import ArchiveModel
import Testing
@testable import TUI

/// The problems list in report order (whole-file causes first), repeated ids grouped with Enter
/// opening the group, notes under their diagnostic; the status line names the likely cause and the
/// wrapper (issue 24, items 4 and 6).
@Suite struct ProblemReportTests {
    /// The demo archive with its last 30 bytes cut off: `damage.truncated`, then the symptoms.
    static let cut: any ObjectGraph = {
        let bytes = DemoArchive.bytes()
        return ArchiveDocument.open(InputBytes(Array(bytes.dropLast(30))), name: "cut").graph
    }()

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    static let corrupt = ArchiveDocument.open(InputBytes(DemoArchive.bytes(corrupt: true)), name: "demo-corrupt").graph

    func screen(_ graph: any ObjectGraph, _ keys: String, cols: Int = 120, rows: Int = 30) -> [String] {
        Headless.render(graph: graph, fileName: "f", cols: cols, rows: rows, keys: keys)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func theCauseComesFirstWithItsNotes() throws {
        let lines = screen(Self.cut, "p")
        #expect(lines[0].contains("causes first"), "\(lines[0])")
        #expect(lines[1].hasPrefix("! ") && lines[1].contains("damage.truncated"), "\(lines)")
        #expect(lines[2].hasPrefix("          note at ["), "the cause's evidence, indented under it: \(lines)")
        let session = Headless.run(graph: Self.cut, fileName: "f", cols: 120, rows: 30, keys: "p")
        guard case .problems(let cursor) = session.state.overlay else { Issue.record("no list"); return }
        #expect(cursor.selected == 0, "the list opens on the first error: the cause")
    }

    @Test func theStatusLineNamesTheLikelyCause() {
        let status = screen(Self.cut, "").last ?? ""
        #expect(status.contains("│ likely cause: truncated │ root"), "\(status)")
        #expect(screen(Self.cut, "", cols: 80).last?.contains("likely cause: truncated") == true, "kept at 80 columns")
        #expect(!(screen(Self.corrupt, "").last ?? "").contains("likely cause"), "no whole-file cause, no claim")
    }

    /// Issue 38, defect 6: on a narrow screen the cause is kept (short form), not dropped.
    @Test(arguments: [40, 48, 56, 60])
    func theCauseIsKeptOnANarrowScreen(cols: Int) {
        let status = screen(Self.cut, "", cols: cols, rows: 10).last ?? ""
        #expect(status.contains("cause: truncated"), "\(cols) columns: \(status)")
        #expect(TextLayout.width(status) <= cols)
    }

    @Test func theStatusLineNamesTheWrapper() {
        let wrapped = ArchiveDocument.open(InputBytes(Array(Self.hex(DemoArchive.bytes()).utf8)), name: "hex").graph
        #expect(wrapped.input.wrappers.map(\.kind) == [.hex])
        #expect(screen(wrapped, "").last?.contains("│ bplist00 NSKeyedArchiver in hex │") == true, "\(screen(wrapped, "").last ?? "")")
        #expect(screen(wrapped, "", cols: 70).last?.contains("│ in hex │") == true, "the format gives way first: \(screen(wrapped, "", cols: 70).last ?? "")")
        let lines = screen(wrapped, "p")
        #expect(lines[1].contains("wrapper.hex"), "the wrapper's note first: \(lines)")
    }

    @Test func notesFollowTheirDiagnostic() throws {
        let lines = screen(Self.corrupt, "p")
        let missing = try #require(lines.firstIndex { $0.contains("keyed.class.missing") })
        #expect(lines[missing + 1].contains("note at [") && lines[missing + 1].contains("is almost $class"), "\(lines)")
    }

    @Test func enterOnANoteGoesToItsBytes() throws {
        let lines = screen(Self.corrupt, "p")
        let note = try #require(lines.firstIndex { $0.contains("is almost $class") })
        let s = Headless.run(graph: Self.corrupt, fileName: "f", cols: 120, rows: 30,
                             keys: "pg" + String(repeating: "j", count: note - 1) + "<Enter>")
        #expect(s.state.overlay == nil)
        #expect(s.state.problemBytes?.problemID == "keyed.class.missing")
        #expect(s.state.problemBytes?.range.start == Int(lines[note].split(separator: "[")[1].split(separator: ",")[0]))
    }

    @Test func theDetailPaneShowsANotesOfTheFocusedNode() throws {
        let lines = screen(Self.corrupt, "p")
        let missing = try #require(lines.firstIndex { $0.contains("keyed.class.missing") })
        let pane = screen(Self.corrupt, "pg" + String(repeating: "j", count: missing - 1) + "<Enter>d", rows: 60)
        #expect(pane.contains { $0.contains("│      note at [") }, "\(pane.joined(separator: "\n"))")
    }

    /// Four diagnostics of one id are one line; Enter opens the group (its members indented) and
    /// closes it again.
    @Test func enterOpensAndClosesAGroup() throws {
        let (graph, _) = ProblemsOverlayTests.damaged(count: 6)
        let closed = screen(graph, "p")
        let row = try #require(closed.firstIndex { $0.contains("▸ 6 × bplist.marker.unknown, first at ") }, "\(closed)")
        let open = "pg" + String(repeating: "j", count: row - 1) + "<Enter>"
        let opened = screen(graph, open)
        #expect(opened[row].contains("▾ 6 × bplist.marker.unknown"))
        #expect(opened[(row + 1)...(row + 6)].allSatisfy { $0.hasPrefix("    ! ") && $0.contains("bplist.marker.unknown") }, "\(opened)")
        #expect(screen(graph, open + "<Enter>")[row].contains("▸ 6 × "), "Enter on the open group closes it")
        let s = Headless.run(graph: graph, fileName: "f", cols: 120, rows: 30, keys: open + "j<Enter>")
        #expect(s.state.overlay == nil, "Enter on a member jumps to it")
    }
}

import ArchiveModel
import Testing
@testable import TUI

/// The browser's security panel (`A`, issue 40): the audit as `--audit` prints it, scrolled as text.
@Suite struct SecurityPanelTests {
    static let graph: any ObjectGraph = {
        var k = KeyedArchiveBuilder()
        let key = k.add(.string("name")), value = k.add(.int(7))
        let shared = k.object("NSSharedKeyDictionary", [])
        let root = k.object("NSDictionary", [("NS.keys", .refs([key, key])), ("NS.objects", .refs([value, shared]))])
        k.top = [("root", .ref(root))]
        return ArchiveDocument.open(InputBytes(k.buildBinary()), name: "panel").graph
    }()

    @Test func aOpensTheAuditAndEscClosesIt() {
        let text = Headless.render(graph: Self.graph, fileName: "panel", cols: 100, rows: 20, keys: "A")
        #expect(text.contains("security audit"))
        #expect(text.contains("classes decoding would instantiate (4, from 4 objects decoded):"), "\(text)")
        #expect(text.contains("smallest allow-list: NSDictionary,NSNumber,NSSharedKeyDictionary,NSString"), "\(text)")
        #expect(text.contains("warning: security.class.dangerous"), "\(text)")
        let session = Headless.run(graph: Self.graph, fileName: "panel", cols: 100, rows: 20, keys: "A<Esc>")
        #expect(session.state.overlay == nil)
    }

    @Test func afterThePanelTheTreeMarksObjectsWithAFinding() {
        let before = Headless.render(graph: Self.graph, fileName: "panel", cols: 100, rows: 12, keys: "l")
        #expect(!before.contains("⚑ security"))
        let after = Headless.render(graph: Self.graph, fileName: "panel", cols: 100, rows: 12, keys: "A<Esc>l")
        let marked = after.split(separator: "\n").filter { $0.contains("⚑ security") }
        #expect(marked.count == 1 && marked.first?.contains("NSSharedKeyDictionary") == true, "\(after)")
    }

    @Test func thePanelScrollsAsText() {
        let session = Headless.run(graph: Self.graph, fileName: "panel", cols: 100, rows: 5, keys: "Aj")
        guard case .security(let lines, let cursor)? = session.state.overlay else { Issue.record("no panel"); return }
        #expect(lines.count > 3 && cursor.top == 1)
    }

    /// In the browser the audit is background work: the panel says "auditing…" in the frame after `A`,
    /// then shows the audit once the work is installed (the scripted terminal waits for it); closed, the
    /// tree marks the object with a risk finding.
    @Test func thePanelSaysAuditingThenShowsTheAudit() {
        let terminal = ScriptedTerminal("A<Esc>l", cols: 100, rows: 20)
        _ = Browser.run(graph: Self.graph, fileName: "panel", terminal: terminal, indexInBackground: false)
        let texts = terminal.screens.map(\.text)
        let waiting = texts.firstIndex { $0.contains("auditing… (the status line shows how far; Esc stops it)") }
        let done = texts.firstIndex { $0.contains("smallest allow-list: NSDictionary,NSNumber,NSSharedKeyDictionary,NSString") }
        #expect(waiting != nil && done != nil, "\(texts.last ?? "")")
        if let waiting, let done { #expect(waiting < done) }
        let marked = (texts.last ?? "").split(separator: "\n").filter { $0.contains("⚑ security") }
        #expect(marked.count == 1 && marked.first?.contains("NSSharedKeyDictionary") == true, "\(texts.last ?? "")")
    }

    /// Closing the panel while it waits asks the browser to cancel the audit (an effect); the job,
    /// cancelled, ends as `.cancelled`, which leaves the panel closed and the tree unmarked.
    @Test func escWhileAuditingCancelsTheAudit() {
        let session = Session(graph: Self.graph, fileName: "panel", cols: 100, rows: 20)
        session.handle(.char("A"))
        #expect(session.state.pending == .audit && session.state.isWaitingForAudit)
        let job = BackgroundJob(kind: .audit, then: nil)
        session.state.pending = nil
        session.handle(.escape)
        #expect(session.state.overlay == nil)
        #expect(session.state.effects == [.cancelAudit])
        job.cancel()
        job.perform(on: session.context.node)
        guard let result = job.finished, case .cancelled = result else { Issue.record("not cancelled: \(String(describing: job.finished))"); return }
        session.install(result, then: nil)
        #expect(session.state.overlay == nil && session.context.securityLines == nil && session.context.securityFindings.isEmpty)
        #expect(job.label.hasPrefix("auditing"))
    }

    /// An audit that ends after its panel was closed marks the tree but does not reopen the panel; the
    /// next `A` shows the kept audit at once, with no work.
    @Test func anAuditEndingAfterThePanelClosedIsKept() {
        let session = Session(graph: Self.graph, fileName: "panel", cols: 100, rows: 20)
        session.handle(.char("A"))
        session.state.pending = nil
        session.handle(.escape)
        let job = BackgroundJob(kind: .audit, then: nil)
        job.perform(on: session.context.node)
        guard let result = job.finished, case .audit = result else { Issue.record("no audit"); return }
        session.install(result, then: nil)
        #expect(session.state.overlay == nil && session.context.securityFindings.count == 1)
        session.handle(.char("A"))
        #expect(session.state.pending == nil && !session.state.isWaitingForAudit)
        guard case .security(let lines, _)? = session.state.overlay else { Issue.record("no panel"); return }
        #expect(lines.contains { $0.hasPrefix("smallest allow-list:") })
    }

    @Test func everyCommandHasAKeyAndHelpListsTheAudit() {
        #expect(HelpText.lines.contains { line in line.map(\.text).joined().contains("security audit") })
    }
}

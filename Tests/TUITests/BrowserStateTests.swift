import ArchiveModel
import Testing
@testable import TUI

@Suite struct BrowserStateTests {
    func run(_ keys: String, cols: Int = 80, rows: Int = 24, graph: FakeGraph = .small) -> Session {
        Headless.run(graph: graph, fileName: "fake.plist", cols: cols, rows: rows, keys: keys)
    }

    @Test func anUnboundKeySaysSo() {
        let s = run("jz")
        #expect(s.state.message == "z does nothing here; ? lists the keys")
        #expect(s.state.focusPath == Rows.shared1)
        #expect(run("jzj").state.message == nil)
        #expect(run("/z<Esc>").state.message == nil, "typed into the prompt, not a command")
        #expect(run("\u{1}").state.message == nil, "a control key bound to nothing stays quiet")
    }

    @Test func startsWithTheSingleRootExpanded() {
        let s = run("")
        #expect(s.state.focusPath == Rows.root)
        #expect(s.state.expansion.isExpanded(Rows.root))
        #expect(s.state.expansion.rowCount == 1 + 11 + 1)
    }

    @Test func movesAndStopsAtTheEnds() {
        #expect(run("j").state.focusPath == Rows.shared1)
        #expect(run("jjk").state.focusPath == Rows.shared1)
        #expect(run("kkk").state.focusPath == Rows.root)
        #expect(run("G").state.focusPath == Rows.lostAndFound)
        #expect(run("<End>jj").state.focusPath == Rows.lostAndFound)
        #expect(run("Gg").state.focusPath == Rows.root)
        #expect(run("<Down><Down><Up>").state.focusPath == Rows.shared1)
    }

    @Test func pagesMoveByTheTreeHeight() {
        let s = run("<PgDn>", rows: 6) // 5 tree rows
        #expect(s.state.focusRow == 5)
        #expect(run("<C-d>", rows: 6).state.focusRow == 2)
        #expect(run("<PgDn><PgUp>", rows: 6).state.focusRow == 0)
        #expect(run("G<C-u>", rows: 6).state.focusRow == 10)
    }

    @Test func expandsCollapsesAndGoesToParent() {
        var s = run("jjjl")
        #expect(s.state.expansion.isExpanded(Rows.cycle))
        #expect(s.state.focusPath == Rows.cycle)
        s = run("jjjll")
        #expect(s.state.focusPath == Rows.cycle + [0])
        s = run("jjjllh")
        #expect(s.state.focusPath == Rows.cycle)
        s = run("jjjllhh")
        #expect(!s.state.expansion.isExpanded(Rows.cycle))
        s = run("h")
        #expect(s.state.expansion.rowCount == 2)
        s = run("jjj<Space><Space>")
        #expect(!s.state.expansion.isExpanded(Rows.cycle))
    }

    @Test func siblings() {
        #expect(run("jJJ").state.focusPath == Rows.cycle)
        #expect(run("jJJK").state.focusPath == Rows.shared2)
        #expect(run("jK").state.focusPath == Rows.shared1)
        #expect(run("J").state.focusPath == Rows.lostAndFound)
    }

    @Test func cycleRowJumpsToItsAncestorInsteadOfExpanding() {
        // cycle (NodeA) > next (NodeB) > next (NodeA again: a cycle row)
        let s = run("jjjlllj")
        #expect(s.state.focusPath == Rows.cycle + [0, 0])
        let row = s.state.focusedRow(s.context)
        #expect(row?.cycleDepth == 1)
        #expect(row?.canExpand == false)
        let after = run("jjjlllj" + "l")
        #expect(after.state.focusPath == Rows.cycle)
        #expect(run("jjjlllj" + "f").state.focusPath == Rows.cycle)
    }

    @Test func millionChildrenExpandInstantlyAndScrollToTheEnd() {
        let clock = ContinuousClock()
        var session: Session?
        let elapsed = clock.measure {
            // big > NS.objects (1,000,000 items) > first item, then the very end and back up.
            session = run("jjjjjjjlll" + "l" + "<End>" + "kkkkk", graph: .huge)
        }
        guard let s = session else { return }
        #expect(s.state.expansion.rowCount == 13 + 1 + 1_000_000)
        #expect(s.state.focusPath == Rows.big + [0, 999_999])
        #expect(s.state.top > 999_000)
        let screen = Renderer.render(s.state, context: s.context).text
        #expect(screen.contains("[999999]  integer  999999"))
        // No time limit (no test depends on wall-clock speed): the benchmark measures speed and
        // ExpansionCostTests counts the work.
        print("a million children expanded and scrolled in \(elapsed)")
    }

    @Test func followJumpsToTheFirstAppearanceWithHistory() {
        var s = run("jjf")
        #expect(s.state.focusPath == Rows.shared1)
        #expect(s.state.backStack == [Rows.shared2])
        s = run("jjf[")
        #expect(s.state.focusPath == Rows.shared2)
        s = run("jjf[]")
        #expect(s.state.focusPath == Rows.shared1)
        s = run("jjf<BS>")
        #expect(s.state.focusPath == Rows.shared2)
    }

    @Test func followOnBrokenReferencesExplains() {
        let s = run("jjjjf")
        #expect(s.state.focusPath == Rows.nothing)
        #expect(s.state.message?.contains("nil") == true)
        #expect(run("jjjjjjf").state.message?.contains("dangling") == true)
    }

    @Test func goToObject() {
        var s = run(":9\n")
        #expect(s.state.focusPath == [1, 1])
        #expect(s.state.expansion.isExpanded(Rows.lostAndFound))
        s = run(":#4\n")
        #expect(s.state.focusPath == Rows.cycle + [0])
        s = run(":#99\n")
        #expect(s.state.message?.contains("no object #99") == true)
        s = run(":abc\n")
        #expect(s.state.message?.contains("object number") == true)
        s = run(":12<BS><Esc>")
        #expect(s.state.overlay == nil && s.state.focusPath == Rows.root)
    }

    @Test func searchRevealsMatchesAndRepeats() {
        var s = run("/NodeB\n")
        #expect(s.state.focusPath == Rows.cycle + [0])
        s = run("/NodeB\nn")
        // NodeB is one object: the path to it through lost and found (#9 > owner > … > cycle > next)
        // shows it again, so there is no other match.
        #expect(s.state.focusPath == Rows.cycle + [0])
        #expect(s.state.message == "only match: NodeB")
        s = run("/NodeB\nnN")
        #expect(s.state.focusPath == Rows.cycle + [0])
        s = run("/SHARED\n")
        #expect(s.state.message?.contains("no match") == true) // smart case: uppercase is exact
        s = run("/shar.d\\d\n")
        #expect(s.state.focusPath == Rows.shared1)
        s = run("/zzzz\n")
        #expect(s.state.message == "no match: zzzz")
    }

    @Test func searchWalksTheTreeInOrderShowingEachFieldOnce() {
        // Both shared rows expanded show the one field of one object (#2): one match, not two.
        var s = run("jljjlg/name\n")
        #expect(s.state.focusPath == Rows.shared1 + [0])
        s = run("jljjlg/name\nn")
        #expect(s.state.focusPath == Rows.shared1 + [0])
        #expect(s.state.message == "only match: name")
        // Collapsed: the walk through the full tree reveals hidden matches, each object's once.
        s = run("/next\n")
        #expect(s.state.focusPath == Rows.cycle + [0])
        #expect(s.state.expansion.isExpanded(Rows.cycle))
        s = run("/next\nn")
        #expect(s.state.focusPath == Rows.cycle + [0, 0])
        s = run("/next\nnn")
        #expect(s.state.focusPath == Rows.cycle + [0])
        #expect(s.state.message == "search wrapped to the top")
        // Backward from the top wraps to the bottom: the last match in tree order is NodeA's `next`
        // reached through lost and found (#9 › owner › cycle › next › next).
        s = run("/next\nnnN")
        #expect(s.state.focusPath == Rows.lostAndFound + [1, 0, 2, 0, 0])
        #expect(s.state.message == "search wrapped to the bottom")
    }

    @Test func aMatchReachedByAnotherPathIsNotShownAgain() {
        // The damaged demo: "Wizard" is one book's title (#8), reached from root › featured and again
        // from lost and found through the book's library.
        let demo = ArchiveDocument.open(InputBytes(DemoArchive.bytes(corrupt: true)), name: "demo")
        let first = Headless.run(graph: demo.graph, fileName: "demo", cols: 100, rows: 30, keys: "/Wizard\n")
        let again = Headless.run(graph: demo.graph, fileName: "demo", cols: 100, rows: 30, keys: "/Wizard\nn")
        #expect(again.state.focusPath == first.state.focusPath)
        #expect(again.state.message == "only match: Wizard")
    }

    @Test func walkEntersEachObjectOnce() {
        let context = BrowserContext(graph: FakeGraph.small, fileName: "f")
        guard var cursor = TreeCursor.first(context, pinned: []) else { Issue.record("no cursor"); return }
        cursor.visited = []
        var rows = 0
        while cursor.next() { rows += 1 }
        // shared2 is not entered again; the cycle is not followed.
        #expect(rows == 11 + 1 + 1 + 20 + 1 + 1 + 1)
        #expect(cursor.visited == [1, 2, 3, 4, 5, 7])
    }

    @Test func searchIsBoundedOnHugeGraphs() {
        let clock = ContinuousClock()
        var session: Session?
        let elapsed = clock.measure { session = run("/zzzz\n", graph: .huge) }
        #expect(session?.state.message?.hasPrefix("searching for zzzz: \(BrowserState.searchBudget) rows so far") == true)
        #expect(session?.state.searchContinues == true)
        // Each step of the search stops after a bounded number of rows (the message says it goes on); no time limit.
        print("a bounded search of a huge graph took \(elapsed)")
    }

    @Test func deepExpansionIsBoundedAndAvoidsCycles() {
        var s = run("jjje")
        #expect(s.state.expansion.isExpanded(Rows.cycle + [0]))
        #expect(!s.state.expansion.isExpanded(Rows.cycle + [0, 0]))
        s = run("E")
        #expect(s.state.expansion.isExpanded(Rows.big + [0]))
        #expect(s.state.expansion.isExpanded(Rows.cycle + [0]))
        #expect(!s.state.expansion.isExpanded(Rows.cycle + [0, 0]))
        s = run("E", graph: .huge)
        #expect(s.state.expansion.rowCount <= 13 + BrowserState.deepExpansionLimit + 20)
        #expect(!s.state.expansion.isExpanded(Rows.big + [0]))
        #expect(s.state.message?.contains("stopped") == true)
        s = run("EC")
        #expect(s.state.expansion.rowCount == 2)
        s = run("jjjec")
        #expect(s.state.expansion.expandedPaths == [Rows.root])
    }

    @Test func collapseToDepth() {
        var s = run("jjjll1")
        #expect(s.state.expansion.rowCount == 2)
        #expect(s.state.focusPath == Rows.root)
        s = run("2")
        #expect(s.state.expansion.expandedPaths == [Rows.root, Rows.lostAndFound])
        s = run("jjjl3")
        #expect(s.state.expansion.isExpanded(Rows.cycle))
        #expect(!s.state.expansion.isExpanded(Rows.cycle + [0]))
    }

    @Test func resizeKeepsTheFocusVisible() {
        let s = run("G<Resize 30x4>")
        #expect(s.state.focusPath == Rows.lostAndFound)
        #expect(s.state.top == 13 - 3)
        #expect(Renderer.render(s.state, context: s.context).line(2).contains("lost and found"))
    }

    @Test func mouseFocusesTogglesAndScrolls() {
        var s = run("<Click 3,5>")
        #expect(s.state.focusPath == Rows.cycle)
        s = run("<DblClick 3,5>")
        #expect(s.state.expansion.isExpanded(Rows.cycle))
        s = run("<WheelDown>", rows: 6)
        #expect(s.state.top == 3 && s.state.focusRow == 3)
    }

    @Test func problemsListJumpsToTheObject() {
        var s = run("p")
        guard case .problems = s.state.overlay else { Issue.record("no problems list"); return }
        #expect(s.context.diagnostics?.count == 5)
        s = run("pgj\n") // second by offset: the cycle warning on #4
        #expect(s.state.overlay == nil)
        #expect(s.state.focusPath == Rows.cycle + [0])
        s = run("pG<Esc>")
        #expect(s.state.overlay == nil && s.state.focusPath == Rows.root)
    }

    @Test func referrersListJumpsToTheReferringField() {
        var s = run("jr")
        guard case .referrers(let id, let list, _) = s.state.overlay else { Issue.record("no referrers list"); return }
        #expect(id == 2 && list.count == 2)
        s = run("jrj\n")
        #expect(s.state.focusPath == Rows.shared2)
    }

    @Test func yanksValueKeyAndPath() {
        #expect(run("jjjjjjjjjjyv").state.effects == [.yank("42")])
        #expect(run("jjjjjjjjjjyk").state.effects == [.yank("count")])
        #expect(run("jjjjjjjjjjyp").state.effects == [.yank("root.count")])
        #expect(run("jjjjjjjjjjyj").state.effects == [.yank(".root.count")])
        #expect(run("jjjjjjjjyv").state.effects == [.yank(FakeGraph.hostile)])
        #expect(run("yx").state.effects.isEmpty)
    }

    @Test func panesToggle() {
        var s = run("d")
        #expect(s.state.showDetail && s.state.detailTab == .detail)
        s = run("x")
        #expect(s.state.showDetail && s.state.detailTab == .hex)
        s = run("xx")
        #expect(s.state.detailTab == .detail)
        s = run("d<Tab>")
        #expect(!s.state.showDetail)
    }

    @Test func quitStopsTheScript() {
        let stack = Headless.stack(graph: FakeGraph.small, fileName: "fake.plist", cols: 80, rows: 24, keys: "qj")
        #expect(stack.shouldQuit && stack.current.state.focusPath == Rows.root)
        #expect(run("<C-c>").state.shouldQuit)
    }
}

import ArchiveModel
import Testing
@testable import TUI

/// The referrers list and the detail pane name each referrer's class (issue 25 friction).
@Suite struct ReferrerClassTests {
    @Test func theReferrersListShowsClasses() {
        let text = Headless.render(graph: FakeGraph.small, fileName: "fake.plist", cols: 80, rows: 8, keys: "jr")
        #expect(text.contains("#1  Root  shared1"), "\(text)")
        #expect(text.contains("#1  Root  shared2"))
    }

    @Test func theDetailPaneShowsThemToo() {
        let text = Headless.render(graph: FakeGraph.small, fileName: "fake.plist", cols: 80, rows: 40, keys: "jd")
        #expect(text.contains("#1  Root  shared1"), "\(text)")
    }

    @Test func aPlainPlistContainerIsNamedByItsType() {
        // items › [0] is referred to by the array that lists it.
        let text = Headless.render(graph: SearchOrderTests.items, fileName: "items.plist", cols: 80, rows: 8, keys: "jllr")
        #expect(text.contains("  array  [0]"), "\(text)")
    }

    @Test func aClassNameFromTheFileIsEscaped() {
        var k = KeyedArchiveBuilder()
        let leaf = k.add(.string("leaf"))
        let holder = k.object("Evil\u{1B}[31mClass", [("child", .ref(leaf))])
        k.top = [("root", .ref(holder))]
        let graph = ArchiveDocument.open(InputBytes(k.buildBinary()), name: "evil").graph
        let text = Headless.render(graph: graph, fileName: "evil", cols: 80, rows: 8, keys: "jr")
        #expect(text.contains("Evil\\e[31mClass  child"), "\(text)")
    }
}

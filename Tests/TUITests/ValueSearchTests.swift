import ArchiveModel
import Testing
@testable import TUI

/// An anchored pattern matches a string value's text, not its quoted display form (issue 25, bug 7:
/// `/^Next$` found nothing while `/"Next"` did).
@Suite struct ValueSearchTests {
    /// A keyed archive: `title` references the bare string `Next`, `other` holds `Next page`, `inline`
    /// is an inline string `Next`.
    static let keyed: any ObjectGraph = {
        var k = KeyedArchiveBuilder()
        let next = k.add(.string("Next")), page = k.add(.string("Next page"))
        let root = k.object("Link", [("other", .ref(page)), ("title", .ref(next))])
        k.top = [("root", .ref(root))]
        return ArchiveDocument.open(InputBytes(k.buildBinary()), name: "link").graph
    }()

    /// A plain plist: `{a: "Next page", b: "Next"}`.
    static let plain: any ObjectGraph = {
        var b = BinaryPlistBuilder()
        let a = b.add(.string("a")), bKey = b.add(.string("b"))
        let page = b.add(.string("Next page")), next = b.add(.string("Next"))
        b.topObject = b.add(.dict([(key: a, value: page), (key: bKey, value: next)]))
        return ArchiveDocument.open(InputBytes(b.build().bytes), name: "plain").graph
    }()

    func run(_ graph: any ObjectGraph, _ keys: String) -> Session {
        Headless.run(graph: graph, fileName: "f", cols: 80, rows: 10, keys: keys)
    }

    @Test func anchoredPatternMatchesAReferencedStringsText() {
        let s = run(Self.keyed, "/^Next$<Enter>")
        #expect(s.state.message == nil)
        #expect(s.state.focusedRow(s.context)?.node.label == "title")
        #expect(run(Self.keyed, "/^Next$<Enter>n").state.message == "only match: ^Next$")
    }

    @Test func anchoredPatternMatchesAnInlineStringsText() {
        let s = run(Self.plain, "/^Next$<Enter>")
        #expect(s.state.focusedRow(s.context)?.node.label == "b", "\(s.state.message ?? "")")
        #expect(run(Self.plain, "/^Next$<Enter>n").state.message == "only match: ^Next$")
        #expect(run(Self.plain, "/page$<Enter>").state.focusedRow(s.context)?.node.label == "a")
    }

    @Test func theQuotedFormStillMatches() {
        let s = run(Self.plain, "/\"Next\"<Enter>")
        #expect(s.state.focusedRow(s.context)?.node.label == "b")
    }

    @Test func valueTextIsTheStringWithoutQuotesOrEscapes() {
        let context = BrowserContext(graph: Self.plain, fileName: "f")
        let node = context.outline.node(label: "k", value: .scalar(.string("say \"hi\"\n")), range: nil)
        #expect(SearchMatcher.valueText(of: node, context) == "say \"hi\"\n")
        let quoted = OutlineNode(label: "k", value: .list([]), summary: "\"a \\\"b\\\"\"")
        #expect(SearchMatcher.valueText(of: quoted, context) == "a \"b\"", "a known class shown as quoted text")
        let number = context.outline.node(label: "k", value: .scalar(.integer(3, width: 1)), range: nil)
        #expect(SearchMatcher.valueText(of: number, context) == nil)
    }
}

/// A value a writer stored once for several keys (plistlib and CF unique equal strings) is a match at
/// each key that shows it, not once for all.
@Suite struct SharedValueSearchTests {
    @Test func eachKeyShowingASharedStringIsAMatch() {
        var b = BinaryPlistBuilder()
        let a = b.add(.string("a")), c = b.add(.string("c")), d = b.add(.string("d"))
        let next = b.add(.string("Next"))
        let inner = b.add(.dict([(key: d, value: next)]))
        b.topObject = b.add(.dict([(key: a, value: next), (key: c, value: inner)]))
        let graph = ArchiveDocument.open(InputBytes(b.build().bytes), name: "shared").graph
        let s = Headless.run(graph: graph, fileName: "f", cols: 80, rows: 10, keys: "/^Next$<Enter>n")
        #expect(s.state.focusPath == [0, 1, 0], "\(s.state.message ?? "")")
        #expect(s.state.message == nil)
    }
}

import ArchiveModel
import Testing
@testable import TUI

/// The breadcrumb takes the room the status line has (issue 25 friction: it was cut to the last five
/// labels, about 30 characters, even at 120 columns).
@Suite struct BreadcrumbTests {
    /// `{a: {b: {c: … {h: "deep"}}}}`, eight levels.
    static let graph: any ObjectGraph = {
        var b = BinaryPlistBuilder()
        var inner = b.add(.string("deep"))
        for key in "hgfedcba" {
            let k = b.add(.string(String(key)))
            inner = b.add(.dict([(key: k, value: inner)]))
        }
        b.topObject = inner
        return ArchiveDocument.open(InputBytes(b.build().bytes), name: "deep").graph
    }()

    func status(cols: Int) -> String {
        let text = Headless.render(graph: Self.graph, fileName: "deep.plist", cols: cols, rows: 12, keys: "E/deep<Enter>")
        return text.split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test func aDeepPathIsShownWholeWhenTheLineHasRoom() {
        #expect(status(cols: 120).contains("│ root › a › b › c › d › e › f › g › h "), "\(status(cols: 120))")
    }

    @Test func aNarrowLineKeepsTheLastLabels() {
        let line = status(cols: 60)
        #expect(line.contains("│ … › "), "\(line)")
        #expect(line.contains(" › g › h "), "\(line)")
    }

    /// The case: a long name, the format and the count left the breadcrumb about 30 columns
    /// at 120; the format gives way before the breadcrumb is cut.
    @Test func theFormatGivesWayBeforeTheBreadcrumbIsCut() {
        var b = BinaryPlistBuilder()
        var inner = b.add(.string("deep"))
        for key in ["hotel", "golf", "foxtrot", "echo", "delta", "charlie", "bravo", "alpha"] {
            let k = b.add(.string(key))
            inner = b.add(.dict([(key: k, value: inner)]))
        }
        b.topObject = inner
        let graph = ArchiveDocument.open(InputBytes(b.build().bytes), name: "deep").graph
        let text = Headless.render(graph: graph, fileName: "fq__recentdocs.sfl2", cols: 120, rows: 12, keys: "E/deep<Enter>")
        let line = text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(line.contains("charlie › delta › echo › foxtrot › golf › hotel "), "\(line)")
        #expect(line.hasPrefix(" fq__recentdocs.sfl2 │ "), "\(line)")
    }

    @Test(arguments: [
        (["root", "a", "b"], 40, "root › a › b"),
        (["root", "alpha", "beta", "gamma"], 16, "… › beta › gamma"),
        (["root", "alpha", "beta", "gamma"], 12, "… › gamma"),
        (["root", "averyveryverylonglabel"], 10, "…longlabel"),
    ])
    func fitting(labels: [String], columns: Int, expected: String) {
        let crumb = StatusLine.breadcrumb(labels, fitting: columns)
        #expect(crumb == expected)
        #expect(TextLayout.width(crumb) <= columns)
    }
}

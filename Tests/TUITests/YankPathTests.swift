import ArchiveModel
import Testing
@testable import TUI

/// `y p` copies a key path `--extract` reads and `y j` its jq form (issue 25 friction: the copied
/// `root/a/b/c.d/""` was ambiguous when keys hold `/`).
@Suite struct YankPathTests {
    /// `{"a/b": {"c.d": [ "x" ]}}`.
    static let graph: any ObjectGraph = {
        var b = BinaryPlistBuilder()
        let slash = b.add(.string("a/b")), dot = b.add(.string("c.d")), x = b.add(.string("x"))
        let array = b.add(.array([x]))
        let inner = b.add(.dict([(key: dot, value: array)]))
        b.topObject = b.add(.dict([(key: slash, value: inner)]))
        return ArchiveDocument.open(InputBytes(b.build().bytes), name: "p").graph
    }()

    func run(_ keys: String) -> Session {
        Headless.run(graph: Self.graph, fileName: "p.plist", cols: 100, rows: 10, keys: keys)
    }

    @Test func pathIsTheExtractForm() {
        // root › a/b › c.d › [0]
        let s = run("jlljlljyp")
        #expect(s.state.focusPath == [0, 0, 0, 0])
        #expect(s.state.effects == [.yank("root.a/b.c\\.d.0")])
        #expect(s.state.message == "copied path root.a/b.c\\.d.0", "shown as copied")
    }

    @Test func jqPathIsTheJQForm() {
        let s = run("jlljlljyj")
        #expect(s.state.effects == [.yank(".root[\"a/b\"][\"c.d\"][0]")])
    }

    @Test func keyIsTheStoredKey() {
        let s = run("jlljyk")
        #expect(s.state.effects == [.yank("c.d")])
    }

    @Test func aRowThroughLostAndFoundHasNoPath() {
        let s = Headless.run(graph: FakeGraph.small, fileName: "fake.plist", cols: 100, rows: 10, keys: "Gyp")
        #expect(s.state.effects.isEmpty)
        #expect(s.state.message?.hasPrefix("no key path to this row") == true)
    }

    @Test func theYankHintNamesTheJQPath() {
        let text = Headless.render(graph: Self.graph, fileName: "p.plist", cols: 100, rows: 4, keys: "y")
        #expect(text.contains("p path · j jq path · Esc cancels"))
    }

    @Test func theMessageShowsAKeysControlCharactersEscaped() {
        var b = BinaryPlistBuilder()
        let key = b.add(.string("e\u{1B}[31m")), x = b.add(.string("x"))
        b.topObject = b.add(.dict([(key: key, value: x)]))
        let graph = ArchiveDocument.open(InputBytes(b.build().bytes), name: "p").graph
        let s = Headless.run(graph: graph, fileName: "p.plist", cols: 100, rows: 10, keys: "jyp")
        #expect(s.state.effects == [.yank("root.e\u{1B}[31m")], "copied raw")
        #expect(s.state.message == "copied path root.e\\e[31m")
    }
}

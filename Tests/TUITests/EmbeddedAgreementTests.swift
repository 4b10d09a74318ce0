import ArchiveModel
import Testing
@testable import TUI

/// The browser and `--dump` find embedded archives through one service (`EmbeddedArchives`), so they
/// agree on which rows hold an archive, and every front end stops at the same depth.
@Suite struct EmbeddedAgreementTests {
    /// A keyed archive `Holder` whose `payload` (a bare data object) holds `inner`, whose `body` (an
    /// NSMutableData with its bytes inline in `NS.data`) holds the damaged demo, and whose `plain` holds
    /// bytes that are no archive.
    static func holder(_ inner: [UInt8]) -> [UInt8] {
        var a = KeyedArchiveBuilder()
        let payload = a.add(.data(inner))
        let body = a.object("NSMutableData", superclasses: ["NSData", "NSObject"], [("NS.data", .data(DemoArchive.bytes(corrupt: true)))])
        let plain = a.add(.data(Array("not an archive, just bytes".utf8)))
        let root = a.object("Holder", [("payload", .ref(payload)), ("body", .ref(body)), ("plain", .ref(plain))])
        a.top = [("root", .ref(root))]
        return a.buildBinary()
    }

    /// Holders five levels deep: the file (level 0) holds level 1 in `payload`, … level 3 holds level
    /// 4, the demo archive. Every level's `body` holds the damaged demo one level further down.
    static let fileBytes: [UInt8] = (0..<4).reduce(DemoArchive.bytes()) { inner, _ in holder(inner) }

    static let file = ArchiveDocument.open(InputBytes(fileBytes), name: "nested")

    /// `level: place` of every archive the browser's rows hold, in every archive it can open, found
    /// the way the tree marks rows (`Embedded.archive` over each row and its parent).
    static func browserPlaces(_ node: DocumentNode) -> [String] {
        let context = BrowserContext(node: node, displayName: "nested")
        if let index = GraphIndex(graph: node.document.graph) { context.install(index: index) }
        var places: [ArchivePlace: FoundArchive] = [:]
        var seen = Set<ObjectID>()
        var stack: [(node: OutlineNode, parent: OutlineNode?)] = context.outline.roots().map { ($0, nil) }
        while let (row, parent) = stack.popLast() {
            if let found = Embedded.archive(of: row, owner: EmbeddedArchives.owner(under: parent), context: context) {
                places[found.place] = found
            }
            guard row.isExpandable, row.target.map({ seen.insert($0).inserted }) ?? true else { continue }
            for i in 0..<context.childCount(of: row) { stack.append((context.child(of: row, at: i), row)) }
        }
        var out: [String] = []
        for (place, found) in places {
            out.append("\(node.depth + 1): \(place)")
            if let child = EmbeddedArchives.open(found, in: node) { out += browserPlaces(child) }
        }
        return out
    }

    /// `level: place` of every archive `--dump` dumps in place, read from its headers
    /// (`payload (embedded … ) in object #1: binary plist …`).
    static func dumpPlaces(_ lines: [String]) -> [String] {
        lines.compactMap { line in
            let level = line.filter { $0 == "┊" }.count
            guard level > 0, let close = line.range(of: ") in ", options: .backwards), let end = line.range(of: ": ", range: close.upperBound..<line.endIndex) else { return nil }
            // Only a nested dump's first line (its name) names a place; deeper lines are its rows.
            let before = line[..<close.lowerBound]
            guard before.contains("(embedded ") else { return nil }
            return "\(level): \(line[close.upperBound..<end.lowerBound])"
        }
    }

    static func dump() -> [String] {
        var lines: [String] = []
        DumpRenderer(document: file, diagnostics: [], index: GraphIndex(graph: file.graph)).render { lines.append($0) }
        return lines
    }

    @Test func theBrowserAndTheDumpAgreeOnWhichRowsHoldAnArchive() {
        let browser = Self.browserPlaces(DocumentNode(root: Self.file)).sorted()
        let dumped = Self.dumpPlaces(Self.dump()).sorted()
        // Levels 1 to 3 each hold a next level (payload) and a damaged demo (body); level 3's are not opened.
        #expect(browser.count == 6, "\(browser)")
        #expect(browser == dumped, "browser \(browser)\ndump \(dumped)")
        #expect(browser.contains("1: object #1") && browser.contains("1: object #3, field \"NS.data\""), "\(browser)")
        #expect(!browser.contains { $0.hasPrefix("4:") })
    }

    @Test func everyFrontEndStopsAtTheSameDepth() {
        #expect(SessionStack.maxDepth == EmbeddedArchives.maxDepth)
        #expect(EmbeddedCheck.maxDepth == EmbeddedArchives.maxDepth)
        #expect(EmbeddedArchives.maxDepth == 3)
        // The dump: three levels of nested dumps, the fourth level not dumped.
        let levels = Self.dump().map { $0.filter { $0 == "┊" }.count }
        #expect(levels.max() == EmbeddedArchives.maxDepth)
        // The browser: `o` on payload opens levels 1 to 3; at level 3 nothing is marked and `o` says why.
        let stack = Headless.stack(graph: Self.file.graph, fileName: "nested", cols: 120, rows: 24, keys: "jojojo")
        #expect(stack.depth == 3)
        let deepest = Headless.render(graph: Self.file.graph, fileName: "nested", cols: 120, rows: 24, keys: "jojojo")
        #expect(!deepest.contains("⧉"), "\(deepest)")
        #expect(Headless.render(graph: Self.file.graph, fileName: "nested", cols: 120, rows: 24, keys: "jojo").contains("⧉ embedded bplist00"))
        let refused = Headless.stack(graph: Self.file.graph, fileName: "nested", cols: 120, rows: 24, keys: "jojojojo")
        #expect(refused.depth == 3)
        #expect(refused.current.state.message?.contains("nested more than 3 deep are not opened") == true, "\(String(describing: refused.current.state.message))")
        // The check: the damaged demo's problems count at levels 1, 2 and 3, not at level 4.
        let demo = ArchiveDocument.open(InputBytes(DemoArchive.bytes(corrupt: true)), name: "demo").graph.fullCheck()
            .filter { $0.severity >= .warning }
        let mapped = EmbeddedCheck.diagnostics(in: Self.file.graph)
        #expect(!demo.isEmpty)
        #expect(mapped.count == 3 * demo.count, "\(mapped.count) for \(demo.count) per damaged demo")
    }

    /// An embedded archive's own background check follows only the levels left below it, so its
    /// problem count is the file's for the same archives.
    @Test func aNestedSessionChecksOnlyTheLevelsLeftBelowIt() {
        let stack = Headless.stack(graph: Self.file.graph, fileName: "nested", cols: 120, rows: 24, keys: "jojo")
        #expect(stack.depth == 2)
        let node = stack.current.context.node
        #expect(node.depth == 2 && node.places.count == 2)
        let demo = ArchiveDocument.open(InputBytes(DemoArchive.bytes(corrupt: true)), name: "demo").graph.fullCheck()
            .filter { $0.severity >= .warning }
        // Level 2 holds level 3 (clean) and a damaged demo at level 3; level 3's own damaged demo is at level 4.
        #expect(EmbeddedCheck.diagnostics(in: node, budget: EmbeddedBudget(for: node)).count == demo.count)
    }
}

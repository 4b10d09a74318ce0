import Testing
@testable import ArchiveModel
import TestSupport

/// Nib connections as `ConnectionPresenter` summarises them; here the typedstream (IB 2.x) ones, whose
/// source, destination and label are three positional `@` values (issue 38, defect 1).
@Suite struct KnownClassConnectionTests {
    @Test func aTypedstreamActionNamesItsSourceTargetAndSelector() {
        let g = FakeGraph(typedstream: true)
        let item = g.typed("NSMenuItem", [("@", V.null)])
        let target = g.typed("NSCustomObject", [("@", g.typedString("AppDelegate"))])
        let p = g.present(g.typed("NSNibControlConnector", [("@", item), ("@", target), ("@", g.typedString("terminate:"))]))
        #expect(p?.summary == "action terminate:, #\(item.objectID ?? -1) NSMenuItem → #\(target.objectID ?? -1) NSCustomObject")
        #expect(p?.children.map(\.key) == ["source", "destination", "label"])
    }

    @Test func aTypedstreamActionWithANilTargetGoesToTheFirstResponder() {
        let g = FakeGraph(typedstream: true)
        let item = g.typed("NSMenuItem", [("@", V.null)])
        let p = g.present(g.typed("NSNibControlConnector", [("@", item), ("@", V.null), ("@", g.typedString("showHelp:"))]))
        #expect(p?.summary == "action showHelp:, #\(item.objectID ?? -1) NSMenuItem → the first responder")
        #expect(p?.children.map(\.key) == ["source", "label"])
    }

    @Test func aTypedstreamOutletAsOneGroupOfThreeObjects() {
        let g = FakeGraph(typedstream: true)
        let owner = g.typed("NSCustomObject", [("@", V.null)])
        let delegate = g.typed("NSCustomObject", [("@", V.null)])
        let label = g.typedString("delegate")
        let connector = g.add { id in
            GraphObject(id: id, kind: .instance, className: "NSNibOutletConnector",
                        classChain: ["NSNibOutletConnector", "NSNibConnector", "NSObject"].map { ClassInfo(name: $0) },
                        fields: [Field(key: "0", value: .list(FieldList([owner, delegate, label])), typeEncoding: "@@@", isPositional: true)])
        }
        #expect(g.present(connector)?.summary
            == "outlet delegate, #\(owner.objectID ?? -1) NSCustomObject → #\(delegate.objectID ?? -1) NSCustomObject")
    }

    @Test func aTypedstreamConnectorMissingItsValuesSaysSo() {
        let g = FakeGraph(typedstream: true)
        #expect(g.present(g.typed("NSNibOutletConnector", []))?.summary == "outlet ?, no source → the first responder")
    }

    /// The corpus's IB 2 nibs: no connection is summarised as `?` with no source, and the main menu's
    /// Quit item sends `terminate:` to the application (#3 in TLayer's objects.nib).
    @Test(.needsCorpus) func corpusTypedstreamNibsNameTheirConnections() throws {
        for name in ["tlayer__MainMenu.nib__objects.nib", "vienna__PSMTabBarControlInspector.nib__objects.nib"] {
            let graph = try #require(Corpus.document("typedstream/" + name)).graph
            let outline = Outline(graph: graph)
            var connectors = 0
            for id in 0..<graph.objectCount {
                let object = graph.object(id)
                guard let cls = object.className, cls.hasPrefix("NSNib"), cls.hasSuffix("Connector") else { continue }
                connectors += 1
                let summary = outline.view(id).summary
                #expect(!summary.contains("?"), "\(name) #\(id): \(summary)")
                #expect(!summary.contains("no source"), "\(name) #\(id): \(summary)")
            }
            #expect(connectors > 0, "\(name) has connectors")
            if name.hasPrefix("tlayer") {
                let summaries = (0..<graph.objectCount).map { outline.view($0).summary }
                #expect(summaries.contains { $0.hasPrefix("action terminate:, #58 NSMenuItem → #3 ") })
            }
        }
    }
}

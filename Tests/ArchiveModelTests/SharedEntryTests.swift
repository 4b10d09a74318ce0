import Testing
@testable import ArchiveModel
@testable import KeyedArchive
@testable import Typedstream
@testable import ArchivePresentation

/// `$objects` entries that are one plist dictionary (plistlib writes a dictionary used twice once) and
/// table entries that repeat another object's offset: whole-file passes read the content once, under
/// its owner, and link the other entries to it.
@Suite struct SharedEntryTests {
    /// `$objects`: $null, #1 and #2 the same `keys`-key dictionary whose values are #3, the string #3,
    /// the class #4. `$top` refers to `top`.
    static func archive(keys: Int = 70, top: Int = 2) -> KeyedArchiveGraph {
        var b = BinaryPlistBuilder()
        b.add(.null) // the root, set below
        let key = { (s: String) in b.add(.string(s)) }
        let target = b.add(.uid(3))
        var fields = [(key("$class"), b.add(.uid(4)))]
        for i in 0..<keys { fields.append((key("k\(i)"), target)) }
        let shared = b.add(.dict(fields))
        let cls = b.add(.dict([(key("$classname"), key("Holder")), (key("$classes"), b.add(.array([key("Holder")])))]))
        let objects = b.add(.array([key("$null"), shared, shared, key("target"), cls]))
        let topDict = b.add(.dict([(key("root"), b.add(.uid(UInt64(top))))]))
        b.objects[0] = .dict([(key("$archiver"), key("NSKeyedArchiver")), (key("$version"), b.add(.integer(100_000))),
                              (key("$top"), topDict), (key("$objects"), objects)])
        return KeyedArchiveGraph(tree: BinaryPlistTree(InputBytes(b.build().bytes)))
    }

    @Test func theLowestEntryShowsTheFieldsAndTheOtherStandsIn() {
        let graph = Self.archive()
        let entries = graph.sharedContent().entries
        #expect(entries.count == 1)
        let entry = entries.values.first
        #expect(entry?.owner == 1 && entry?.holders == 2 && entry?.className == "Holder")
        let read = graph.makeStructureReader()
        #expect(read(1).fields.count == 70)
        let standIn = read(2)
        #expect(standIn.className == "Holder" && standIn.classObjectID == 4)
        guard case .sameAs(let same) = standIn.fields.first?.value, standIn.fields.count == 1 else {
            Issue.record("entry #2 repeats the fields"); return
        }
        #expect(same.owner == 1)
        #expect(standIn.sharedListLinks == [SharedListLink(node: same.node, targets: nil)])
    }

    @Test func oneWarningOnTheOwnerAndNoError() {
        let d = Self.archive().fullCheck()
        let shared = d.filter { $0.id == "keyed.object.shared" }
        #expect(shared.count == 1 && shared.first?.object == 1 && shared.first?.severity == .warning)
        #expect(!d.contains { $0.severity == .error })
    }

    /// Only #2 is reachable from `$top`: what the dictionary refers to is reached through it, and the
    /// owner #1 is not reached (nothing refers to it).
    @Test func reachabilityGoesThroughTheStandIn() throws {
        let graph = Self.archive(top: 2)
        let index = try #require(GraphIndex(graph: graph))
        #expect(index.reachable == [false, false, true, true, true])
        #expect(index.referenceCount(of: 3) == 70)
    }

    /// Small dictionaries are read in every entry, as NSKeyedUnarchiver would.
    @Test func smallSharedDictionariesAreReadInEveryEntry() {
        let graph = Self.archive(keys: 10)
        #expect(graph.sharedContent().entries.isEmpty)
        #expect(graph.makeStructureReader()(2).fields.count == 10)
    }

    /// The stand-in in `--json`: the owner's id and the node, not the fields again.
    @Test func jsonNamesTheOwner() {
        let document = ArchiveDocument.open(Self.archive().input, name: "shared")
        let diagnostics = document.graph.fullCheck()
        var text = ""
        JSONRenderer(document: document, diagnostics: diagnostics).render { text += $0 }
        #expect(text.contains("\"(fields)\":{\"sameAs\":1,\"node\":"))
    }
}

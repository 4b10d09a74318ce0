import Testing
@testable import ArchiveModel
@testable import ArchiveCore
@testable import BinaryPlist
@testable import XMLPlist
@testable import OpenStepPlist
@testable import KeyedArchive
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import Bookmark
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveOutput
@testable import ArchiveAudit
@testable import ArchiveSources

/// KeysObjectsCountRule, OldStyleArrayCountRule, UnreachableObjectRule.
@Suite struct CountRuleTests {
    @Test func keysObjectsMismatch() {
        var a = KeyedArchiveBuilder()
        let k1 = a.add(.string("a")), k2 = a.add(.string("b"))
        let root = a.object("NSDictionary", [("NS.keys", .refs([k1, k2])), ("NS.objects", .refs([k1]))])
        a.top = [("root", .ref(root))]
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id) == ["keyed.dictionary.count-mismatch"])
        #expect(d.first?.message.contains("2 NS.keys but 1 NS.objects") == true)
        #expect(d.first?.range == KeyedFixture.graph(a).object(root).range)
        #expect(d.first?.notes.map(\.message) == ["NS.keys: 2 entries", "NS.objects: 1 entry"])
        #expect(d.first?.notes.first?.range == KeyedFixture.graph(a).object(root).field("NS.keys")?.range)
    }

    @Test func oldStyleArrayCount() {
        var a = KeyedArchiveBuilder()
        let root = a.object("_NSKeyedCoderOldStyleArray", [("NS.count", .int(3)), ("NS.size", .int(4)), ("NS.type", .int(105)), ("$0", .int(1)), ("$1", .int(2))])
        a.top = [("root", .ref(root))]
        #expect(KeyedFixture.check(a).map(\.id) == ["keyed.collection.count-mismatch"])
    }

    @Test func unreachableReportedOncePerLostGroup() {
        var a = KeyedFixture.minimal()
        let leaf = a.add(.string("leaf"))
        let lost = a.object("Lost", [("leaf", .ref(leaf))])
        let d = KeyedFixture.check(a).filter { $0.id == "keyed.object.unreachable" }
        #expect(d.count == 1)
        #expect(d.first?.object == lost)
        #expect(d.first?.message.contains("nor 2 objects") == true) // the leaf string and the Lost class
    }

    /// A lost cycle has no object without referrers: one member is reported, with the other behind it.
    @Test func aLostCycleIsReportedOnce() {
        var a = KeyedFixture.minimal()
        let first = a.reserve()
        let second = a.object("Ring", [("next", .ref(first))])
        a.set(first, .object(classID: a.classID("Ring"), fields: [("next", .ref(second))]))
        let d = KeyedFixture.check(a).filter { $0.id == "keyed.object.unreachable" }
        #expect(d.map(\.object) == [first])
        #expect(d.first?.message.contains("(Ring)") == true)
        #expect(d.first?.message.contains("nor 2 objects") == true) // the other member and the Ring class
    }

    /// Past `listed` groups, one more line counts every lost object.
    @Test func manyLostGroupsAreListedUpToTheLimit() {
        var a = KeyedFixture.minimal()
        for i in 0..<150 { _ = a.object("Lost", [("n", .int(Int64(i)))]) }
        let d = KeyedFixture.check(a).filter { $0.id == "keyed.object.unreachable" }
        #expect(d.count == UnreachableObjectRule.listed + 1)
        #expect(d.last?.message.hasPrefix("151 objects in all") == true) // 150 instances and their class
        #expect(d.last?.object == nil)
    }

    @Test func cyclesAreNotErrors() {
        var a = KeyedArchiveBuilder()
        let parent = a.reserve()
        let child = a.object("Node", [("parent", .ref(parent))])
        a.set(parent, .object(classID: a.classID("Node"), fields: [("child", .ref(child))]))
        a.top = [("root", .ref(parent))]
        #expect(KeyedFixture.check(a).isEmpty)
        let index = GraphIndex(graph: KeyedFixture.graph(a))
        #expect(index?.cycleEdges.contains { $0.from == child && $0.to == parent } == true)
        #expect(index?.referrers(of: parent).map(\.key).sorted() == ["parent", "root"])
    }
}

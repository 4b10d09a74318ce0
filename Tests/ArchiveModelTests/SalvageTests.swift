import Testing
@testable import ArchiveModel
@testable import Typedstream
@testable import ArchivePresentation

/// `--salvage` on built fixtures (issue 28 item 5): what is kept, replaced by `$null`, dropped or
/// replaced by a placeholder, with object ids and byte ranges, and a result that reads cleanly.
struct SalvageTests {
    /// Salvages `bytes`, and the salvaged file opened again.
    static func salvage(_ bytes: [UInt8]) throws -> (report: SalvageReport, output: ArchiveDocument, input: ArchiveDocument) {
        let input = ArchiveDocument.open(InputBytes(bytes), name: "fixture")
        guard case .written(let written, let report) = Salvage.salvage(input) else {
            Issue.record("refused")
            throw SalvageFailure()
        }
        return (report, ArchiveDocument.open(InputBytes(written), name: "salvaged"), input)
    }

    struct SalvageFailure: Error {}

    /// Errors and warnings of a document (what a salvaged file must have none of).
    static func problems(_ document: ArchiveDocument) -> [Diagnostic] {
        DocumentCheck.fullCheck(of: document.graph).filter { $0.severity != .note }
    }

    static func field(_ object: GraphObject, _ key: String) -> FieldValue? { object.field(key)?.value }

    @Test func aDanglingFieldReferenceNowRefersToNull() throws {
        var b = KeyedArchiveBuilder()
        let name = b.add(.string("kept"))
        let root = b.object("Foo", [("name", .ref(name)), ("next", .rawUID(500))])
        b.top = [("root", .ref(root))]
        let (report, output, input) = try Self.salvage(b.buildBinary())
        #expect(Self.problems(output).isEmpty)
        let change = try #require(report.changes.first { $0.action == .nulled })
        #expect(change.object == root)
        #expect(change.key == "next")
        let uidNode = try #require(Self.nodeRange(input, object: root, key: "next"))
        #expect(change.range == uidNode)
        let salvaged = output.graph.object(root)
        #expect(salvaged.className == "Foo")
        // A $null entry after the input's: a conditional reference never encoded, not an explicit nil.
        #expect(Self.field(salvaged, "next") == .reference(.conditionalNull(input.graph.objectCount)))
        #expect(change.reason.contains("it now refers to a $null entry (#\(input.graph.objectCount))"))
        #expect(Self.field(salvaged, "name") == .reference(.object(name)))
        #expect(report.count(.nulled) == 1 && report.count(.placeholder) == 0)
    }

    /// The byte range of the value stored under `key` in object `object`.
    static func nodeRange(_ document: ArchiveDocument, object: Int, key: String) -> ByteRange? {
        guard let keyed = document.graph as? KeyedArchiveGraph, case .dict(let keys, let values) = keyed.tree.node(keyed.objectNodeIDs[object]).value else { return nil }
        for (k, v) in zip(keys, values) where keyed.tree.isString(k, equalTo: key) { return keyed.tree.node(v).range }
        return nil
    }

    @Test func aDanglingElementIsLeftOutAndDictionaryPairsStayInStep() throws {
        var b = KeyedArchiveBuilder()
        let one = b.add(.string("one")), two = b.add(.string("two")), k1 = b.add(.string("k1")), k2 = b.add(.string("k2"))
        let array = b.object("NSMutableArray", superclasses: ["NSArray", "NSObject"], [("NS.objects", .refs([one, 900, two]))])
        let dictionary = b.object("NSMutableDictionary", superclasses: ["NSDictionary", "NSObject"],
                                  [("NS.keys", .refs([k1, k2, 901])), ("NS.objects", .refs([one, 902, two]))])
        let root = b.object("NSArray", [("NS.objects", .refs([array, dictionary]))])
        b.top = [("root", .ref(root))]
        let (report, output, _) = try Self.salvage(b.buildBinary())
        #expect(Self.problems(output).isEmpty)
        let dropped = report.changes.filter { $0.action == .droppedElement }
        #expect(Set(dropped.compactMap(\.object)) == [array, dictionary])
        #expect(dropped.contains { $0.object == array && $0.key == "NS.objects[1]" })
        #expect(dropped.contains { $0.object == dictionary && $0.key == "NS.objects[1]" })
        #expect(dropped.contains { $0.object == dictionary && $0.key == "NS.keys[2]" })
        guard case .list(let items) = Self.field(output.graph.object(array), "NS.objects") else { Issue.record("no list"); return }
        #expect(Array(items) == [.reference(.object(one)), .reference(.object(two))])
        guard case .list(let keys) = Self.field(output.graph.object(dictionary), "NS.keys"),
              case .list(let values) = Self.field(output.graph.object(dictionary), "NS.objects") else { Issue.record("no lists"); return }
        #expect(Array(keys) == [.reference(.object(k1))])
        #expect(Array(values) == [.reference(.object(one))])
    }

    @Test func anUnreadableObjectBecomesAPlaceholderThatSaysWhatItReplaces() throws {
        var b = KeyedArchiveBuilder()
        let text = b.add(.string("not a class"))
        let broken = b.add(.object(classID: text, fields: [("x", .int(1))]))
        let noClass = b.add(.rawDictionary([("y", .int(2))]))
        let root = b.object("Foo", [("a", .ref(broken)), ("b", .ref(noClass))])
        b.top = [("root", .ref(root))]
        let bytes = b.buildBinary()
        let (report, output, input) = try Self.salvage(bytes)
        #expect(Self.problems(output).isEmpty)
        let placeholders = report.changes.filter { $0.action == .placeholder }
        #expect(placeholders.compactMap(\.object) == [broken, noClass])
        #expect(placeholders.first?.range == input.graph.object(broken).range)
        #expect(placeholders.first?.reason.contains("its $class refers to object #\(text), which is a string, not a class dictionary") == true)
        let placeholder = output.graph.object(broken)
        #expect(placeholder.className == SalvagePlaceholder.className)
        #expect(placeholder.classChain.map(\.name) == SalvagePlaceholder.classChain)
        // The references to it still lead to it.
        #expect(Self.field(output.graph.object(root), "a") == .reference(.object(broken)))
        let entries = try Self.dictionaryEntries(output, placeholder)
        #expect(entries["salvagedBy"] == .string("archive-browse"))
        #expect(Self.integer(entries["placeholderFor"]) == broken)
        #expect(Self.integer(entries["offset"]) == input.graph.object(broken).range?.start)
        #expect(entries["reason"].map { if case .string(let s) = $0 { s.contains("not a class dictionary") } else { false } } == true)
        #expect(report.keptObjects + report.count(.placeholder) == report.objectCount)
    }

    static func integer(_ value: ScalarValue?) -> Int? {
        if case .integer(let v, _)? = value { return Int(exactly: v) }
        return nil
    }

    /// A placeholder's `NS.keys` / `NS.objects` read back as key → scalar.
    static func dictionaryEntries(_ document: ArchiveDocument, _ object: GraphObject) throws -> [String: ScalarValue] {
        guard case .list(let keys) = object.field("NS.keys")?.value, case .list(let values) = object.field("NS.objects")?.value else {
            Issue.record("not a dictionary")
            throw SalvageFailure()
        }
        var entries: [String: ScalarValue] = [:]
        for (k, v) in zip(keys, values) {
            guard case .reference(.object(let kid)) = k, case .reference(.object(let vid)) = v,
                  case .string(let name)? = document.graph.object(kid).value, let value = document.graph.object(vid).value else { continue }
            entries[name] = value
        }
        return entries
    }

    /// A keyed archive laid out as CF's writer lays it out: the root dictionary, its keys and the
    /// `$objects` array first, the entries after them, so a cut keeps the array and loses entries.
    static func cfOrderArchive(people: Int) -> (bytes: [UInt8], personIDs: [Int]) {
        var b = BinaryPlistBuilder()
        let root = b.add(.null)
        let keys = ["$archiver", "$objects", "$top", "$version"].map { b.add(.string($0)) }
        let archiver = b.add(.string("NSKeyedArchiver")), objects = b.add(.null)
        let rootKey = b.add(.string("root")), rootUID = b.add(.uid(1)), top = b.add(.dict([(rootKey, rootUID)]))
        let version = b.add(.integer(100_000))
        b.objects[root] = .dict(zip(keys, [archiver, objects, top, version]).map { ($0, $1) })
        let classKey = b.add(.string("$class")), ageKey = b.add(.string("age")), itemsKey = b.add(.string("NS.objects"))
        let null = b.add(.string("$null"))
        let personClass = 2, arrayClass = 3, personIDs = Array(4..<(4 + people))
        let list = b.add(.array(personIDs.map { b.add(.uid(UInt64($0))) }))
        var entries = [null, b.add(.dict([(classKey, b.add(.uid(UInt64(arrayClass)))), (itemsKey, list)]))]
        for (name, chain) in [("Person", ["Person", "NSObject"]), ("NSArray", ["NSArray", "NSObject"])] {
            let names = chain.map { b.add(.string($0)) }
            entries.append(b.add(.dict([(b.add(.string("$classname")), b.add(.string(name))), (b.add(.string("$classes")), b.add(.array(names)))])))
        }
        for i in 0..<people {
            entries.append(b.add(.dict([(classKey, b.add(.uid(UInt64(personClass)))), (ageKey, b.add(.integer(Int64(i))))])))
        }
        b.objects[objects] = .array(entries)
        return (b.build().bytes, personIDs)
    }

    @Test func aTruncatedArchiveKeepsWhatDecodesAndReadsCleanly() throws {
        let (whole, people) = Self.cfOrderArchive(people: 40)
        #expect(Self.problems(ArchiveDocument.open(InputBytes(whole), name: "whole")).isEmpty)
        let (report, output, input) = try Self.salvage(Array(whole.prefix(whole.count * 2 / 3)))
        #expect(DamageAnalysis.causes(of: input.graph, diagnostics: DocumentCheck.fullCheck(of: input.graph)).contains { $0.id == "damage.truncated" })
        #expect(Self.problems(output).isEmpty)
        #expect(report.objectCount == people.count + 4)
        // The people cut off are placeholders that keep their ids; the first ones are whole.
        let placeholders = Set(report.changes.filter { $0.action == .placeholder }.compactMap(\.object))
        #expect(placeholders.contains(people[people.count - 1]))
        #expect(!placeholders.contains(people[0]))
        #expect(report.keptObjects + placeholders.count == report.objectCount)
        #expect(output.graph.object(people[0]).className == "Person")
        #expect(output.graph.object(people[people.count - 1]).className == SalvagePlaceholder.className)
    }

    @Test func aCleanArchiveComesBackUnchangedInContent() throws {
        let (report, output, input) = try Self.salvage(DemoArchive.bytes())
        #expect(!report.changedAnything)
        #expect(report.keptObjects == report.objectCount)
        #expect(Self.problems(output).isEmpty)
        #expect(output.graph.objectCount == input.graph.objectCount)
        for id in 0..<input.graph.objectCount {
            #expect(output.graph.object(id).className == input.graph.object(id).className)
            #expect(output.graph.object(id).fields.map(\.key) == input.graph.object(id).fields.map(\.key))
        }
    }

    @Test func aPlainPlistLeavesOutWhatDoesNotDecode() throws {
        var b = BinaryPlistBuilder()
        let root = b.add(.null)
        let good = b.add(.string("good")), bad = b.add(.raw([0x07])), key = b.add(.string("list"))
        let list = b.add(.array([good, bad, good]))
        b.objects[root] = .dict([(key, list)])
        let (report, output, _) = try Self.salvage(b.build().bytes)
        #expect(Self.problems(output).isEmpty)
        let dropped = try #require(report.changes.first)
        #expect(dropped.action == .droppedElement)
        #expect(dropped.key == "list[1]")
        #expect(report.changes.count == 1)
    }

    @Test func typedstreamsAndNibsAreRefused() {
        let typedstream = ArchiveDocument.open(InputBytes([0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03, 0x84, 0x01, 0x40, 0x84]), name: "t")
        guard case .refused(let why) = Salvage.salvage(typedstream) else { Issue.record("written"); return }
        #expect(why.contains("typedstream"))
        let gnustep = ArchiveDocument.open(InputBytes(Array("GNUstep archive00002c88:00000003".utf8)), name: "g")
        guard case .refused(let other) = Salvage.salvage(gnustep) else { Issue.record("written"); return }
        #expect(other.contains("not an archive this tool decodes"))
    }
}

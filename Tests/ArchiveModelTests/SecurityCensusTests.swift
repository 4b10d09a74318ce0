import ArchiveModel
import Testing
import TestSupport

/// Issue 40, item 1: the class census for decoding, on built archives and on the corpus.
@Suite struct SecurityCensusTests {
    typealias F = SecurityAuditFixtures

    @Test func censusCountsClassesInDecodeOrderWithFirstKeyPaths() throws {
        let g = F.graph { k in
            let a = k.object("MyThing", [("title", .ref(k.add(.string("a"))))])
            let b = k.object("MyThing", [("title", .ref(k.add(.string("b"))))])
            let uuid = k.object("NSUUID", [("NS.uuidbytes", .data([UInt8](repeating: 1, count: 16)))])
            let swift = k.object("_TtC8MyModule6Person", [])
            return k.object("NSMutableArray", superclasses: ["NSArray", "NSObject"], [("NS.objects", .refs([a, b, uuid, swift]))])
        }
        let audit = F.audit(g)
        let byName = Dictionary(uniqueKeysWithValues: audit.census.classes.map { ($0.name, $0) })
        #expect(audit.census.classes.map(\.name) == ["NSMutableArray", "MyThing", "NSString", "NSUUID", "_TtC8MyModule6Person"])
        #expect(byName["MyThing"]?.instances == 2 && byName["NSString"]?.instances == 2)
        #expect(byName["MyThing"]?.family == .notKnown)
        #expect(byName["NSMutableArray"]?.family == .propertyList)
        let uuid = try #require(byName["NSUUID"])
        guard case .apple(let known) = uuid.family else { Issue.record("NSUUID: \(uuid.family)"); return }
        #expect(known.supportsSecureCoding && known.documentation == "https://developer.apple.com/documentation/foundation/nsuuid")
        #expect(byName["_TtC8MyModule6Person"]?.family == .swift("MyModule.Person"))
        #expect(audit.walk.keyPath(of: try #require(byName["NSString"]).firstObject, in: g) == "root/NS.objects[0]/title")
        #expect(audit.walk.keyPath(of: uuid.firstObject, in: g) == "root/NS.objects[2]")
    }

    @Test func unreachedInstancesAreCountedApart() {
        var k = KeyedArchiveBuilder()
        let root = k.object("NSArray", [("NS.objects", .refs([]))])
        _ = k.object("Orphan", [])
        k.top = [("root", .ref(root))]
        let audit = SecurityAudit(graph: ArchiveDocument.open(InputBytes(k.buildBinary()), name: "o").graph, allowed: nil)
        #expect(audit.census.classes.map(\.name) == ["NSArray"])
        #expect(audit.census.unreachedInstances == 1)
    }

    @Test func aPlainPlistIsNotAudited() {
        var b = BinaryPlistBuilder()
        b.topObject = b.add(.string("x"))
        let audit = SecurityAudit(graph: ArchiveDocument.open(InputBytes(b.build().bytes), name: "p").graph, allowed: nil)
        #expect(audit.notApplicable != nil && audit.census.classes.isEmpty && audit.findings.isEmpty)
    }

    /// Every corpus keyed archive, typedstream and nib: a census that names classes; the census of
    /// files whose classes the manifest lists.
    @Test(.needsCorpus) func corpusCensus() throws {
        var audited = 0
        for folder in ["keyed-binary", "keyed-xml", "typedstream", "nibarchive"] {
            for path in Corpus.files(folder) {
                let document = try Corpus.open(path)
                let audit = SecurityAudit(graph: document.graph, allowed: [])
                if document.graph.objectCount > 2, audit.notApplicable == nil { audited += 1 }
                #expect(audit.census.classes.count <= audit.walk.order.count, "\(path)")
            }
        }
        #expect(audited > 100)
        let record = try #require(Corpus.document("keyed-binary/go-ios__XCActivityRecord.bin"))
        let names = Set(SecurityAudit(graph: record.graph, allowed: nil).census.classes.map(\.name))
        #expect(names.isSuperset(of: ["NSArray", "NSDate", "NSUUID", "XCActivityRecord"]), "\(names)")
        let circular = try #require(Corpus.document("keyed-binary/bpylist2__circular_archive.plist"))
        let audit = SecurityAudit(graph: circular.graph, allowed: nil)
        #expect(audit.census.classes.first?.name == "crap.Foo")
        // A custom class that refers to itself: an app's own cycle, not a risk.
        #expect(!audit.findings.contains { $0.id == "security.self-reference" })
    }

    /// Real archives get no risk finding (warning or error): the corpus's keyed archives outside the
    /// deliberately damaged ones.
    @Test(.needsCorpus) func corpusArchivesHaveNoFalseRisk() throws {
        var risky: [String] = []
        for folder in ["keyed-binary", "keyed-xml", "typedstream", "nibarchive", "ib3xml"] {
            for path in Corpus.files(folder) {
                let audit = SecurityAudit(graph: try Corpus.open(path).graph, allowed: nil)
                for d in audit.findings where d.severity >= .warning { risky.append("\(path): \(d)") }
            }
        }
        #expect(risky.isEmpty, "\(risky.prefix(20).joined(separator: "\n"))")
    }
}

import ArchiveModel
import Testing
import TestSupport

/// Issue 40, item 3: one built archive per risk pattern, and its harmless twin with no finding.
@Suite struct SecurityRiskTests {
    typealias F = SecurityAuditFixtures

    func finding(_ graph: any ObjectGraph, _ id: String) -> Diagnostic? {
        F.audit(graph).findings.first { $0.id == id }
    }

    @Test func selfReferenceThroughAnObjectIsFound() throws {
        let d = try #require(finding(F.selfReference, "security.self-reference"))
        #expect(d.object == 1)
        #expect(d.message.contains("NSMutableDictionary") && d.message.contains("Holder"), "\(d.message)")
        #expect(d.range != nil)
    }

    @Test func appClassCycleIsNotASelfReferenceFinding() {
        #expect(F.audit(F.appCycle).findings.isEmpty, "\(F.audit(F.appCycle).findings)")
    }

    @Test func collectionHoldingItselfIsNotASelfReferenceFinding() {
        let g = F.graph { k in
            let a = k.reserve()
            k.set(a, .object(classID: k.classID("NSMutableArray", ["NSArray", "NSObject"]), fields: [("NS.objects", .refs([a]))]))
            return a
        }
        #expect(!F.ids(F.audit(g)).contains("security.self-reference"))
    }

    @Test func dangerousClassIsFoundAndItsTwinIsNot() throws {
        let bad = F.single("NSSharedKeyDictionary") { _ in [("NS.count", .int(0))] }
        let d = try #require(finding(bad, "security.class.dangerous"))
        #expect(d.message.contains("half-initialised"))
        let future = F.single("_NSDataFileBackedFuture") { k in [("NS.url", .ref(k.add(.string("file:///etc/passwd"))))] }
        #expect(finding(future, "security.class.dangerous") != nil)
        // Core Data's _PFArray decoded as an NSArray (CVE-2019-8647, Project Zero issue 1873); its twin,
        // the same array as an NSMutableArray, is not reported.
        let pfArray = F.single("_PFArray", superclasses: ["NSArray", "NSObject"]) { k in [("NS.objects", .refs([k.add(.string("x"))]))] }
        #expect(try #require(finding(pfArray, "security.class.dangerous")).message.contains("CVE-2019-8647"))
        let array = F.single("NSMutableArray", superclasses: ["NSArray", "NSObject"]) { k in [("NS.objects", .refs([k.add(.string("x"))]))] }
        #expect(F.audit(array).findings.isEmpty)
        #expect(F.audit(F.dictionary).findings.isEmpty)
    }

    /// Every `security.*` explanation names its public source: an address, or a Project Zero post by
    /// title and date (the README lists their addresses).
    @Test(arguments: SecurityCode.allCases) func everyExplanationCitesASource(_ code: SecurityCode) {
        let text = code.explanation
        #expect(text.contains("Source"), "\(code.rawValue)")
        #expect(text.contains("https://") || text.contains("Project Zero, \""), "\(code.rawValue)")
    }

    @Test func functionExpressionSelectorIsListed() throws {
        let bad = F.single("NSFunctionExpression", superclasses: ["NSExpression", "NSObject"]) { k in
            [("NSExpressionType", .int(4)), ("NSSelectorName", .ref(k.add(.string("performSelector:withObject:"))))]
        }
        let d = try #require(finding(bad, "security.selector"))
        #expect(d.message.contains("function expression") && d.message.contains("\"performSelector:withObject:\""), "\(d.message)")
        // A key-path read and a documented function are what ordinary predicates hold.
        for (type, selector) in [(Int64(3), "valueForKey:"), (4, "sum:")] {
            let twin = F.single("NSFunctionExpression", superclasses: ["NSExpression", "NSObject"]) { k in
                [("NSExpressionType", .int(type)), ("NSSelectorName", .ref(k.add(.string(selector))))]
            }
            #expect(finding(twin, "security.selector") == nil, "\(selector)")
        }
        let twin = F.single("NSConstantValueExpression", superclasses: ["NSExpression", "NSObject"]) { k in
            [("NSExpressionType", .int(0)), ("NSConstantValue", .ref(k.add(.int(3))))]
        }
        #expect(finding(twin, "security.selector") == nil)
    }

    @Test func sortDescriptorSelectorOtherThanACompareIsListed() throws {
        let bad = F.single("NSSortDescriptor") { k in [("NSKey", .ref(k.add(.string("name")))), ("NSSelector", .ref(k.add(.string("performSelector:"))))] }
        #expect(try #require(finding(bad, "security.selector")).message.contains("\"performSelector:\""))
        let twin = F.single("NSSortDescriptor") { k in [("NSKey", .ref(k.add(.string("name")))), ("NSSelector", .ref(k.add(.string("compare:"))))] }
        #expect(F.audit(twin).findings.isEmpty, "\(F.audit(twin).findings)")
    }

    @Test func fileReferenceURLAndBookmarkDataAreNoted() throws {
        let bad = F.single("NSURL") { k in [("NS.base", .ref(0)), ("NS.relative", .ref(k.add(.string("file:///.file/id=6571367.2773"))))] }
        let d = try #require(finding(bad, "security.file-reference"))
        #expect(d.severity == .note)
        let bookmark = F.graph { k in
            let data = k.add(.data(Array("book".utf8) + [UInt8](repeating: 0, count: 60)))
            return k.object("NSArray", [("NS.objects", .refs([data]))])
        }
        #expect(finding(bookmark, "security.file-reference") != nil)
        let twin = F.single("NSURL") { k in [("NS.base", .ref(0)), ("NS.relative", .ref(k.add(.string("https://example.com/a"))))] }
        #expect(F.audit(twin).findings.isEmpty, "\(F.audit(twin).findings)")
    }

    @Test func hugeStatedCountIsAnAllocationFinding() throws {
        let bad = F.single("_NSKeyedCoderOldStyleArray") { _ in [("NS.count", .int(1 << 40)), ("NS.size", .int(8))] }
        let d = try #require(finding(bad, "security.allocation"))
        #expect(d.message.contains("NS.count = 1099511627776") && d.message.contains("8796093022208 bytes"), "\(d.message)")
        let twin = F.single("_NSKeyedCoderOldStyleArray") { _ in [("NS.count", .int(3)), ("NS.size", .int(8))] }
        #expect(finding(twin, "security.allocation") == nil)
        let overflow = F.single("NSSharedKeySet") { _ in [("NS.numKey", .int(Int64.max))] }
        #expect(try #require(finding(overflow, "security.allocation")).message.contains("bytes"))
    }

    @Test func deepNestingIsFoundAndModestNestingIsNot() throws {
        let d = try #require(finding(F.chain(depth: 600), "security.nesting"))
        #expect(d.message.contains("600 objects deep"), "\(d.message)")
        #expect(F.audit(F.chain(depth: 100)).findings.isEmpty)
    }

    @Test func objectUsedAsTwoTypesIsTypeConfusion() throws {
        let bad = F.graph { k in
            let dict = k.object("NSDictionary", [("NS.keys", .refs([])), ("NS.objects", .refs([]))])
            return k.object("NSURL", [("NS.base", .ref(0)), ("NS.relative", .ref(dict))])
        }
        let d = try #require(finding(bad, "security.type-confusion"))
        #expect(d.message.contains("as NSString") && d.message.contains("NSDictionary"), "\(d.message)")
        let shared = F.graph { k in
            let url = k.object("NSURL", [("NS.base", .ref(0)), ("NS.relative", .ref(k.add(.string("https://a"))))])
            let other = k.object("NSURL", [("NS.base", .ref(0)), ("NS.relative", .ref(url))])
            let outer = k.object("NSURL", [("NS.base", .ref(url)), ("NS.relative", .ref(k.add(.string("b"))))])
            return k.object("NSArray", [("NS.objects", .refs([outer, other]))])
        }
        #expect(F.ids(F.audit(shared)).contains("security.type-confusion"))
    }

    @Test func classDictionaryDecodedAsAValueIsTypeConfusion() throws {
        let bad = F.graph { k in
            let c = k.classID("Thing")
            return k.object("Thing", [("meta", .ref(c))])
        }
        let d = try #require(finding(bad, "security.type-confusion"))
        #expect(d.message.contains("$class") && d.message.contains("class dictionary"), "\(d.message)")
        let twin = F.single("Thing") { k in [("meta", .ref(k.add(.string("m"))))] }
        #expect(F.audit(twin).findings.isEmpty)
    }

    @Test func substitutedClassChainsAreFound() throws {
        let mismatch = F.graph { k in
            let c = k.add(.classDictionary(name: "NSDictionary", chain: ["NSMutableArray", "NSArray", "NSObject"]))
            return k.add(.object(classID: c, fields: [("NS.objects", .refs([]))]))
        }
        let d = try #require(finding(mismatch, "security.class.substitution"))
        #expect(d.message.contains("starts with \"NSMutableArray\""), "\(d.message)")
        let skip = F.single("NSMutableArray", superclasses: ["NSObject"]) { _ in [("NS.objects", .refs([]))] }
        #expect(try #require(finding(skip, "security.class.substitution")).message.contains("without its superclass NSArray"))
        let twin = F.single("NSMutableArray", superclasses: ["NSArray", "NSObject"]) { _ in [("NS.objects", .refs([]))] }
        #expect(F.audit(twin).findings.isEmpty)
    }

    @Test func privateAndUnreadSwiftClassesAreNotes() throws {
        let g = F.graph { k in
            let a = k.object("_NSPrivateThing", [])
            let b = k.object("_TtGC4Main3Box", [])
            return k.object("NSArray", [("NS.objects", .refs([a, b]))])
        }
        let audit = F.audit(g)
        #expect(Set(F.ids(audit)) == ["security.class.private", "security.class.swift-name-unread"])
        #expect(audit.findings.allSatisfy { $0.severity == .note })
        #expect(!audit.fails)
    }
}

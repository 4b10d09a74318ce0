import ArchiveModel
import Testing
import TestSupport

/// Issue 40, bad input: cycles, 100,000 classes, names that do not demangle, class chains that
/// loop, very deep nesting: bounded, no crash, located findings.
@Suite struct SecurityHostileTests {
    typealias F = SecurityAuditFixtures

    @Test func aHundredThousandClassesAreCensused() {
        let g = F.graph { k in
            var items: [Int] = []
            for i in 0..<100_000 { items.append(k.object("C\(i)", [])) }
            return k.object("NSArray", [("NS.objects", .refs(items))])
        }
        let audit = F.audit(g, allowed: ["NSArray"])
        // The census lists 100,000 classes and counts the one past them.
        #expect(audit.census.classes.count == 100_000 && audit.census.classesOmitted == 1)
        #expect(audit.prediction?.rejection?.className == "C0")
        #expect(audit.prediction?.smallestAllowList.count == 100_001)
    }

    @Test func deepNestingDoesNotOverflowTheStack() {
        let audit = F.audit(F.chain(depth: 50_000))
        #expect(audit.walk.maxDepth == 50_000)
        #expect(audit.findings.map(\.id) == ["security.nesting"])
    }

    @Test func manyCyclesAreBounded() {
        let g = F.graph { k in
            let hub = k.reserve()
            var items: [Int] = []
            for _ in 0..<5_000 { items.append(k.object("Back", [("hub", .ref(hub))])) }
            let c = k.classID("NSMutableArray", ["NSArray", "NSObject"])
            k.set(hub, .object(classID: c, fields: [("NS.objects", .refs(items))]))
            return hub
        }
        let audit = F.audit(g)
        #expect(audit.walk.backEdgeCount == 5_000)
        #expect(audit.walk.backEdges.count == 1_000)
        // One finding for the one object reached from its own fields.
        #expect(audit.findings.filter { $0.id == "security.self-reference" }.count == 1)
    }

    /// A deep chain whose last object refers back to the first a thousand times: each back edge's
    /// cycle is found without scanning the stack.
    @Test func backEdgesFromDeepInTheStackAreBounded() {
        let g = F.graph { k in
            let first = k.reserve()
            var next = k.object("Link", [("back", .refs(Array(repeating: first, count: 2_000)))])
            for _ in 0..<20_000 { next = k.object("Link", [("next", .ref(next))]) }
            k.set(first, .object(classID: k.classID("Link"), fields: [("next", .ref(next))]))
            return first
        }
        let audit = F.audit(g)
        #expect(audit.walk.backEdgeCount == 2_000 && audit.walk.backEdges.count == 1_000)
        #expect(audit.walk.backEdges.allSatisfy { $0.target == audit.walk.order[0] && $0.members.count == 256 })
    }

    @Test func classChainsThatLoopAreReadOnce() {
        let g = F.graph { k in
            let c = k.add(.classDictionary(name: "NSMutableArray", chain: Array(repeating: ["NSMutableArray", "NSMutableArray"], count: 200).flatMap { $0 }))
            return k.add(.object(classID: c, fields: [("NS.objects", .refs([]))]))
        }
        let audit = F.audit(g)
        #expect(audit.findings.map(\.id) == ["security.class.substitution"])
    }

    @Test func namesThatDoNotDemangleAreNotedOncePerClass() {
        let g = F.graph { k in
            var items: [Int] = []
            for i in 0..<1_000 { items.append(k.object("_TtC\(i % 7)x", [])) }
            return k.object("NSArray", [("NS.objects", .refs(items))])
        }
        let notes = F.audit(g).findings.filter { $0.id == "security.class.swift-name-unread" }
        #expect(notes.count == 7)
    }

    @Test func danglingAndOutOfRangeReferencesAreSkipped() {
        let g = F.graph { k in k.object("NSArray", [("NS.objects", .refs([9_999, 0])), ("x", .rawUID(1 << 40))]) }
        let audit = F.audit(g, allowed: ["NSArray"])
        #expect(audit.walk.order.count == 1)
        #expect(audit.prediction?.rejection == nil)
    }

    /// Every truncation and every byte inverted of a fixture with each pattern: the audit ends,
    /// every finding is registered and located on an object in range.
    @Test func damagedCopiesAreAuditedWithoutCrash() {
        var k = KeyedArchiveBuilder()
        let dict = k.reserve()
        let holder = k.object("Holder", [("owner", .ref(dict))])
        let expression = k.object("NSFunctionExpression", superclasses: ["NSExpression", "NSObject"],
                                  [("NSExpressionType", .int(4)), ("NSSelectorName", .ref(k.add(.string("valueForKey:"))))])
        let c = k.classID("NSMutableDictionary", ["NSDictionary", "NSObject"])
        k.set(dict, .object(classID: c, fields: [("NS.keys", .refs([k.add(.string("a")), k.add(.string("b"))])), ("NS.objects", .refs([holder, expression]))]))
        k.top = [("root", .ref(dict))]
        let bytes = k.buildBinary()
        var variants: [[UInt8]] = (0..<bytes.count).map { Array(bytes.prefix($0)) }
        for i in bytes.indices {
            var copy = bytes
            copy[i] ^= 0xFF
            variants.append(copy)
        }
        for variant in variants {
            let graph = ArchiveDocument.open(InputBytes(variant), name: "v").graph
            let audit = SecurityAudit(graph: graph, allowed: ["NSDictionary"])
            for d in audit.findings {
                #expect(DiagnosticRegistry.kind(d.id) != nil)
                #expect(d.object.map { $0 >= 0 && $0 < graph.objectCount } ?? true)
            }
            _ = SecurityAuditRenderer.json(audit, graph: graph, file: "v", format: "f")
        }
    }

    /// The messages the audit produces read well (MessageGrammarTests' rules).
    @Test func auditMessagesPassTheGrammarCheck() {
        let graphs = [F.selfReference, F.dictionary, F.arrayOfCustom, F.chain(depth: 600)]
        var messages: [String] = []
        for graph in graphs {
            let audit = F.audit(graph, allowed: ["NSArray"])
            messages += audit.findings.map(\.message) + SecurityAuditRenderer.lines(audit, graph: graph)
        }
        for message in messages {
            #expect(MessageGrammarTests.problems(in: message).isEmpty, "\(message): \(MessageGrammarTests.problems(in: message))")
        }
    }
}

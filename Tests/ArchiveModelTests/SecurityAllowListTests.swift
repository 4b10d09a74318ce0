import ArchiveModel
import FuzzSupport
import Testing
import TestSupport

/// Issue 40, item 2: what `unarchivedObject(ofClasses:from:)` would do, predicted on built archives.
@Suite struct SecurityAllowListTests {
    typealias F = SecurityAuditFixtures

    @Test func firstObjectOutsideTheSetIsNamedWithApplesMessage() throws {
        let audit = F.audit(F.dictionary, allowed: ["NSString", "NSDictionary"])
        let p = try #require(audit.prediction)
        let r = try #require(p.rejection)
        #expect(r.className == "NSNumber")
        #expect(r.key == "NS.objects")
        #expect(r.keyPath == "root/NS.objects[0]")
        #expect(r.message == "value for key 'NS.objects' was of unexpected class 'NSNumber'. Allowed classes are '{(NSDictionary, NSString)}'.")
        #expect(audit.fails)
        let d = try #require(audit.findings.first { $0.id == "security.allow-list.rejected" })
        #expect(d.severity == .error && d.object == r.object)
    }

    @Test func theRootItselfIsCheckedUnderKeyRoot() throws {
        let r = try #require(F.audit(F.dictionary, allowed: ["NSArray"]).prediction?.rejection)
        #expect(r.key == "root" && r.className == "NSDictionary" && r.keyPath == "root")
        #expect(r.message.hasPrefix("value for key 'root' was of unexpected class 'NSDictionary'."))
    }

    @Test func aSetThatCoversEveryCheckedObjectDecodes() throws {
        let audit = F.audit(F.dictionary, allowed: ["NSDictionary", "NSString", "NSNumber"])
        let p = try #require(audit.prediction)
        #expect(p.rejection == nil && !p.fails && !audit.fails)
        #expect(p.smallestAllowList == ["NSDictionary", "NSNumber", "NSString"])
    }

    @Test func aMutableSubclassPassesThroughItsChain() throws {
        let p = try #require(F.audit(F.arrayOfCustom, allowed: ["NSArray", "MyThing"]).prediction)
        #expect(p.rejection == nil)
        #expect(p.smallestAllowList == ["MyThing", "NSArray"])
    }

    @Test func whatACustomClassDecodesIsSaidToBeNotKnown() throws {
        let p = try #require(F.audit(F.arrayOfCustom, allowed: ["NSArray", "MyThing"]).prediction)
        #expect(p.undecided.map(\.className) == ["MyThing"])
        // MyThing's string is decoded with the classes MyThing asks for: not in the smallest list.
        #expect(!p.smallestAllowList.contains("NSString"))
    }

    @Test func aClassThatIsNotSecureCodingFails() throws {
        let g = F.single("NSView", superclasses: ["NSResponder", "NSObject"]) { _ in [] }
        let audit = F.audit(g, allowed: ["NSView"])
        let p = try #require(audit.prediction)
        #expect(p.rejection == nil && p.notSecureCoding.map(\.className) == ["NSView"] && p.fails)
        #expect(audit.findings.contains { $0.id == "security.allow-list.not-secure-coding" })
    }

    @Test func withoutAListOnlyTheSmallestListIsGiven() throws {
        let audit = F.audit(F.dictionary, allowed: [])
        let p = try #require(audit.prediction)
        #expect(p.smallestAllowList == ["NSDictionary", "NSNumber", "NSString"])
        #expect(!audit.allowListGiven && !audit.fails)
        #expect(!audit.findings.contains { $0.id.hasPrefix("security.allow-list") })
    }

    @Test func theSmallestListDecodesTheArchive() throws {
        for graph in [F.dictionary, F.arrayOfCustom, F.selfReference] {
            let smallest = try #require(F.audit(graph, allowed: []).prediction?.smallestAllowList)
            #expect(F.audit(graph, allowed: smallest).prediction?.rejection == nil, "\(smallest)")
        }
    }

    @Test func aTypedstreamHasNoPrediction() {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        _ = w.beginObject([("Holder", 0), ("NSObject", 0)])
        w.types("@")
        _ = w.nsString("kept")
        w.endObject()
        let graph = ArchiveDocument.open(InputBytes(w.bytes), name: "t").graph
        let audit = SecurityAudit(graph: graph, allowed: ["NSString"])
        #expect(audit.prediction == nil && audit.notApplicable == nil)
        #expect(audit.census.classes.map(\.name) == ["Holder", "NSString"])
    }
}

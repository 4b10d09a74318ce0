import ArchiveModel
import Foundation
import Testing
import TestSupport

/// Issue 40's differential test: the allow-list prediction against swift-corelibs-foundation's real
/// `unarchivedObject(ofClasses:from:)`, run in `foundation-peer --allowed-classes` (a process of its
/// own: corelibs traps on some inputs). Where the two differ by design is asserted as such (README,
/// "Security audit").
@Suite struct AuditDifferentialTests {
    typealias CLI = CLITests
    static let peer = SalvageCLITests.peer
    /// Classes a keyed archive stores as bare plist values, which corelibs does not check.
    static let bareValueClasses: Set<String> = ["NSString", "NSNumber", "NSData"]

    static func peerRun(_ list: [String], _ path: String) throws -> CLI.Result {
        let peer = try #require(Self.peer)
        return try CLI.run(["--allowed-classes", list.joined(separator: ","), path], executable: peer, environment: ["SWIFT_BACKTRACE": "enable=no"])
    }

    /// Both refuse an instance outside the set; corelibs lets a bare number through where Apple (and
    /// the prediction) refuse it.
    @Test(.enabled(if: peer != nil, "needs foundation-peer built beside archive-browse"))
    func builtArchivesAgreeExceptOnBareValues() throws {
        var k = KeyedArchiveBuilder()
        let key = k.add(.string("when")), date = k.object("NSDate", [("NS.time", .real(1))]), n = k.add(.int(3))
        let inner = k.object("NSArray", [("NS.objects", .refs([date, n]))])
        let root = k.object("NSDictionary", [("NS.keys", .refs([key])), ("NS.objects", .refs([inner]))])
        k.top = [("root", .ref(root))]
        let bytes = k.buildBinary()
        let path = try CLI.temp(bytes, "audit-diff.bplist")
        let graph = ArchiveDocument.open(InputBytes(bytes), name: "d").graph
        func predicted(_ list: [String]) -> AllowListPrediction.Rejection? { SecurityAudit(graph: graph, allowed: list).prediction?.rejection }

        let smallest = try #require(SecurityAudit(graph: graph, allowed: []).prediction?.smallestAllowList)
        #expect(smallest == ["NSArray", "NSDate", "NSDictionary", "NSNumber", "NSString"])
        #expect(predicted(smallest) == nil)
        #expect(try Self.peerRun(smallest, path).status == 0)
        // An instance (NSDate) outside the set: both refuse (corelibs by trapping).
        let noDate = smallest.filter { $0 != "NSDate" }
        #expect(predicted(noDate)?.className == "NSDate")
        #expect(try Self.peerRun(noDate, path).status != 0)
        // A bare number outside the set: Apple refuses, corelibs decodes.
        let noNumber = smallest.filter { $0 != "NSNumber" }
        #expect(predicted(noNumber)?.className == "NSNumber")
        #expect(try Self.peerRun(noNumber, path).status == 0)
    }

    /// Corpus keyed archives whose classes corelibs has: the smallest allow-list decodes them, and
    /// without any one of its instance classes they are refused, as predicted.
    @Test(.needsCorpus, .enabled(if: peer != nil, "needs foundation-peer built beside archive-browse"), .tags(.slow))
    func corpusSmallestListsDecodeInCorelibs() throws {
        var decoded: [String] = [], otherwise: [String] = [], disagreements: [String] = []
        for path in Corpus.files("keyed-binary") + Corpus.files("keyed-xml") {
            let graph = try Corpus.open(path).graph
            guard let p = SecurityAudit(graph: graph, allowed: []).prediction, p.hasRoot, !p.smallestAllowList.isEmpty else { continue }
            let r = try Self.peerRun(p.smallestAllowList, path)
            guard r.status == 0 else { otherwise.append("\(path): \(r.status) \(r.out.prefix(100))\(r.err.prefix(200))"); continue }
            decoded.append(path)
            // (An empty list asks only for the smallest list: lists of one class are not dropped from.)
            for dropped in p.smallestAllowList where !Self.bareValueClasses.contains(dropped) && p.smallestAllowList.count > 1 {
                let list = p.smallestAllowList.filter { $0 != dropped }
                let ours = SecurityAudit(graph: graph, allowed: list).prediction?.rejection
                let theirs = try Self.peerRun(list, path).status
                if (ours != nil) != (theirs != 0) { disagreements.append("\(path) without \(dropped): predicted \(ours?.message ?? "decodes"), corelibs \(theirs)") }
            }
        }
        // Not decoded: reference cycles (status 3), classes corelibs lacks (2), and corelibs' own
        // refusals (NSUUID in secure decoding, formatters that are not secure coding there).
        #expect(decoded.count >= 30, "decoded \(decoded.count); not: \(otherwise.joined(separator: "\n"))")
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }
}

import ArchiveModel
import Testing

/// The audit's progress and stop (what the browser's background audit and its Esc use).
@Suite struct SecurityAuditProgressTests {
    typealias F = SecurityAuditFixtures

    @Test func progressRisesWithinOneAndTheFullAuditIsNotStopped() {
        let graph = F.chain(depth: 20_000)
        var heard: [Double] = []
        let audit = SecurityAudit(graph: graph, allowed: [], progress: { heard.append($0); return true })
        #expect(!audit.stopped)
        #expect(heard.count >= 4, "\(heard.count) reports")
        #expect(heard.allSatisfy { $0 >= 0 && $0 <= 1 })
        #expect(zip(heard, heard.dropFirst()).allSatisfy { $0 <= $1 }, "\(heard)")
        // The same audit as without a progress closure.
        let plain = SecurityAudit(graph: graph, allowed: [])
        #expect(audit.findings.map(\.id) == plain.findings.map(\.id))
        #expect(audit.census.classes.map(\.name) == plain.census.classes.map(\.name))
        #expect(audit.prediction?.smallestAllowList == plain.prediction?.smallestAllowList)
    }

    @Test func falseFromProgressStopsTheAuditEarly() {
        let graph = F.chain(depth: 20_000)
        var reports = 0
        let audit = SecurityAudit(graph: graph, allowed: [], progress: { _ in reports += 1; return false })
        #expect(audit.stopped)
        #expect(reports == 1)
        #expect(audit.walk.order.count < graph.objectCount / 2, "walked \(audit.walk.order.count)")
        #expect(audit.prediction == nil)
    }

    /// A small archive is audited before the first report: nothing to stop.
    @Test func aSmallAuditNeverReports() {
        var reports = 0
        let audit = SecurityAudit(graph: F.dictionary, allowed: [], progress: { _ in reports += 1; return false })
        #expect(reports == 0 && !audit.stopped && audit.prediction != nil)
    }
}

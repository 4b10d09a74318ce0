import ArchiveModel
import Synchronization

/// A result computed off the UI thread: the graph index, a full check, the file's repair or the
/// security audit.
package enum JobResult: Sendable {
    case index(GraphIndex)
    case diagnostics([Diagnostic])
    case repaired(ArchiveRepair.Result)
    /// The security audit (`A`), with the smallest allow-list asked for.
    case audit(SecurityAudit)
    case cancelled
}

/// One piece of slow work on a background thread, with progress and cancellation.
///
/// The worker only touches the graph (which is `Sendable`); results are installed into the
/// `BrowserContext` by the UI thread when it sees `isFinished`.
public final class BackgroundJob: Sendable {
    public enum Kind: Sendable, Equatable {
        case buildIndex
        case fullCheck
        /// `ArchiveRepair` on the input's bytes, bounded as `--repair` is.
        case repair
        /// `SecurityAudit` of the archive, as the `A` panel shows it.
        case audit
    }

    /// Seconds the repair's search may take (as `--repair`; lifted by `SearchDeadline.liftVariable`).
    public static let repairTimeLimit = 20.0

    public let kind: Kind
    /// The action to apply once the result is installed (the UI thread may replace it while the job runs).
    public var then: Action? {
        get { shared.withLock { $0.then } }
        set { shared.withLock { $0.then = newValue } }
    }
    /// What the worker and the UI thread share; only ever touched under the mutex.
    private struct Shared {
        var fraction = 0.0
        var cancelled = false
        var result: JobResult?
        var then: Action?
    }
    private let shared: Mutex<Shared>

    public init(kind: Kind, then: Action?) {
        self.kind = kind
        shared = Mutex(Shared(then: then))
    }

    /// Progress in 0...1.
    public var progress: Double { shared.withLock { $0.fraction } }
    /// The result, once finished.
    package var finished: JobResult? { shared.withLock { $0.result } }
    /// Asks the worker to stop at its next progress report.
    public func cancel() { shared.withLock { $0.cancelled = true } }

    /// Runs the work synchronously on the calling thread (the worker body; also used headless).
    public func perform(on graph: any ObjectGraph) {
        perform(on: DocumentNode(root: graph, name: "input"))
    }

    /// `perform(on:)` for a node of the document tree: an embedded archive's check follows only the
    /// levels the depth limit leaves below it.
    package func perform(on node: DocumentNode) {
        let graph = node.document.graph
        let report: (Double) -> Bool = { p in
            self.shared.withLock { state in
                state.fraction = p
                return !state.cancelled
            }
        }
        let outcome: JobResult
        switch kind {
        case .buildIndex:
            outcome = GraphIndex(graph: graph, progress: report).map(JobResult.index) ?? .cancelled
        case .fullCheck:
            let list = DocumentCheck.fullCheck(of: node, progress: report)
            outcome = shared.withLock { $0.cancelled } ? .cancelled : .diagnostics(list)
        case .repair:
            let deadline = SearchDeadline(seconds: Self.repairTimeLimit)
            let result = ArchiveRepair.repair(node.document.input, limits: ArchiveRepair.Limits(shouldStop: {
                deadline.passed || self.shared.withLock { $0.cancelled }
            }))
            outcome = shared.withLock { $0.cancelled } ? .cancelled : .repaired(result)
        case .audit:
            let audit = SecurityAudit(graph: graph, allowed: [], progress: report)
            outcome = audit.stopped || shared.withLock({ $0.cancelled }) ? .cancelled : .audit(audit)
        }
        shared.withLock { $0.result = outcome }
    }

    /// Starts `perform` on a new thread of its own (not the shared concurrency pool, which long
    /// blocking work would starve).
    package func start(on node: DocumentNode) {
        Platform.startThread { self.perform(on: node) }
    }

    /// Status-line text: `indexing 40% · Esc cancels`.
    public var label: String {
        let percent = Int((progress * 100).rounded(.down))
        switch kind {
        case .buildIndex: return "indexing \(percent)% · Esc cancels"
        case .fullCheck: return "checking \(percent)% · Esc cancels"
        case .repair: return "repairing · Esc cancels"
        case .audit: return "auditing \(percent)% · Esc cancels"
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArchiveModel

/// A result computed off the UI thread: the graph index or a full check.
public enum JobResult: Sendable {
    case index(GraphIndex)
    case diagnostics([Diagnostic])
    case cancelled
}

/// One piece of slow work on a background thread, with progress and cancellation.
///
/// The worker only touches the graph (which is `Sendable`); results are installed into the
/// `BrowserContext` by the UI thread when it sees `isFinished`.
public final class BackgroundJob: @unchecked Sendable {
    // Safety: every mutable field is read and written under `mutex`.
    public enum Kind: Sendable, Equatable {
        case buildIndex
        case fullCheck
    }

    public let kind: Kind
    /// The action to apply once the result is installed.
    public var then: Action?
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var fraction = 0.0
    private var cancelled = false
    private var result: JobResult?

    public init(kind: Kind, then: Action?) {
        self.kind = kind
        self.then = then
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Progress in 0...1.
    public var progress: Double { locked { fraction } }
    /// The result, once finished.
    public var finished: JobResult? { locked { result } }
    /// Asks the worker to stop at its next progress report.
    public func cancel() { locked { cancelled = true } }

    /// Runs the work synchronously on the calling thread (the worker body; also used headless).
    public func perform(on graph: any ObjectGraph) {
        let report: (Double) -> Bool = { p in self.locked { self.fraction = p; return !self.cancelled } }
        let outcome: JobResult
        switch kind {
        case .buildIndex:
            outcome = GraphIndex(graph: graph, progress: report).map(JobResult.index) ?? .cancelled
        case .fullCheck:
            let list = DocumentCheck.fullCheck(of: graph, progress: report)
            outcome = locked { cancelled } ? .cancelled : .diagnostics(list)
        }
        locked { result = outcome }
    }

    /// Starts `perform` on a new thread of its own (not the shared concurrency pool, which long
    /// blocking work would starve).
    public func start(on graph: any ObjectGraph) {
        WorkerThread.start { self.perform(on: graph) }
    }

    /// Status-line text: `indexing 40% · Esc cancels`.
    public var label: String {
        let percent = Int((progress * 100).rounded(.down))
        return (kind == .buildIndex ? "indexing" : "checking") + " \(percent)% · Esc cancels"
    }
}

/// A detached POSIX thread running one closure.
enum WorkerThread {
    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `body` on a new detached thread; runs it on the caller's thread if no thread can be made.
    static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            Unmanaged<Box>.fromOpaque(argument).takeRetainedValue().body()
            return nil
        }, box)
        if created == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
        }
    }
}

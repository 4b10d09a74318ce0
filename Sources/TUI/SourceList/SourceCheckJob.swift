import ArchiveModel
import Dispatch
import Synchronization

/// The background check of a source's archives for its list: every archive checked in list order,
/// on all cores (`SourceCheck.inOrder`), the results collected in batches for the run loop to take.
/// Cancelled when the list closes.
final class SourceCheckJob: Sendable {
    private let source: ArchiveSource
    private let pending = Mutex<[(entry: Int, result: SourceCheck.Result)]>([])
    private let cancelled = Atomic<Bool>(false)
    private let done = Atomic<Bool>(false)

    init(source: ArchiveSource) { self.source = source }

    func start() {
        DispatchQueue.global().async { [self] in
            SourceCheck.checkAll(source) { entry, result in
                pending.withLock { $0.append((entry, result)) }
                return !cancelled.load(ordering: .relaxed)
            }
            done.store(true, ordering: .releasing)
        }
    }

    /// Runs the check on this thread (headless rendering and tests), of the first `limit` archives.
    func runHere(limit: Int) {
        SourceCheck.checkAll(source) { entry, result in
            pending.withLock { $0.append((entry, result)) }
            return entry + 1 < limit
        }
        done.store(true, ordering: .releasing)
    }

    /// The results finished since the last call.
    func take() -> [(entry: Int, result: SourceCheck.Result)] {
        pending.withLock { batch in
            defer { batch = [] }
            return batch
        }
    }

    var isRunning: Bool { !done.load(ordering: .acquiring) }

    func cancel() { cancelled.store(true, ordering: .relaxed) }
}

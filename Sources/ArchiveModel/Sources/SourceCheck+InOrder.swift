import Dispatch
import Synchronization

/// Work over a source's archives on all cores, its results handed over in list order as they come:
/// one worker a core takes the next few indices (a chunk) as soon as there is room (no batch waits
/// for its slowest item), and at most `window` results wait to be handed over, so memory holds a
/// fixed number of results whatever the number of archives.
extension SourceCheck {
    /// Indices a worker takes at once, most: a thread wakes once a chunk, not once an archive (for
    /// 100,000 small archives the wake-ups cost more than a tenth of the work).
    static let chunkLimit = 4

    /// Chunks computed or under way but not yet handed over, at most: two per core, so that a core
    /// finishing a chunk finds room for the next while the one before is handed over.
    static var chunkWindow: Int { Swift.max(4, Platform.processorCount * 2) }

    /// Results waiting to be handed over, at most: eight per core, as many records of large
    /// archives as the batches before held.
    static var window: Int { chunkWindow * chunkLimit }

    /// The chunk size for `count` items: smaller for few items, so that each core gets some (ten
    /// large archives are not eight on one core and two on the other).
    static func chunk(for count: Int) -> Int {
        Swift.max(1, Swift.min(chunkLimit, count / Swift.max(1, Platform.processorCount * 64)))
    }

    /// Runs `work` for `0..<count` on all cores and hands the results to `emit`, on this thread, in
    /// index order, each as soon as it and those before it are done. `emit` returning false stops the
    /// work: no chunk is started once the workers see it, and the call returns when the work under way is done.
    public static func inOrder<T: Sendable>(count: Int, work: @escaping @Sendable (Int) -> T, emit: (Int, T) -> Bool) {
        guard count > 0 else { return }
        let run = OrderedRun<T>(count: count, chunk: chunk(for: count), window: chunkWindow, work: work)
        let workers = Swift.min(Platform.processorCount, run.chunkCount)
        let group = DispatchGroup()
        for _ in 0..<workers { DispatchQueue.global().async(group: group) { run.workLoop() } }
        run.handOver(emit)
        run.stop(workers: workers)
        group.wait()
    }
}

/// The state one `inOrder` call shares with its workers: the next chunk to start, and a ring of
/// `window` chunk slots, slot `c % window` holding the results of chunk `c` until they are taken.
private final class OrderedRun<T: Sendable>: @unchecked Sendable {
    // Safety: the results of chunk `c` (slots `(c % window) * chunk ..< … + chunk`) are written by the
    // one worker that took `c` and read by the caller after that worker signalled `filled[c % window]`;
    // a worker takes chunk `c` only after `free` says chunk `c - window` has been handed over, so no
    // two live chunks share slots.
    private let slots: UnsafeMutableBufferPointer<T?>
    private let filled: [DispatchSemaphore]
    private let free: DispatchSemaphore
    private let next = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)
    private let count: Int, chunk: Int, window: Int
    let chunkCount: Int
    private let work: @Sendable (Int) -> T

    init(count: Int, chunk: Int, window: Int, work: @escaping @Sendable (Int) -> T) {
        self.count = count
        self.chunk = chunk
        chunkCount = (count + chunk - 1) / chunk
        self.window = Swift.min(window, chunkCount)
        self.work = work
        slots = .allocate(capacity: self.window * chunk)
        slots.initialize(repeating: nil)
        filled = (0..<self.window).map { _ in DispatchSemaphore(value: 0) }
        // Made empty and then given its permits: libdispatch traps when a semaphore is released with
        // fewer permits than it was created with, which a run stopped early leaves.
        free = DispatchSemaphore(value: 0)
        for _ in 0..<self.window { free.signal() }
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    /// The indices of chunk `c`.
    private func indices(_ c: Int) -> Range<Int> { c * chunk ..< Swift.min(count, c * chunk + chunk) }

    /// A worker: takes the next chunk while there is room in the window, until all are taken or the run stops.
    func workLoop() {
        while true {
            free.wait()
            if stopped.load(ordering: .acquiring) { return }
            let c = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard c < chunkCount else { return }
            let base = (c % window) * chunk
            for i in indices(c) { slots[base + i - c * chunk] = work(i) }
            filled[c % window].signal()
        }
    }

    /// Hands each result to `emit` in index order, waiting for each chunk, until all are handed over
    /// or `emit` returns false.
    func handOver(_ emit: (Int, T) -> Bool) {
        for c in 0..<chunkCount {
            filled[c % window].wait()
            let base = (c % window) * chunk
            for i in indices(c) {
                guard let result = slots[base + i - c * chunk] else { return }
                slots[base + i - c * chunk] = nil
                if !emit(i, result) { return }
            }
            free.signal()
        }
    }

    /// No chunk is started after this; wakes the workers waiting for room so that they end.
    func stop(workers: Int) {
        stopped.store(true, ordering: .releasing)
        for _ in 0..<workers { free.signal() }
    }
}

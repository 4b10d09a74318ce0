import Dispatch
import Synchronization
import ArchiveCore

/// Work over a source's archives on all cores, its results handed over in list order as they come:
/// a worker on each core takes the next few indices (a chunk) as soon as there is room (no batch
/// waits for its slowest item), and at most `window` results wait to be handed over, so memory holds
/// a fixed number of results whatever the number of archives. The caller runs the next chunk itself
/// when no worker has taken it after a short wait, so the run goes on even when no other thread is
/// free (the browser's jobs call this from the global queue, whose threads on Linux are about as many
/// as the cores).
extension SourceCheck {
    /// Indices a worker takes at once, most: a thread wakes once a chunk, not once an archive (for
    /// 100,000 small archives the wake-ups cost more than a tenth of the work).
    static let chunkLimit = 4

    /// Chunks computed or under way but not yet handed over, at most: two per core, so that a core
    /// finishing a chunk finds room for the next while the one before is handed over.
    static var chunkWindow: Int { Swift.max(4, Platform.processorCount * 2) }

    /// How long the caller waits for the next chunk before it checks whether any worker took it.
    static let patienceMilliseconds = 10

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
    package static func inOrder<T: Sendable>(count: Int, work: @escaping @Sendable (Int) -> T, emit: (Int, T) -> Bool) {
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
    // one thread that took `c` (a worker or the caller) and read by the caller after `filled[c % window]`
    // was signalled for it; a thread takes chunk `c` only after `free` says chunk `c - window` has been handed over, so no
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
            run(c)
        }
    }

    /// Computes chunk `c` into its slots and says it is done.
    private func run(_ c: Int) {
        let base = (c % window) * chunk
        for i in indices(c) { slots[base + i - c * chunk] = work(i) }
        filled[c % window].signal()
    }

    /// The caller's share when chunk `c` has not been taken: takes and runs the next chunk (`c`, or
    /// one after it when a worker took `c` meanwhile); false when `c` is taken or none can be (then a
    /// worker holds `c`, or the room its permit gave, and is running).
    private func helpWith(_ c: Int) -> Bool {
        guard next.load(ordering: .relaxed) <= c, free.wait(timeout: .now()) == .success else { return false }
        let taken = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard taken < chunkCount else {
            free.signal()
            return false
        }
        run(taken)
        return true
    }

    /// Hands each result to `emit` in index order, running the next chunk itself when no worker has
    /// taken it, until all are handed over or `emit` returns false.
    func handOver(_ emit: (Int, T) -> Bool) {
        for c in 0..<chunkCount {
            // A worker normally has it: the caller steps in only when a wait passes with chunk c
            // not taken (no thread free to run a worker), and adds no thread to the cores' work otherwise.
            while filled[c % window].wait(timeout: .now() + .milliseconds(SourceCheck.patienceMilliseconds)) == .timedOut {
                if !helpWith(c) {
                    filled[c % window].wait()
                    break
                }
            }
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

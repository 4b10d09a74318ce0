import Dispatch
import Synchronization

/// Splits whole-file passes across the machine's cores: the calling thread takes the first part (and
/// reports progress), other parts run on Dispatch's global queue. Results come back in order.
package enum Parallel {
    /// Number of parts to split work of `count` items into (1 for small inputs).
    static func parts(for count: Int) -> Int {
        count < 20_000 ? 1 : Swift.max(1, Swift.min(8, Platform.processorCount))
    }

    /// Runs `body` over consecutive ranges of `0..<count`. `body` gets its range and a `shouldStop`
    /// check; the first part also reports progress through `progress` (false cancels all parts).
    /// Returns nil when cancelled.
    package static func map<T: Sendable>(count: Int, progress: (Double) -> Bool,
                                 _ body: @escaping @Sendable (Range<Int>, _ shouldStop: () -> Bool) -> T) -> [T]? {
        let n = parts(for: count)
        let bounds = (0...n).map { count * $0 / n }
        let cancelled = Atomic<Bool>(false)
        let results = Mutex<[Int: T]>([:])
        let group = DispatchGroup()
        let stop: @Sendable () -> Bool = { cancelled.load(ordering: .relaxed) }
        for part in 1..<n {
            let range = bounds[part]..<bounds[part + 1]
            DispatchQueue.global().async(group: group) {
                let value = body(range, stop)
                results.withLock { $0[part] = value }
            }
        }
        let first = bounds[0]..<bounds[1]
        let firstCount = Swift.max(1, first.count)
        // The first part runs here, so progress is reported on the caller's thread.
        var reported = 0
        let value = body(first) {
            reported += 1
            if reported == 1 || reported % 4096 == 0, !progress(Double(reported) / Double(firstCount)) { cancelled.store(true, ordering: .relaxed) }
            return cancelled.load(ordering: .relaxed)
        }
        group.wait()
        if cancelled.load(ordering: .relaxed) { return nil }
        results.withLock { $0[0] = value }
        return results.withLock { dict in (0..<n).compactMap { dict[$0] } }
    }

    /// Runs `first` on the calling thread and `second` on another, and returns both results. For
    /// work of `count` items too small to split (see `parts(for:)`) both run here, one after the
    /// other: handing a small job to another thread costs more than it saves.
    package static func both<A: Sendable, B: Sendable>(count: Int, _ first: () -> A, _ second: @escaping @Sendable () -> B) -> (A, B) {
        guard parts(for: count) > 1 else { return (first(), second()) }
        let other = Mutex<B?>(nil)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            let value = second()
            other.withLock { $0 = value }
        }
        let mine = first()
        group.wait()
        guard let theirs = other.withLock({ $0 }) else { return (mine, second()) }  // not reached: `second` ran
        return (mine, theirs)
    }
}

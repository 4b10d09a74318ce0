import ArchiveModel
import Dispatch
import Synchronization

/// What the list shows of an archive beyond its entry and its check: its preview and the values of
/// the `--columns` asked for in its database row.
public struct SourceRowDetail: Sendable {
    package var preview: SourcePreview
    /// The `--columns` values, in the order asked (empty when none were asked or the archive is not
    /// a database cell); a text value cut to `SourceRowDetail.textLimit` characters.
    package var columns: [ArchiveSource.ColumnValue]

    /// Longest column text kept per row (the list shows a few characters of it).
    static let textLimit = 200

    /// The detail of `entry` of `source`: its preview (`SourcePreview`), then its row's `columns`.
    static func of(_ entry: SourceEntry, in source: ArchiveSource, columns: [String]) -> SourceRowDetail {
        let values = columns.isEmpty ? [] : source.columnValues(at: entry.place, columns) ?? []
        return SourceRowDetail(preview: SourcePreview.of(entry, in: source), columns: values.map { value in
            if case .text(let s, let cut) = value {
                let kept = ValueFormatter.cutMarked(s, limit: textLimit)
                return .text(kept.text, cut: cut || kept.wasCut)
            }
            return value
        })
    }
}

/// The background preview of a source's archives for its list (issue 38, item 3): the rows on screen
/// first (the run loop names them with `want`), then the rest in list order, so a search or a sort by
/// the preview covers every archive in the end; each archive once, a batch at a time on all cores
/// (`SourceCheck.inOrder`), the results collected for the run loop to take. Never on the UI thread;
/// cancelled when the list closes.
final class SourcePreviewJob: Sendable {
    private let source: ArchiveSource
    private let columns: [String]
    private struct Queue {
        /// Entries on screen, asked for first.
        var wanted: [Int] = []
        /// Per entry: taken for work already.
        var taken: [Bool]
        /// The next entry in list order.
        var next = 0
        /// Results not yet handed over.
        var results: [(entry: Int, detail: SourceRowDetail)] = []
    }
    private let queue: Mutex<Queue>
    private let cancelled = Atomic<Bool>(false)
    private let done = Atomic<Bool>(false)
    /// Archives worked on at once.
    static let batchSize = 16

    init(source: ArchiveSource, columns: [String]) {
        self.source = source
        self.columns = columns
        queue = Mutex(Queue(taken: Array(repeating: false, count: source.entries.count)))
    }

    func start() {
        DispatchQueue.global().async { [self] in
            run(limit: Int.max)
            done.store(true, ordering: .releasing)
        }
    }

    /// Runs on this thread (headless rendering and tests): the wanted entries, then the first `limit`
    /// in list order.
    func runHere(limit: Int) {
        run(limit: limit)
        done.store(true, ordering: .releasing)
    }

    /// Names the entries on screen, done before the others (replacing the last call's).
    func want(_ entries: [Int]) {
        queue.withLock { $0.wanted = entries }
    }

    /// The results finished since the last call.
    func take() -> [(entry: Int, detail: SourceRowDetail)] {
        queue.withLock { q in
            defer { q.results = [] }
            return q.results
        }
    }

    var isRunning: Bool { !done.load(ordering: .acquiring) }

    func cancel() { cancelled.store(true, ordering: .relaxed) }

    private func run(limit: Int) {
        let entries = source.entries, source = self.source, columns = self.columns
        while !cancelled.load(ordering: .relaxed) {
            let batch = nextBatch(limit: limit)
            if batch.isEmpty { return }
            SourceCheck.inOrder(count: batch.count, work: { SourceRowDetail.of(entries[batch[$0]], in: source, columns: columns) }) { i, detail in
                queue.withLock { $0.results.append((batch[i], detail)) }
                return !cancelled.load(ordering: .relaxed)
            }
        }
    }

    /// Up to `batchSize` entries not yet taken: wanted ones first, then the next in list order (below `limit`).
    private func nextBatch(limit: Int) -> [Int] {
        queue.withLock { q in
            var batch: [Int] = []
            for entry in q.wanted where batch.count < Self.batchSize && q.taken.indices.contains(entry) && !q.taken[entry] {
                q.taken[entry] = true
                batch.append(entry)
            }
            let end = min(limit, q.taken.count)
            while batch.count < Self.batchSize, q.next < end {
                if !q.taken[q.next] {
                    q.taken[q.next] = true
                    batch.append(q.next)
                }
                q.next += 1
            }
            return batch
        }
    }
}

import ArchiveCore

/// The object ids of a bplist in offset order (ids outside the object area left out), for the layout
/// checks of the full check: shared offsets, overlaps and bytes no object covers.
///
/// Writers put objects in id order, some with the top object last, so a table is usually one or two
/// increasing runs of offsets; those are merged as they are read, without an array of all offsets. A
/// table with more runs (damage, hand-made files) is sorted.
enum BinaryPlistOffsetOrder: Sendable {
    /// Ranges of ids whose offsets increase, merged when iterated.
    case runs([Range<Int>])
    /// The ids, sorted by offset then id.
    case sorted([Int])

    /// Most runs merged on the fly; a table with more is sorted.
    static let mergedRunLimit = 16

    /// The order of ids `0..<count`; `offsetOf` gives an id's offset, or -1 for ids to leave out.
    init(count n: Int, offsetOf: (Int) -> Int) {
        var runs: [Range<Int>] = []
        var start = 0, last = -1
        for id in 0..<n {
            let offset = offsetOf(id)
            guard offset >= 0 else { continue }
            if offset <= last {
                runs.append(start..<id)
                start = id
                if runs.count >= Self.mergedRunLimit {
                    let offsets = (0..<n).map(offsetOf)
                    self = .sorted(offsets.indices.filter { offsets[$0] >= 0 }.sorted { (offsets[$0], $0) < (offsets[$1], $1) })
                    return
                }
            }
            last = offset
        }
        runs.append(start..<n)
        self = .runs(runs)
    }

    /// Calls `body` with each id and its offset, by offset then id.
    func forEach(offsetOf: (Int) -> Int, _ body: (_ id: Int, _ offset: Int) -> Void) {
        switch self {
        case .sorted(let ids):
            for id in ids { body(id, offsetOf(id)) }
        case .runs(let runs):
            var cursor = runs.map(\.lowerBound)
            var head = [Int](repeating: .max, count: runs.count)   // offset at the cursor; .max when done
            func advance(_ r: Int) {
                while cursor[r] < runs[r].upperBound {
                    let offset = offsetOf(cursor[r])
                    if offset >= 0 { head[r] = offset; return }
                    cursor[r] += 1
                }
                head[r] = .max
            }
            for r in runs.indices { advance(r) }
            while true {
                var best = -1
                for r in runs.indices where head[r] != .max && (best < 0 || head[r] < head[best]) { best = r }
                guard best >= 0 else { return }
                body(cursor[best], head[best])
                cursor[best] += 1
                advance(best)
            }
        }
    }
}

import ArchiveCore

/// Which object each value of the value table belongs to, so that a whole-graph pass decodes every
/// value once, however the objects' runs of values overlap.
///
/// ibtool writes each object's values as a run of their own, so the runs never overlap and every
/// value belongs to one object. A damaged or hostile file can give thousands of objects the same
/// million values: decoding each object's whole run would then cost objects × values. When runs
/// overlap, each value is shown under the lowest-numbered object that lists it (its owner), and other
/// objects show a stand-in for the stretches owned elsewhere, so a pass costs O(objects + values).
struct NIBValueRuns: Sendable {
    /// A stretch `[first, end)` of the value table.
    struct Stretch: Sendable, Equatable {
        var first: Int
        var end: Int
        var count: Int { end - first }
    }

    /// Whether any two objects' runs share a value.
    let overlapping: Bool
    /// Stretches of values that no object lists (in ibtool's order, below the declared value count:
    /// the full check clips them to the values that exist).
    let unowned: [Stretch]
    /// With overlapping runs: the owner of each value (-1 for none), and each object's owned stretches
    /// (`owned[ownedStart[id]..<ownedStart[id + 1]]`). Empty otherwise.
    private let owner: [Int32]
    private let ownedStart: [Int32]
    private let owned: [Stretch]

    /// With `gapsInOrder` (the object scan found the runs in ibtool's order, each starting where the
    /// one before ended, and these gaps between them, below the declared value count) nothing more is
    /// read or stored; otherwise `runs` lists the runs (in id order, clipped to the `valueCount` values
    /// that exist), which are sorted.
    init(gapsInOrder: [Stretch]?, runs: () -> (runs: [Stretch], valueCount: Int)) {
        if let gapsInOrder {
            self.init(overlapping: false, unowned: gapsInOrder, owners: ([], [], []))
        } else {
            let (list, valueCount) = runs()
            self.init(runs: list, valueCount: valueCount)
        }
    }

    /// The runs of the objects, listed in id order and clipped to the values that exist.
    init(runs: [Stretch], valueCount: Int) {
        let sorted = runs.filter { $0.count > 0 }.sorted { ($0.first, $0.end) < ($1.first, $1.end) }
        var overlaps = false
        var gaps: [Stretch] = []
        var covered = 0
        for run in sorted {
            if run.first < covered { overlaps = true }
            if run.first > covered { gaps.append(Stretch(first: covered, end: run.first)) }
            covered = Swift.max(covered, run.end)
        }
        if valueCount > covered { gaps.append(Stretch(first: covered, end: valueCount)) }
        self.init(overlapping: overlaps, unowned: gaps, owners: overlaps ? Self.assignOwners(runs, valueCount: valueCount) : ([], [], []))
    }

    private init(overlapping: Bool, unowned: [Stretch], owners: ([Int32], [Int32], [Stretch])) {
        self.overlapping = overlapping
        self.unowned = unowned
        (owner, ownedStart, owned) = owners
    }

    /// Gives each value to the first object (in id order) whose run lists it. `next` finds the next
    /// value without an owner (a union-find with path halving), so values already owned are skipped in
    /// amortised constant time and the whole assignment costs O(objects + values).
    private static func assignOwners(_ runs: [Stretch], valueCount: Int) -> ([Int32], [Int32], [Stretch]) {
        var owner = [Int32](repeating: -1, count: valueCount)
        var next = [Int32](unsafeUninitializedCapacity: valueCount + 1) { buffer, count in
            for i in 0...valueCount { buffer[i] = Int32(truncatingIfNeeded: i) }
            count = valueCount + 1
        }
        func find(_ v: Int) -> Int {
            var v = v
            while Int(next[v]) != v {
                next[v] = next[Int(next[v])]
                v = Int(next[v])
            }
            return v
        }
        var starts: [Int32] = [0]
        starts.reserveCapacity(runs.count + 1)
        var stretches: [Stretch] = []
        for (id, run) in runs.enumerated() {
            var v = run.count > 0 ? find(run.first) : run.end
            while v < run.end {
                let start = v
                while v < run.end, Int(next[v]) == v {
                    owner[v] = Int32(truncatingIfNeeded: id)
                    next[v] = Int32(truncatingIfNeeded: v + 1)
                    v += 1
                }
                stretches.append(Stretch(first: start, end: v))
                v = v < run.end ? find(v) : v
            }
            starts.append(Int32(truncatingIfNeeded: stretches.count))
        }
        return (owner, starts, stretches)
    }

    /// The stretches of `run` (object `id`'s run, clipped) in order, each marked with the object that
    /// shows it: `id` itself, or the owner of a stretch listed by an earlier object.
    func pieces(of run: Stretch, id: Int) -> [(stretch: Stretch, shownBy: Int)] {
        guard overlapping, id >= 0, id + 1 < ownedStart.count else { return run.count > 0 ? [(run, id)] : [] }
        var result: [(Stretch, Int)] = []
        var position = run.first
        for own in owned[Int(ownedStart[id])..<Int(ownedStart[id + 1])] {
            if own.first > position { result.append((Stretch(first: position, end: own.first), Int(owner[position]))) }
            result.append((own, id))
            position = own.end
        }
        if run.end > position { result.append((Stretch(first: position, end: run.end), Int(owner[position]))) }
        return result
    }
}

/// A keyed `NSAttributeInfo` (base-128 numbers, a run length then an attribute index per run) read once
/// into a checkpoint every `stride` runs, so that measuring it against a string costs O(log runs +
/// stride) however long it is: one info that many attributed strings name is decoded once, not once
/// for each of them.
package struct AttributeRunTable: Sendable {
    /// Runs between checkpoints.
    static let stride = 64

    /// Where a run starts: its byte offset in the info, its start in UTF-16 units (saturating), and
    /// the largest attribute index of the runs before it (nil for the first run).
    struct Checkpoint: Sendable {
        var offset: Int
        var start: Int
        var maxBefore: UInt64?
    }

    package let info: [UInt8]
    private(set) var checkpoints: [Checkpoint] = []
    /// Number of complete runs.
    private(set) var runCount = 0
    /// False when the info ends inside a number or after a run length.
    private(set) var complete = true

    package init(_ info: [UInt8]) {
        self.info = info
        var cursor = Cursor(offset: 0, start: 0, maxIndex: nil)
        while cursor.offset < info.count {
            if runCount % Self.stride == 0 {
                checkpoints.append(Checkpoint(offset: cursor.offset, start: cursor.start, maxBefore: cursor.maxIndex))
            }
            guard next(&cursor) != nil else { complete = false; break }
            runCount += 1
        }
        if checkpoints.count * Self.stride > runCount, runCount % Self.stride == 0 { checkpoints.removeLast() }
    }

    /// Reading position: byte offset, start of the next run, largest index so far.
    private struct Cursor {
        var offset: Int
        var start: Int
        var maxIndex: UInt64?
    }

    /// The run at the cursor (start, end, attribute index), moving past it; nil when the info ends
    /// inside it.
    private func next(_ cursor: inout Cursor) -> (start: Int, end: Int, index: UInt64)? {
        guard let length = number(&cursor.offset), let index = number(&cursor.offset) else { return nil }
        let start = cursor.start
        let end = start.addingReportingOverflow(Int(clamping: length))
        cursor.start = end.overflow ? Int.max : end.partialValue
        cursor.maxIndex = Swift.max(cursor.maxIndex ?? 0, index)
        return (start, cursor.start, index)
    }

    /// One base-128 number at `offset` (see `LEB128`), moving past it; nil at the end or past 64 bits.
    private func number(_ offset: inout Int) -> UInt64? {
        var value: UInt64 = 0, shift: UInt64 = 0
        while offset < info.count {
            let byte = info[offset]
            offset += 1
            let group = UInt64(byte & 0x7F)
            guard shift < 64, shift == 0 || group >> (64 - shift) == 0 else { return nil }
            value |= group << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        return nil
    }

    /// The runs measured against a string of `length` UTF-16 units whose `NSAttributes` holds
    /// `attributes` dictionaries (nil when unknown): the run problems, and the first run a reader
    /// applies that names a dictionary past the end (run number and index).
    package func measure(length: Int, attributes: Int?) -> (problems: [AttributedStringRuns.Problem], badIndex: (run: Int, index: UInt64)?) {
        // An empty string reads no run at all (swift-corelibs-foundation returns before them).
        guard length > 0 else { return (runCount > 0 ? [.extra(first: 0, count: runCount, length: 0)] : [], nil) }
        guard runCount > 0 else { return ([.short(runs: 0, covered: 0, length: length, truncated: !complete)], nil) }
        // The last checkpoint whose run starts inside the string; the end is within `stride` runs of it.
        let k = lastCheckpoint { $0.start < length }
        var cursor = Cursor(offset: checkpoints[k].offset, start: checkpoints[k].start, maxIndex: checkpoints[k].maxBefore)
        var run = k * Self.stride
        var problems: [AttributedStringRuns.Problem] = []
        var applied = runCount
        while run < runCount, let (start, end, _) = next(&cursor) {
            if start >= length {
                problems.append(.extra(first: run, count: runCount - run, length: length))
                applied = run
                break
            }
            if end > length {
                problems.append(.pastEnd(index: run, start: start, end: end, length: length))
                if run + 1 < runCount { problems.append(.extra(first: run + 1, count: runCount - run - 1, length: length)) }
                applied = run + 1
                break
            }
            run += 1
        }
        if applied == runCount, cursor.start < length {
            problems.append(.short(runs: runCount, covered: cursor.start, length: length, truncated: !complete))
        }
        return (problems, attributes.flatMap { firstIndex(atLeast: $0, before: applied) })
    }

    /// The first of the first `applied` runs whose attribute index is `count` or more.
    private func firstIndex(atLeast count: Int, before applied: Int) -> (run: Int, index: UInt64)? {
        let limit = UInt64(Swift.max(0, count))
        // Checkpoints up to k saw only indexes below the count; the offending run is after checkpoint k.
        let k = lastCheckpoint { ($0.maxBefore ?? 0) < limit || $0.maxBefore == nil }
        var cursor = Cursor(offset: checkpoints[k].offset, start: checkpoints[k].start, maxIndex: checkpoints[k].maxBefore)
        var run = k * Self.stride
        while run < applied, let (_, _, index) = next(&cursor) {
            if index >= limit { return (run, index) }
            run += 1
        }
        return nil
    }

    /// The last checkpoint satisfying `holds`, which holds for a prefix of them (at least the first).
    private func lastCheckpoint(_ holds: (Checkpoint) -> Bool) -> Int {
        var low = 0, high = checkpoints.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if holds(checkpoints[mid]) { low = mid } else { high = mid - 1 }
        }
        return low
    }
}

/// The whole-file pass over a bplist: every object decoded once, then the checks a debugger needs
/// beyond CF's (overlaps, unreferenced bytes and objects, container cycles, nesting depth).
struct BinaryPlistFullCheck {
    let tree: BinaryPlistTree
    let layout: BinaryPlistLayout
    /// Each object's decoded range (-1 when it has none), 4 bytes a value in files under 4 GiB.
    private var starts: OffsetColumn
    private var ends: OffsetColumn
    /// Children of every object as one flat list (CSR): those of object i are
    /// `childIDs[childStart[i]..<childStart[i + 1]]`; -1 stands for a reference out of range.
    private var childStart: OffsetColumn
    private var childIDs: [Int32] = []
    private var found: [Diagnostic] = []
    /// The objects inside the object area by offset (set by `run`).
    private var offsetOrder = BinaryPlistOffsetOrder.runs([])
    /// Objects that share their offset with a lower one: id → the first object at that offset.
    private(set) var sharers: [Int: Int] = [:]

    /// Unreferenced objects reported one by one; the rest are summed up in one note.
    static let listedUnreferenced = 8

    /// CF's nesting limit on macOS (FORMATS.md A.8).
    static let maxDepth = 512

    init(tree: BinaryPlistTree, layout: BinaryPlistLayout) {
        self.tree = tree
        self.layout = layout
        starts = OffsetColumn()
        ends = OffsetColumn()
        childStart = OffsetColumn()
    }

    /// What one part of the decode pass found.
    struct Part: Sendable {
        var starts: OffsetColumn, ends: OffsetColumn, childCounts: OffsetColumn
        var childIDs: [Int32] = [], diagnostics: [Diagnostic] = []

        init(capacity: Int) {
            starts = OffsetColumn(capacity: capacity)
            ends = OffsetColumn(capacity: capacity)
            childCounts = OffsetColumn(capacity: capacity)
        }
    }

    /// All diagnostics of the pass, or nil when cancelled.
    ///
    /// Objects that share an offset with a lower-numbered object (a damaged or hand-made table) are not
    /// decoded again: they take that object's extent and children, and its diagnostics are reported
    /// once, for the first object; `bplist.offset.duplicate` names the others.
    mutating func run(progress: (Double) -> Bool) -> [Diagnostic]? {
        let n = layout.objectCount
        let input = tree.input, layout = self.layout
        let (order, sharers) = Self.offsetOrder(layout, input)
        offsetOrder = order
        self.sharers = sharers
        let firstAtOffset = sharers
        guard var parts = Parallel.map(count: n, progress: { progress($0 * 0.9) }, { range, shouldStop in
            let decoder = BinaryPlistObjectDecoder(input: input, layout: layout, materialize: false)
            var part = Part(capacity: range.count)
            for id in range {
                if shouldStop() { break }
                guard firstAtOffset[id] == nil else { part.starts.append(-1); part.ends.append(-1); part.childCounts.append(0); continue }
                let before = part.childIDs.count
                let node = decoder.decodeForCheck(id: id, children: &part.childIDs)
                part.diagnostics.append(contentsOf: node.diagnostics)
                part.starts.append(node.range?.start ?? -1)
                part.ends.append(node.range?.end ?? -1)
                part.childCounts.append(part.childIDs.count - before)
            }
            return part
        }) else { return nil }
        starts = OffsetColumn(capacity: n)
        ends = OffsetColumn(capacity: n)
        childStart = OffsetColumn(capacity: n + 1)
        childIDs.reserveCapacity(parts.reduce(0) { $0 + $1.childIDs.count })
        childStart.append(0)
        var childTotal = 0
        // Each part is released once joined, so the parts and the joined columns are not all alive at once.
        for i in parts.indices {
            let part = parts[i]
            parts[i] = Part(capacity: 0)
            starts.append(contentsOf: part.starts); ends.append(contentsOf: part.ends); childIDs += part.childIDs
            for c in 0..<part.childCounts.count {
                childTotal += part.childCounts[c]
                childStart.append(childTotal)
            }
            found += part.diagnostics
        }
        parts = []
        copyShared(firstAtOffset)
        checkLayout()
        checkGraph()
        let audit = BinaryPlistChainAudit(input: input, layout: layout, starts: starts, ends: ends)
        found = BinaryPlistChainAudit.fold(audit.findings(), into: found)
        _ = progress(1)
        return found
    }

    /// The objects in the object area by offset, and those that share an offset with a lower id
    /// (id → the first object at that offset).
    static func offsetOrder(_ layout: BinaryPlistLayout, _ input: InputBytes) -> (BinaryPlistOffsetOrder, [Int: Int]) {
        let offsetOf = { (id: Int) in Self.areaOffset(of: id, layout, input) }
        let order = BinaryPlistOffsetOrder(count: layout.objectCount, offsetOf: offsetOf)
        var sharers: [Int: Int] = [:]
        if case .runs(let runs) = order, runs.count <= 1 { return (order, sharers) } // offsets strictly increase
        var previous = (id: -1, offset: -1)
        order.forEach(offsetOf: offsetOf) { id, offset in
            if offset == previous.offset { sharers[id] = sharers[previous.id] ?? previous.id }
            previous = (id, offset)
        }
        return (order, sharers)
    }

    /// The offset of object `id` when it lies in the object area, else -1.
    private static func areaOffset(of id: Int, _ layout: BinaryPlistLayout, _ input: InputBytes) -> Int {
        guard let offset = layout.offset(of: id, in: input), offset >= 8, offset < layout.objectAreaEnd else { return -1 }
        return offset
    }

    /// Gives each object that was not decoded (it shares its offset) the extent of the first object at
    /// that offset. Its children are not copied (N sharers of one K-child container would be N×K ids
    /// from a table of N entries): the graph walk reads them through the first object.
    private mutating func copyShared(_ firstAtOffset: [Int: Int]) {
        for (id, first) in firstAtOffset { starts[id] = starts[first]; ends[id] = ends[first] }
    }

    /// Whether a non-empty container has two parents (or one parent listing it twice).
    func sharesContainers() -> Bool {
        guard childStart.count > 1 else { return false }
        if sharers.contains(where: { childStart[$0.value + 1] > childStart[$0.value] }) { return true } // one container, many ids
        var seen = [Bool](repeating: false, count: childStart.count - 1)
        for child in childIDs where child >= 0 {
            let c = Int(child)
            guard childStart[c + 1] > childStart[c] else { continue }
            if seen[c] { return true }
            seen[c] = true
        }
        return false
    }

    /// Duplicate offsets, overlapping objects and bytes no object covers.
    private mutating func checkLayout() {
        let (input, layout) = (tree.input, self.layout)
        var coveredTo = 8
        var previous: Int? = nil
        var problems: [Diagnostic] = []
        offsetOrder.forEach(offsetOf: { Self.areaOffset(of: $0, layout, input) }) { id, _ in
            guard starts[id] >= 0 else { return }
            let s = starts[id], e = ends[id]
            if s > coveredTo {
                problems.append(Diagnostic(.bytesUnreferenced(start: coveredTo, end: s), range: ByteRange(coveredTo, s)))
            }
            if let p = previous, s < ends[p] {
                // The later object's table entry is the likelier culprit: it is named in a note.
                let entry = [DiagnosticNote("the offset-table entry that places object \(id) here", range: layout.tableEntryRange(of: id))]
                if s == starts[p] {
                    problems.append(Diagnostic(.offsetDuplicate(first: p, object: id, offset: s), range: ByteRange(s, e), object: id, notes: entry))
                } else {
                    let issue = BinaryPlistIssue.objectOverlap(object: id, range: ByteRange(s, e), other: p, otherRange: ByteRange(starts[p], ends[p]))
                    problems.append(Diagnostic(issue, range: ByteRange(s, Swift.min(e, ends[p])), object: id, notes: entry))
                }
            }
            if previous == nil || e > ends[previous ?? 0] { previous = id }
            coveredTo = Swift.max(coveredTo, e)
        }
        found += problems
        if coveredTo < layout.tableOffset {
            found.append(Diagnostic(.bytesUnreferenced(start: coveredTo, end: layout.tableOffset), range: ByteRange(coveredTo, layout.tableOffset)))
        }
    }

    /// Iterative depth-first walk from the top object: container cycles, depth, unreferenced objects.
    private mutating func checkGraph() {
        let n = layout.objectCount
        var colour = [UInt8](repeating: 0, count: n) // 0 unseen, 1 on path, 2 done
        var reportedDepth = false
        var stack: [(id: Int, next: Int)] = []
        // An object that shares its offset is reached, and the walk goes on at the first object there,
        // so the children of N such objects are walked once, not N times.
        let sharers = self.sharers
        func resolve(_ id: Int) -> Int {
            guard let first = sharers[id] else { return id }
            if colour[id] == 0 { colour[id] = 2 }
            return first
        }
        if let top = layout.topObject, top < n { let t = resolve(top); colour[t] = 1; stack.append((t, 0)) }
        while let frame = stack.last {
            let first = childStart[frame.id], count = childStart[frame.id + 1] - first
            if frame.next == count { colour[frame.id] = 2; stack.removeLast(); continue }
            stack[stack.count - 1].next += 1
            let position = frame.next
            var child = Int(childIDs[first + position])
            guard child >= 0, child < n else { continue }
            if !sharers.isEmpty { child = resolve(child) }
            if colour[child] == 1 {
                found.append(Diagnostic(.containerCycle(object: frame.id, child: child, position: describe(position, in: frame.id)),
                    range: starts[frame.id] >= 0 ? ByteRange(starts[frame.id], ends[frame.id]) : nil, object: frame.id))
            } else if colour[child] == 0 {
                // Reported once; the walk goes on (its stack is an array), so the objects below stay
                // reachable and cycles below are still found.
                if stack.count >= Self.maxDepth, !reportedDepth {
                    reportedDepth = true
                    found.append(Diagnostic(.depthExceeded(limit: Self.maxDepth, object: child),
                        range: starts[child] >= 0 ? ByteRange(starts[child], ends[child]) : nil, object: child))
                }
                colour[child] = 1
                stack.append((child, 0))
            }
        }
        reportUnreferenced(colour)
    }

    /// Which of a container's references `position` is: `key 4` or `the value of key 4` in a
    /// dictionary (its keys and values are listed in pairs), else `item 4`.
    private func describe(_ position: Int, in id: Int) -> String {
        let isDict = starts[id] >= 0 && tree.input.byte(at: starts[id]).map { $0 >> 4 == 0xD } == true
        guard isDict else { return "item \(position)" }
        return position % 2 == 0 ? "key \(position / 2)" : "the value of key \(position / 2)"
    }

    private mutating func reportUnreferenced(_ colour: [UInt8]) {
        var colour = colour
        // Objects that share an offset are one set of bytes (CF reads them as one object): reaching
        // any of them reaches all (each sharer already has its `bplist.offset.duplicate` warning).
        for (id, first) in sharers where colour[first] != 0 || colour[id] != 0 { colour[id] = 2; colour[first] = 2 }
        let lost = colour.indices.filter { colour[$0] == 0 }
        guard !lost.isEmpty, layout.topObject != nil else { return }
        for id in lost.prefix(Self.listedUnreferenced) where starts[id] >= 0 {
            found.append(Diagnostic(.objectUnreferenced(object: id), range: ByteRange(starts[id], ends[id]), object: id))
        }
        if lost.count > Self.listedUnreferenced {
            let rest = lost.dropFirst(Self.listedUnreferenced)
            let first = rest.first { starts[$0] >= 0 }
            found.append(Diagnostic(.objectsUnreferencedMore(count: rest.count, first: Array(rest.prefix(8))),
                range: first.map { ByteRange(starts[$0], ends[$0]) }))
        }
    }
}

import ArchiveCore

/// The whole-file pass over a bplist: every object decoded once, then the checks a debugger needs
/// beyond CF's (overlaps, unreferenced bytes and objects, container cycles, nesting depth).
struct BinaryPlistFullCheck: Sendable {
    let tree: BinaryPlistTree
    let layout: BinaryPlistLayout
    /// Each object's decoded range and children (set by `run`).
    private(set) var extents: BinaryPlistExtents
    private var found: [Diagnostic] = []
    /// The objects inside the object area by offset (set by `run`).
    private var offsetOrder = BinaryPlistOffsetOrder.runs([])
    /// Objects that share their offset with a lower one: id → the first object at that offset.
    private(set) var sharers: [Int: Int] = [:]
    /// The objects that decoded to an invalid value, ascending (set by `run`).
    private(set) var invalidIDs: [Int32] = []

    /// Unreferenced objects reported one by one; the rest are summed up in one note.
    static let listedUnreferenced = 8

    /// CF's nesting limit on macOS (FORMATS.md A.8).
    static let maxDepth = 512

    init(tree: BinaryPlistTree, layout: BinaryPlistLayout) {
        self.tree = tree
        self.layout = layout
        extents = BinaryPlistExtents(parts: [], decoder: BinaryPlistObjectDecoder(input: tree.input, layout: layout, materialize: false))
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
            var part = BinaryPlistExtents.Part(base: range.lowerBound, capacity: range.count)
            for id in range {
                if shouldStop() { break }
                guard firstAtOffset[id] == nil else { part.add(end: -1); continue }
                var children = 0
                let node = decoder.decodeForCheck(id: id, childCount: &children)
                part.diagnostics.append(contentsOf: node.diagnostics)
                // The node starts at the object's offset in the table (`BinaryPlistExtents.start`).
                part.add(end: node.range?.end ?? -1, hasChildren: children > 0)
                if case .invalid = node.value { part.invalidIDs.append(Int32(truncatingIfNeeded: id)) }
            }
            return part
        }) else { return nil }
        for i in parts.indices {
            found += parts[i].diagnostics
            invalidIDs += parts[i].invalidIDs
            parts[i].diagnostics = []
            parts[i].invalidIDs = []
        }
        // The children are not kept: the walks below read them from the file again (`references(of:)`).
        extents = BinaryPlistExtents(parts: parts, decoder: BinaryPlistObjectDecoder(input: input, layout: layout, materialize: false))
        parts = []
        copyShared(firstAtOffset)
        // The three whole-file walks read the same tables and are independent: the layout checks and
        // the chain audit on this thread, the graph walk on another.
        let check = self
        let ((layoutFound, findings), graphFound) = Parallel.both(count: n, {
            (check.layoutDiagnostics(), BinaryPlistChainAudit(input: input, layout: layout, extents: check.extents).findings())
        }, { check.graphDiagnostics() })
        found += layoutFound + graphFound
        found = BinaryPlistChainAudit.fold(findings, into: found)
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
    /// that offset (the same start: the same offset). Its children are not copied (N sharers of one K-child container would be N×K ids
    /// from a table of N entries): the graph walk reads them through the first object.
    private mutating func copyShared(_ firstAtOffset: [Int: Int]) {
        for (id, first) in firstAtOffset { extents.setEnd(id, extents.end(first)) }
    }

    /// Whether a non-empty container has two parents (or one parent listing it twice).
    func sharesContainers() -> Bool {
        guard extents.count > 0 else { return false }
        if sharers.contains(where: { extents.hasChildren($0.value) }) { return true } // one container, many ids
        var seen = [Bool](repeating: false, count: extents.count)
        var shared = false
        extents.forEachChild { child in
            guard extents.hasChildren(child) else { return true }
            if seen[child] { shared = true; return false }
            seen[child] = true
            return true
        }
        return shared
    }

    /// Duplicate offsets, overlapping objects and bytes no object covers.
    private func layoutDiagnostics() -> [Diagnostic] {
        let (input, layout) = (tree.input, self.layout)
        var coveredTo = 8
        var previous: Int? = nil
        var problems: [Diagnostic] = []
        offsetOrder.forEach(offsetOf: { Self.areaOffset(of: $0, layout, input) }) { id, offset in
            // A decoded object starts at its offset in the table, in the object area (`BinaryPlistExtents.start`).
            let e = extents.end(id)
            guard e >= 0, offset >= 0 else { return }
            let s = offset
            if s > coveredTo {
                problems.append(Diagnostic(.bytesUnreferenced(start: coveredTo, end: s), range: ByteRange(coveredTo, s)))
            }
            if let p = previous, s < extents.end(p) {
                // The later object's table entry is the likelier culprit: it is named in a note.
                let entry = [DiagnosticNote("the offset-table entry that places object \(id) here", range: layout.tableEntryRange(of: id))]
                if s == extents.start(p) {
                    problems.append(Diagnostic(.offsetDuplicate(first: p, object: id, offset: s), range: ByteRange(s, e), object: id, notes: entry))
                } else {
                    let issue = BinaryPlistIssue.objectOverlap(object: id, range: ByteRange(s, e), other: p, otherRange: ByteRange(extents.start(p), extents.end(p)))
                    problems.append(Diagnostic(issue, range: ByteRange(s, Swift.min(e, extents.end(p))), object: id, notes: entry))
                }
            }
            if previous == nil || e > extents.end(previous ?? 0) { previous = id }
            coveredTo = Swift.max(coveredTo, e)
        }
        if coveredTo < layout.tableOffset {
            problems.append(Diagnostic(.bytesUnreferenced(start: coveredTo, end: layout.tableOffset), range: ByteRange(coveredTo, layout.tableOffset)))
        }
        return problems
    }

    /// Iterative depth-first walk from the top object: container cycles, depth, unreferenced objects.
    private func graphDiagnostics() -> [Diagnostic] {
        let n = layout.objectCount
        var found: [Diagnostic] = []
        var colour = [UInt8](repeating: 0, count: n) // 0 unseen, 1 on path, 2 done
        var reportedDepth = false
        var stack: [(id: Int, next: Int, refs: BinaryPlistExtents.References)] = []
        // An object that shares its offset is reached, and the walk goes on at the first object there,
        // so the children of N such objects are walked once, not N times.
        let sharers = self.sharers
        func resolve(_ id: Int) -> Int {
            guard let first = sharers[id] else { return id }
            if colour[id] == 0 { colour[id] = 2 }
            return first
        }
        if let top = layout.topObject, top < n { let t = resolve(top); colour[t] = 1; stack.append((t, 0, extents.references(of: t))) }
        while let frame = stack.last {
            if frame.next == frame.refs.count { colour[frame.id] = 2; stack.removeLast(); continue }
            stack[stack.count - 1].next += 1
            let position = frame.next
            var child = extents.child(frame.refs, position)
            guard child >= 0, child < n else { continue }
            if !sharers.isEmpty { child = resolve(child) }
            if colour[child] == 1 {
                found.append(Diagnostic(.containerCycle(object: frame.id, child: child, position: describe(position, in: frame.id)),
                    range: extents.start(frame.id) >= 0 ? ByteRange(extents.start(frame.id), extents.end(frame.id)) : nil, object: frame.id))
            } else if colour[child] == 0 {
                // Reported once; the walk goes on (its stack is an array), so the objects below stay
                // reachable and cycles below are still found.
                if stack.count >= Self.maxDepth, !reportedDepth {
                    reportedDepth = true
                    found.append(Diagnostic(.depthExceeded(limit: Self.maxDepth, object: child),
                        range: extents.start(child) >= 0 ? ByteRange(extents.start(child), extents.end(child)) : nil, object: child))
                }
                colour[child] = 1
                stack.append((child, 0, extents.references(of: child)))
            }
        }
        reportUnreferenced(colour, into: &found)
        return found
    }

    /// Which of a container's references `position` is: `key 4` or `the value of key 4` in a
    /// dictionary (its keys and values are listed in pairs), else `item 4`.
    private func describe(_ position: Int, in id: Int) -> String {
        let isDict = extents.start(id) >= 0 && tree.input.byte(at: extents.start(id)).map { $0 >> 4 == 0xD } == true
        guard isDict else { return "item \(position)" }
        return position % 2 == 0 ? "key \(position / 2)" : "the value of key \(position / 2)"
    }

    private func reportUnreferenced(_ colour: [UInt8], into found: inout [Diagnostic]) {
        var colour = colour
        // Objects that share an offset are one set of bytes (CF reads them as one object): reaching
        // any of them reaches all (each sharer already has its `bplist.offset.duplicate` warning).
        for (id, first) in sharers where colour[first] != 0 || colour[id] != 0 { colour[id] = 2; colour[first] = 2 }
        let lost = colour.indices.filter { colour[$0] == 0 }
        guard !lost.isEmpty, layout.topObject != nil else { return }
        for id in lost.prefix(Self.listedUnreferenced) where extents.start(id) >= 0 {
            found.append(Diagnostic(.objectUnreferenced(object: id), range: ByteRange(extents.start(id), extents.end(id)), object: id))
        }
        if lost.count > Self.listedUnreferenced {
            let rest = lost.dropFirst(Self.listedUnreferenced)
            let first = rest.first { extents.start($0) >= 0 }
            found.append(Diagnostic(.objectsUnreferencedMore(count: rest.count, first: Array(rest.prefix(8))),
                range: first.map { ByteRange(extents.start($0), extents.end($0)) }))
        }
    }
}

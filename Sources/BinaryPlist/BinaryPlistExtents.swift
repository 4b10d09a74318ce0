

@_spi(ArchiveInternals) import ArchiveCore

/// What the decode pass of a bplist's full check found for every object: its decoded range and its
/// children (references out of range as -1). Kept as the parts the parallel pass made, read in place:
/// joining them would hold every value twice at the pass's peak.
struct BinaryPlistExtents: Sendable {
    /// What one part of the decode pass found, for objects `base..<base + starts.count`.
    struct Part: Sendable {
        let base: Int
        var starts = OffsetColumn(), ends = OffsetColumn()
        /// Children of the part's object `i` are `childIDs[childStart[i]..<childStart[i + 1]]`.
        var childStart = OffsetColumn()
        var childIDs: [Int32] = []
        var diagnostics: [Diagnostic] = []
        /// Objects of the part that decoded to an invalid value, in order.
        var invalidIDs: [Int32] = []

        init(base: Int, capacity: Int) {
            self.base = base
            starts.reserve(capacity); ends.reserve(capacity); childStart.reserve(capacity + 1)
            childStart.append(0)
        }

        /// Records the next object: its range and that its children are those appended since the last.
        mutating func add(start: Int, end: Int) {
            starts.append(start); ends.append(end); childStart.append(childIDs.count)
        }
    }

    private var parts: [Part]
    /// Number of objects.
    let count: Int

    /// The parts in order; each must start where the one before ends.
    init(parts: [Part]) {
        self.parts = parts.filter { $0.starts.count > 0 }
        count = parts.reduce(0) { $0 + $1.starts.count }
    }

    private func part(of id: Int) -> Int {
        var k = 0
        while k + 1 < parts.count, id >= parts[k + 1].base { k += 1 }
        return k
    }

    /// Where object `id` starts, -1 when it was not decoded.
    func start(_ id: Int) -> Int {
        let k = part(of: id)
        return parts[k].starts[id - parts[k].base]
    }

    /// Where object `id` ends, -1 when it was not decoded.
    func end(_ id: Int) -> Int {
        let k = part(of: id)
        return parts[k].ends[id - parts[k].base]
    }

    mutating func setExtent(_ id: Int, start: Int, end: Int) {
        let k = part(of: id)
        parts[k].starts[id - parts[k].base] = start
        parts[k].ends[id - parts[k].base] = end
    }

    /// How many children object `id` has (a dictionary's keys and values counted apart).
    func childCount(_ id: Int) -> Int {
        let k = part(of: id), i = id - parts[k].base
        return parts[k].childStart[i + 1] - parts[k].childStart[i]
    }

    /// Child `position` of object `id` (a dictionary's as key, value pairs), -1 when out of range.
    func child(_ id: Int, _ position: Int) -> Int {
        let k = part(of: id)
        return Int(parts[k].childIDs[parts[k].childStart[id - parts[k].base] + position])
    }

    /// Calls `body` with every child of every object, in order.
    func forEachChild(_ body: (Int) -> Bool) {
        for part in parts {
            for child in part.childIDs where !body(Int(child)) { return }
        }
    }
}

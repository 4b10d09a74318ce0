import ArchiveCore

/// The order CF's and Python's writers number objects in: they walk the plist depth first from the
/// top object (a dictionary's keys, then its values), give each object the next number when they meet
/// it first, and meet a string, number, date, data or UID again as the object already numbered
/// (containers are never shared); CF also numbers a few objects nothing refers to. So a reference is
/// the next number (an object met for the first time, whose own references come next), a scalar met
/// before, or rarely a number further on; a 0x0A byte in a reference is read the way that keeps this
/// order, most likely first.
extension CRToLFRepair {
    /// The repair with every container reference the walk decides applied, and the references it
    /// leaves open (several scalars met before fit); nil when the file was not written in this order.
    func flattenOrder(_ f: Trailer, offsets: [Int]) -> (repair: CRToLFRepair, sites: [Site])? {
        guard f.top == 0, offsets.count == f.count else { return nil }
        var probe = self
        var visited = [Bool](repeating: false, count: f.count)
        visited[0] = true
        var next = 1
        var sites: [Site] = []
        // (container offset, its reference ranges, the next one to look at): an explicit stack, as
        // nesting depth is the file's to choose.
        var stack: [(refs: [(range: Range<Int>, isKey: Bool)], index: Int)] = []
        if let refs = probe.referenceRanges(offsets[0], refSize: f.refSize) { stack.append((refs, 0)) }
        while let top = stack.last {
            guard top.index < top.refs.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].index += 1
            let (range, isKey) = top.refs[top.index]
            let all = probe.readings(range)
            probe.tried += all.count
            guard probe.tried < Self.structureBudget else { return nil }
            let fits = all.filter { r in
                r.value < UInt64(f.count) && (!isKey || probe.isString(Int(r.value), offsets: offsets))
            }
            // In order of likelihood: the next number (met first here), a scalar met before, a number
            // further on (the writer numbered objects nothing refers to in between, which CF does).
            let seen = fits.filter { Int($0.value) < next && !probe.isContainer(Int($0.value), offsets: offsets) }
            let fresh = fits.filter { Int($0.value) >= next && !visited[Int($0.value)] }.sorted { $0.value < $1.value }
            let chosen: (value: UInt64, crs: [Int])
            if let exact = fresh.first, exact.value == UInt64(next) {
                chosen = exact
            } else if let only = seen.first {
                // Several fit, or a number further on fits too: the plausibility step decides.
                let alternatives = seen + (fresh.first.map { [$0] } ?? [])
                if alternatives.count > 1 { sites.append(Site(range: range, readings: alternatives.map(\.crs))) }
                chosen = only
            } else if let later = fresh.first {
                chosen = later
            } else {
                return nil
            }
            probe.apply(chosen.crs)
            let id = Int(chosen.value)
            if id >= next {
                visited[id] = true
                next = id + 1
                if let refs = probe.referenceRanges(offsets[id], refSize: f.refSize) { stack.append((refs, 0)) }
            }
        }
        guard next <= f.count else { return nil }
        return (probe, sites)
    }

    /// The reference ranges of the container at `o` (a dictionary's keys flagged), or nil for another object.
    func referenceRanges(_ o: Int, refSize: Int) -> [(range: Range<Int>, isKey: Bool)]? {
        guard o >= 8, o < bytes.count, [0xA, 0xC, 0xD].contains(bytes[o] >> 4), let (start, count) = containerRefs(at: o) else { return nil }
        let isDictionary = bytes[o] >> 4 == 0xD
        let n = isDictionary ? 2 * count : count
        guard n <= bytes.count, start + n * refSize <= bytes.count else { return nil }
        return (0..<n).map { j in (start + j * refSize..<start + (j + 1) * refSize, isDictionary && j < count) }
    }

    func isString(_ id: Int, offsets: [Int]) -> Bool {
        id >= 0 && id < offsets.count && offsets[id] < bytes.count && [0x5, 0x6].contains(bytes[offsets[id]] >> 4)
    }

    func isContainer(_ id: Int, offsets: [Int]) -> Bool {
        id >= 0 && id < offsets.count && offsets[id] < bytes.count && [0xA, 0xC, 0xD].contains(bytes[offsets[id]] >> 4)
    }
}

extension ExpansionTree {
    /// The visible row index of `path`, or nil when an ancestor is collapsed or a position is out of range.
    public func rowIndex(of path: [Int]) -> Int? {
        var node = root
        var row = 0
        for (depth, p) in path.enumerated() {
            guard p >= 0, p < node.childCount else { return nil }
            row += p
            for k in node.keys {
                if k >= p { break }
                row += node.children[k].map { extras[$0] } ?? 0
            }
            if depth == path.count - 1 { return row }
            guard let next = node.children[p] else { return nil }
            row += 1
            node = nodes[next]
        }
        return path.isEmpty ? nil : row
    }

    /// The path of the visible row `index`, or nil when out of range.
    public func path(atRow index: Int) -> [Int]? {
        guard index >= 0, index < rowCount else { return nil }
        var path: [Int] = []
        var node = root
        var i = index
        while true {
            var offset = 0
            var descended = false
            for k in node.keys {
                let rowOfK = k + offset
                if i < rowOfK { break }
                guard let child = node.children[k] else { continue }
                if i == rowOfK { path.append(k); return path }
                if i <= rowOfK + extras[child] {
                    path.append(k)
                    i -= rowOfK + 1
                    node = nodes[child]
                    descended = true
                    break
                }
                offset += extras[child]
            }
            if !descended {
                path.append(i - offset)
                return path
            }
        }
    }

    /// Paths of every expanded row, parents before children.
    public var expandedPaths: [[Int]] {
        var result: [[Int]] = []
        var stack: [([Int], Node)] = [([], root)]
        while let (prefix, node) = stack.popLast() {
            for k in node.keys.reversed() {
                guard let child = node.children[k].map({ nodes[$0] }) else { continue }
                result.append(prefix + [k])
                stack.append((prefix + [k], child))
            }
        }
        return result.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Number of children recorded for the expanded row at `path` (the top level for `[]`).
    public func childCount(at path: [Int]) -> Int? { node(at: path[...])?.childCount }
}

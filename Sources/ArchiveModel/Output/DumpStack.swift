/// The dump's walk: rows still to write, depth first, with each expanded row's children made one at a
/// time as they are reached. A row with a million elements holds one frame here (where its children
/// come from and the next index), not a million prepared rows, and an open row holds no copy of
/// itself, so the walk costs a few words per open level (a million nested arrays are a million frames).
struct DumpStack {
    /// The children of one expanded row still to write.
    private struct Frame {
        var source: OutlineSource
        var next: Int
        var count: Int
        var depth: Int
    }

    private let roots: [OutlineNode]
    private var nextRoot = 0
    private var frames: [Frame] = []

    /// A walk over `roots` at depth 0, in order.
    init(roots: [OutlineNode]) {
        self.roots = roots
    }

    /// The children of `parent` (`count` of them, at `depth`) come next, before the rows pushed earlier.
    mutating func push(children parent: OutlineNode, count: Int, depth: Int) {
        guard count > 0 else { return }
        frames.append(Frame(source: parent.source, next: 0, count: count, depth: depth))
    }

    /// The next row to write and its depth, or nil when the walk is over.
    mutating func next(_ outline: Outline) -> (node: OutlineNode, depth: Int)? {
        guard let top = frames.indices.last else {
            guard nextRoot < roots.count else { return nil }
            nextRoot += 1
            return (roots[nextRoot - 1], 0)
        }
        let frame = frames[top]
        if frame.next + 1 < frame.count { frames[top].next += 1 } else { frames.removeLast() }
        // The outline reads a row's children from its source alone.
        let parent = OutlineNode(label: "", value: .invalid(""), summary: "", source: frame.source)
        return (outline.child(of: parent, at: frame.next), frame.depth)
    }
}

extension TypedstreamDecoding {
    // An object's frame counts its fields as its groups start (`Frame.next`, `count`, `runStart`,
    // `typeStringIndex`): nothing is pushed per object, and a group costs a few additions.

    /// A group of the object on top of the stack starts at `offset`: a checkpoint when a block's worth
    /// of fields has gone by since the last one (`TypedstreamFieldLayout`).
    @inline(__always)
    mutating func noteGroupStart(at offset: Int) {
        // Through the buffer: reading a field of `frames[top]` may copy the whole frame.
        let due: (id: ObjectID, fields: Int)? = frames.withUnsafeMutableBufferPointer { stack in
            guard let top = stack.indices.last, stack[top].next >= stack[top].count, case .object(let id) = stack[top].kind else { return nil }
            stack[top].count = stack[top].next + TypedstreamFieldLayout.blockSize
            return (id, stack[top].next)
        }
        guard let due else { return }
        openCheckpoints[due.id, default: []].append(TypedstreamCheckpoint(field: due.fields, offset: offset, nextEntry: table.count))
    }

    /// The group just started gives the object on top of the stack `count` fields, with types from
    /// shared string `typeString` (nil: none). Runs of one-type groups of one string are followed, so
    /// that an array's `@` elements are known without reading them.
    @inline(__always)
    mutating func noteGroupFields(_ count: Int, typeString: Int?) {
        frames.withUnsafeMutableBufferPointer { stack in
            guard let top = stack.indices.last else { return }
            let fields = stack[top].next
            if count == 1, let typeString {
                if stack[top].typeStringIndex != typeString {
                    stack[top].typeStringIndex = typeString
                    stack[top].runStart = fields
                }
            } else {
                stack[top].typeStringIndex = nil
                stack[top].runStart = fields + count
            }
            stack[top].next = fields + count
        }
    }

    /// Object `id`, whose frame was `frame`, ends: its layout is kept when it has very many fields (and
    /// `keeping`: it ended with its `86`).
    mutating func endTally(of id: ObjectID, _ frame: Frame, keeping: Bool = true) {
        guard frame.next >= TypedstreamFieldLayout.blockSize else { return }
        let checkpoints = openCheckpoints.removeValue(forKey: id) ?? []
        guard keeping, frame.next >= TypedstreamFieldLayout.lazyThreshold else { return }
        var tail: FieldCollection.UniformTail?
        if let run = frame.typeStringIndex, run >= 0, run < typeCache.count, let types = typeCache[run], types.roots.count == 1 {
            tail = FieldCollection.UniformTail(start: frame.runStart, encoding: types.nodes[types.roots[0]].text)
        }
        fieldLayouts[id] = TypedstreamFieldLayout(count: frame.next, checkpoints: checkpoints, tail: tail)
    }
}

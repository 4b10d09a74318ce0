extension TypedstreamDecoding {
    // An object's frame counts its fields as its groups start (`Frame.next`, `count`, `runStart`,
    // `typeStringIndex`): nothing is pushed per object, and a group costs a few additions.

    /// A group of the object on top of the stack, starting at `offset`, gives it `count` fields with
    /// types from shared string `typeString` (nil: none). A checkpoint is noted when a block's worth of
    /// fields has gone by since the last one (`TypedstreamFieldLayout`); runs of one-type groups of
    /// one string are followed, so that an array's `@` elements are known without reading them.
    @inline(__always)
    mutating func noteGroup(at offset: Int, fields count: Int, typeString: Int?) {
        var due: ObjectID = -1, dueField = 0
        // Through the buffer: reading a field of `frames[top]` may copy the whole frame.
        frames.withUnsafeMutableBufferPointer { stack in
            let top = stack.count - 1
            guard top >= 0 else { return }
            let fields = stack[top].next
            if fields >= stack[top].count, case .object(let id) = stack[top].kind {
                due = id
                dueField = fields
                stack[top].count = fields + TypedstreamFieldLayout.blockSize
            }
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
        if due >= 0 {
            openCheckpoints[due, default: []].append(TypedstreamCheckpoint(field: dueField, offset: offset, nextEntry: table.count))
        }
    }

    /// Object `id` ends with `fields` fields, the last run of one-type groups (of string `runType`)
    /// starting at field `runStart`: its layout is kept when it has very many fields (and `keeping`: it
    /// ended with its `86`). Numbers, not the frame: passing the frame would copy it at every object.
    mutating func endTally(of id: ObjectID, fields: Int, runStart: Int, runType: Int?, keeping: Bool = true) {
        guard fields >= TypedstreamFieldLayout.blockSize else { return }
        let checkpoints = openCheckpoints.removeValue(forKey: id) ?? []
        guard keeping, fields >= TypedstreamFieldLayout.lazyThreshold else { return }
        var tail: FieldCollection.UniformTail?
        if let run = runType, run >= 0, run < typeCache.count, let types = typeCache[run], types.roots.count == 1 {
            tail = FieldCollection.UniformTail(start: runStart, encoding: types.nodes[types.roots[0]].text)
        }
        fieldLayouts[id] = TypedstreamFieldLayout(count: fields, checkpoints: checkpoints, tail: tail)
    }
}

extension TypedstreamDecoding {
    /// A group of the object on top of the stack starts at `offset`: a checkpoint when a block's worth
    /// of fields has gone by since the last one (`TypedstreamFieldLayout`).
    mutating func noteGroupStart(at offset: Int) {
        guard let top = frames.indices.last, case .object = frames[top].kind else { return }
        let fields = frames[top].tally.fieldCount
        guard fields >= frames[top].tally.nextCheckpoint else { return }
        frames[top].tally.checkpoints.append(TypedstreamCheckpoint(field: fields, offset: offset, nextEntry: table.count))
        frames[top].tally.nextCheckpoint = fields + TypedstreamFieldLayout.blockSize
    }

    /// The group just started gives the object on top of the stack `count` fields, with types from
    /// shared string `typeString` (nil: none). Runs of one-type groups of one string are followed, so
    /// that an array's `@` elements are known without reading them.
    mutating func noteGroupFields(_ count: Int, typeString: Int?) {
        guard let top = frames.indices.last, case .object = frames[top].kind else { return }
        let fields = frames[top].tally.fieldCount
        if count == 1, let typeString {
            if frames[top].tally.runType != typeString {
                frames[top].tally.runType = typeString
                frames[top].tally.runStart = fields
            }
        } else {
            frames[top].tally.runType = -1
            frames[top].tally.runStart = fields + count
        }
        frames[top].tally.fieldCount = fields + count
    }

    /// Keeps the layout of object `id`, ended with `tally`.
    mutating func noteLayout(of id: ObjectID, _ tally: TypedstreamFieldTally) {
        var tail: FieldCollection.UniformTail?
        if tally.runType >= 0, tally.runType < typeCache.count, let types = typeCache[tally.runType], types.roots.count == 1 {
            tail = FieldCollection.UniformTail(start: tally.runStart, encoding: types.nodes[types.roots[0]].text)
        }
        fieldLayouts[id] = TypedstreamFieldLayout(count: tally.fieldCount, checkpoints: tally.checkpoints, tail: tail)
    }
}

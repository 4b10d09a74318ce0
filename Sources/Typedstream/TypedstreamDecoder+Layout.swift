import ArchiveCore

extension TypedstreamDecoding {
    // The innermost open object's tally is kept in `tally` (groups only ever belong to it): a group
    // costs a few additions on plain stored numbers. A new object's frame keeps the tally of the object
    // around it, put back when it ends.

    /// A group of object `owner`, starting at `offset`, gives it `count` fields with types from shared
    /// string `typeString` (-1: none). A checkpoint is noted when a block's worth of fields has gone
    /// by since the last one (`TypedstreamFieldLayout`); runs of one-type groups of one string are
    /// followed, so that an array's `@` elements are known without reading them.
    @inline(__always)
    mutating func noteGroup(of owner: ObjectID, at offset: Int, fields count: Int, typeString: Int) {
        guard tally.object == owner else { return }
        let fields = tally.fields
        if fields >= tally.nextCheckpoint {
            tally.nextCheckpoint = fields + TypedstreamFieldLayout.blockSize
            openCheckpoints[owner, default: []].append(TypedstreamCheckpoint(field: fields, offset: offset, nextEntry: table.count))
        }
        if count == 1, typeString >= 0 {
            if tally.runType != typeString {
                tally.runType = typeString
                tally.runStart = fields
            }
        } else {
            tally.runType = -1
            tally.runStart = fields + count
        }
        tally.fields = fields + count
    }

    /// Pushes the frame of a new object `id`, holding the tally of the object around it, and starts
    /// the new object's tally.
    @inline(__always)
    mutating func pushObjectFrame(_ id: ObjectID, start: Int) {
        frames.append(Frame(kind: .object(id), keeps: keepsFields(of: id), start: start, count: tally.fields, next: tally.nextCheckpoint,
                            typeRange: ByteRange(tally.runStart, tally.runStart), typeStringIndex: tally.runType))
        tally = TypedstreamFieldTally(object: id)
    }

    /// Object `id`, whose frame held `outer` numbers (`pushObjectFrame`), ends and has left
    /// `openObjects`: its layout is kept when it has very many fields (and `keeping`: it ended with its
    /// `86`), and the tally of the object around it is taken up again.
    @inline(__always)
    mutating func endTally(of id: ObjectID, outerFields: Int, outerNextCheckpoint: Int, outerRunStart: Int, outerRunType: Int,
                           keeping: Bool = true) {
        guard replay == nil, tally.object == id else { return }
        if tally.fields >= TypedstreamFieldLayout.blockSize { noteLayout(of: id, keeping: keeping) }
        tally = TypedstreamFieldTally(object: openObjects.last ?? -1, fields: outerFields, nextCheckpoint: outerNextCheckpoint,
                                      runStart: outerRunStart, runType: outerRunType)
    }

    /// Keeps the layout of object `id` (the innermost, ending) when it has very many fields.
    private mutating func noteLayout(of id: ObjectID, keeping: Bool) {
        let checkpoints = openCheckpoints.removeValue(forKey: id) ?? []
        guard keeping, tally.fields >= TypedstreamFieldLayout.lazyThreshold else { return }
        var tail: FieldCollection.UniformTail?
        let run = tally.runType
        if run >= 0, run < typeCache.count, let types = typeCache[run], types.roots.count == 1 {
            tail = FieldCollection.UniformTail(start: tally.runStart, encoding: types.nodes[types.roots[0]].text)
        }
        fieldLayouts[id] = TypedstreamFieldLayout(count: tally.fields, checkpoints: checkpoints, tail: tail)
    }
}

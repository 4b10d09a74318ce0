import ArchiveCore

extension TypedstreamDecoding {
    /// Starts a type-prefixed group (FORMATS.md D.5): a shared string of type encodings, then one
    /// value per type. `owner` is the object the values belong to (nil: the top level).
    mutating func beginGroup(owner: ObjectID?) throws(TypedstreamStop) {
        let start = reader.offset
        let tallied = replay == nil ? owner ?? -1 : -1
        let head = try reader.readByte("a type string", start: start)
        if head == TypedstreamTag.end, owner == nil {
            report(.objectStrayEnd(offset: start), range: ByteRange(start, start + 1))
            return
        }
        switch try sharedString(head: head, at: start, "a type string") {
        case .null:
            report(.typeNil(offset: start), range: ByteRange(start, reader.offset))
            if tallied >= 0 { noteGroup(of: tallied, at: start, fields: 0, typeString: -1) }
        case .outOfRange(let index, let range):
            throw .desync(stringReferenceDiagnostic(index, range: range, what: "a type string",
                                                    consequence: "; the group's values cannot be decoded"),
                          scanFrom: reader.offset)
        case .string(let index):
            let types = typeEncoding(index)
            if tallied >= 0 { noteGroup(of: tallied, at: start, fields: types.roots.count, typeString: index) }
            guard !types.roots.isEmpty else {
                report(.typeEmpty(offset: start), range: ByteRange(start, reader.offset))
                return
            }
            if let single = types.singleScalar, single.code != UInt8(ascii: "@") {
                try singleScalarGroup(single.code, encoding: single.text, owner: owner)
                return
            }
            var frame = Frame(kind: .group(owner: owner), keeps: keepsFields(of: owner), start: start, types: types,
                              count: types.roots.count)
            frame.typeRange = ByteRange(start, reader.offset)
            frame.typeStringIndex = index
            frames.append(frame)
        }
    }

    /// A group of one scalar other than an object (most groups: `i`, `+`, `*`): the value read and
    /// handed to the owner at once, as the group's frame would have, without pushing one.
    private mutating func singleScalarGroup(_ code: UInt8, encoding: String, owner: ObjectID?) throws(TypedstreamStop) {
        if valueCount >= valueBudget { throw valueLimit() }
        let keeps = keepsFields(of: owner)
        let start = reader.offset
        let value = try scalarValue(code, start: start, keeping: keeps)
        valueCount += 1
        if keeps { appendField(value, encoding: encoding, range: ByteRange(start, reader.offset), owner: owner) }
    }

    /// Adds a value to the fields of `owner` (nil: the top level).
    private mutating func appendField(_ value: FieldValue, encoding: String?, range: ByteRange, owner: ObjectID?) {
        if replay != nil {
            replayedFields.append(Field(key: String((replay?.fieldBase ?? 0) + replayedFields.count), value: value, typeEncoding: encoding,
                                        range: range, isPositional: true))
        } else if let owner {
            let key = String(keptFields[owner]?.count ?? 0)
            keptFields[owner, default: []].append(Field(key: key, value: value, typeEncoding: encoding, range: range, isPositional: true))
        } else {
            topLevel.append(Field(key: String(topLevel.count), value: value, typeEncoding: encoding, range: range, isPositional: true))
        }
    }

    /// The parsed type string at shared-string `index`, parsed once.
    mutating func typeEncoding(_ index: Int) -> TypeEncoding {
        if index < typeCache.count, let cached = typeCache[index] { return cached }
        let parsed = TypeEncoding(input.bytes(in: sharedStrings[index]))
        // A replay reads the index's cache and leaves it as it is.
        if replay != nil { return parsed }
        if typeCache.count < sharedStrings.count { typeCache += Array(repeating: nil, count: sharedStrings.count - typeCache.count) }
        typeCache[index] = parsed
        return parsed
    }

    /// The node whose value the frame reads next, if any.
    func memberNode(_ frame: Frame) -> Int? { memberNode(frame.kind, types: frame.types, next: frame.next, count: frame.count) }

    /// The node whose value frame `index` of the stack reads next, if any (the frame not copied).
    func memberNode(ofFrame index: Int) -> Int? {
        memberNode(frames[index].kind, types: frames[index].types, next: frames[index].next, count: frames[index].count)
    }

    private func memberNode(_ kind: Frame.Kind, types: TypeEncoding?, next: Int, count: Int) -> Int? {
        guard let types, next < count else { return nil }
        switch kind {
        case .group:
            return next < types.roots.count ? types.roots[next] : nil
        case .compound(let node):
            let compound = types.nodes[node]
            if case .array = compound.kind { return compound.children.first }
            return next < compound.children.count ? compound.children[next] : nil
        case .object:
            return nil
        }
    }

    /// Reads the value of the top frame's next member, or opens a frame for it.
    mutating func decodeNextValue() throws(TypedstreamStop) {
        let top = frames.count - 1
        guard let types = frames[top].types, let index = memberNode(ofFrame: top) else {
            frames[top].next = frames[top].count
            return
        }
        if valueCount >= valueBudget { throw valueLimit() }
        let start = reader.offset
        if case .scalar(let code) = types.nodes[index].kind {
            if code == UInt8(ascii: "@") {
                try objectValue(start: start)
            } else {
                let value = try scalarValue(code, start: start, keeping: frames[top].keeps)
                deliver(value, range: ByteRange(start, reader.offset))
            }
            return
        }
        let node = types.nodes[index]
        switch node.kind {
        case .scalar:
            return
        case .array(let count):
            try beginArray(node, index: index, count: count, types: types, start: start)
        case .structure:
            try beginCompound(index, count: node.children.count, types: types, start: start)
        case .unsupported, .malformed:
            throw typeProblem(node)
        }
    }

    private mutating func beginArray(_ node: TypeEncoding.Node, index: Int, count: Int, types: TypeEncoding,
                                     start: Int) throws(TypedstreamStop) {
        guard node.children.count == 1, let child = node.children.first else {
            throw typeProblem(node.children.last.map { types.nodes[$0] } ?? node)
        }
        let element = types.nodes[child]
        if case .scalar(let code) = element.kind, code == UInt8(ascii: "c") || code == UInt8(ascii: "C") {
            // [Nc] / [NC]: N raw bytes (FORMATS.md D.5).
            guard count <= reader.remaining else {
                throw lengthPastEnd("byte array \(node.text)", start: start, claimed: Int128(count))
            }
            let range = reader.take(count)
            let keeps = frames.last?.keeps ?? false
            deliver(.scalar(keeps ? .data(input.bytes(in: range)) : .null), range: range)
            return
        }
        guard node.minSize <= reader.remaining else {
            throw lengthPastEnd("array \(node.text)", start: start, claimed: Int128(node.minSize), declared: false)
        }
        try beginCompound(index, count: count, types: types, start: start)
    }

    private mutating func beginCompound(_ node: Int, count: Int, types: TypeEncoding, start: Int) throws(TypedstreamStop) {
        if count > valueBudget - valueCount { throw valueLimit() }
        let keeps = frames.last?.keeps ?? false
        var frame = Frame(kind: .compound(node: node), keeps: keeps, start: start, types: types, count: count)
        if keeps { frame.items.reserveCapacity(Swift.min(count, 4096)) }
        frames.append(frame)
    }

    /// Ends the top group or compound once all its members are read. A group whose type string has an
    /// unsupported element that no value reached (e.g. inside `[0^i]`) stops here instead.
    mutating func finishValueFrame() throws(TypedstreamStop) {
        guard let top = frames.indices.last else { return }
        if case .group = frames[top].kind, let types = frames[top].types, !types.isFullyDecodable, let problem = types.firstProblem {
            throw typeProblem(problem)
        }
        let frame = frames.removeLast()
        if case .compound = frame.kind {
            deliver(.list(frame.items), range: ByteRange(frame.start, reader.offset))
        }
    }

    /// Hands a finished value to the top frame: a field of the group's owner, or a compound member
    /// (kept only where the policy keeps the owner's fields).
    mutating func deliver(_ value: FieldValue, range: ByteRange) {
        valueCount += 1
        guard let top = frames.indices.last else {
            noteDropped(value)
            return
        }
        switch frames[top].kind {
        case .group(let owner):
            if frames[top].keeps {
                let encoding = frames[top].types.flatMap { types in memberNode(ofFrame: top).map { types.nodes[$0].text } }
                appendField(value, encoding: encoding, range: range, owner: owner)
            }
        case .compound:
            if frames[top].keeps { frames[top].items.append(value) }
        case .object:
            noteDropped(value)
            return
        }
        frames[top].next += 1
    }

    /// A value no frame takes: if it holds a new entry, that entry may be unreachable.
    private mutating func noteDropped(_ value: FieldValue) {
        if case .reference(.object) = value { droppedNewEntry = true }
    }
}

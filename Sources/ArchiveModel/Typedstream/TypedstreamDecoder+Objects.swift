extension TypedstreamDecoding {
    /// An `@` value (FORMATS.md D.6): `85` nil, `84` a new object, or a reference to an earlier one.
    mutating func objectValue(start: Int) throws(TypedstreamStop) {
        let head = try reader.readByte("an object (type '@')", start: start)
        switch head {
        case TypedstreamTag.null:
            deliver(.reference(.null), range: ByteRange(start, reader.offset))
        case TypedstreamTag.new:
            try beginObject(headAt: start)
        default:
            let target = try reference(head: head, at: start, expecting: .object)
            deliver(.reference(target), range: ByteRange(start, reader.offset))
        }
    }

    /// A new object: its table number is taken before its class is read; then the class, then
    /// groups until `86` (read by the main loop).
    private mutating func beginObject(headAt start: Int) throws(TypedstreamStop) {
        let id = entries.count
        var entry = TypedstreamEntry(kind: .object, range: ByteRange(start, reader.offset))
        entry.inProgress = true
        entries.append(entry)
        frames.append(Frame(kind: .object(id), start: start))
        openObjects.append(id)
        let classAt = reader.offset
        let head = try reader.readByte("the class of object #\(id)", start: classAt)
        switch head {
        case TypedstreamTag.null:
            report(.objectNilClass(id: id, offset: start), range: ByteRange(classAt, reader.offset))
        case TypedstreamTag.new:
            _ = try classChain(headAt: classAt, forObject: id)
        default:
            if case .object(let classID) = try reference(head: head, at: classAt, expecting: .classRecord) {
                entries[id].classID = classID
            }
        }
        entries[id].range = ByteRange(start, reader.offset)
    }

    /// Ends the object on top of the stack at its `86` (already consumed) and hands it to its group.
    mutating func finishObject(_ id: ObjectID) {
        guard let frame = frames.popLast() else { return }
        entries[id].range = ByteRange(frame.start, reader.offset)
        entries[id].inProgress = false
        if openObjects.last == id { openObjects.removeLast() }
        deliver(.reference(.object(id)), range: entries[id].range)
    }

    /// New class records from the `84` at `headAt` (consumed) on: name, version, then the superclass in
    /// the same form, until `85` or a reference to an earlier class. Records are numbered subclass
    /// first, each as soon as it starts, so a truncated chain keeps what was read.
    mutating func classChain(headAt: Int, forObject object: ObjectID?) throws(TypedstreamStop) -> Reference {
        let chainStart = entries.count
        var recordAt = headAt
        var previous: ObjectID?
        while true {
            let id = entries.count
            entries.append(TypedstreamEntry(kind: .classRecord, range: ByteRange(recordAt, reader.offset)))
            if let previous {
                entries[previous].superclass = .object(id)
            } else if let object {
                entries[object].classID = id
            }
            try readClassRecord(id, at: recordAt)
            if let previous { entries[previous].superclassRange = entries[id].range }
            previous = id
            let nextAt = reader.offset
            let head = try reader.readByte("the superclass of class #\(id)", start: nextAt)
            if head == TypedstreamTag.new {
                recordAt = nextAt
                continue
            }
            if head == TypedstreamTag.null {
                entries[id].superclass = .null
            } else {
                entries[id].superclass = try reference(head: head, at: nextAt, expecting: .classRecord, chainStart: chainStart)
            }
            entries[id].superclassRange = ByteRange(nextAt, reader.offset)
            break
        }
        measureChain(from: chainStart)
        return .object(chainStart)
    }

    /// Name (shared string) and version (signed integer) of class record `id`.
    private mutating func readClassRecord(_ id: ObjectID, at recordAt: Int) throws(TypedstreamStop) {
        let nameAt = reader.offset
        let nameHead = try reader.readByte("the name of class #\(id)", start: nameAt)
        switch try sharedString(head: nameHead, at: nameAt, "a class name") {
        case .string(let index):
            entries[id].name = sharedText(index)
        case .null:
            report(.classNilName(id: id, offset: recordAt), range: ByteRange(nameAt, reader.offset), to: id)
        case .outOfRange(let index, let range):
            report(stringReferenceDiagnostic(index, range: range, what: "a class name", consequence: ""), to: id)
        }
        let versionAt = reader.offset
        let versionHead = try reader.readByte("the version of class #\(id)", start: versionAt)
        let (version, _) = try integer(head: versionHead, at: versionAt, signed: true, "the version of class #\(id)")
        entries[id].version = Int(clamping: version)
        entries[id].range = ByteRange(recordAt, reader.offset)
        checkVersion(of: id, versionRange: ByteRange(versionAt, reader.offset))
    }

    /// Negative versions, and a class name seen before with another version.
    private mutating func checkVersion(of id: ObjectID, versionRange: ByteRange) {
        let version = entries[id].version ?? 0
        let name = entries[id].name ?? "?"
        if version < 0 {
            report(.classNegativeVersion(name: ValueFormatter.excerpt(name), id: id, version: version), range: versionRange, to: id)
        }
        guard entries[id].name != nil else { return }
        if let earlier = classVersions[LiteralText(name)] {
            if earlier.version != version {
                report(.classVersionConflict(name: ValueFormatter.excerpt(name), id: id, version: version,
                                             earlierID: earlier.id, earlierVersion: earlier.version),
                       range: versionRange, to: id)
            }
        } else {
            classVersions[LiteralText(name)] = (version, id)
        }
    }

    /// Chain depths of the records of one chain, last (closest to the root) first.
    private mutating func measureChain(from chainStart: Int) {
        for id in stride(from: entries.count - 1, through: chainStart, by: -1) where entries[id].kind == .classRecord {
            var superDepth = 0
            if case .object(let s)? = entries[id].superclass, s >= 0, s < entries.count { superDepth = entries[s].chainDepth }
            entries[id].chainDepth = superDepth &+ 1
            if entries[id].chainDepth == TypedstreamGraph.maxClassChain + 1 {
                report(.classChainTooDeep(id: id, limit: TypedstreamGraph.maxClassChain), range: entries[id].range, to: id)
            }
        }
    }

    /// A reference number after its head, resolved in the object table with its kind checked.
    mutating func reference(head: UInt8, at start: Int, expecting kind: TypedstreamEntry.Kind,
                            chainStart: Int? = nil) throws(TypedstreamStop) -> Reference {
        let (number, _) = try integer(head: head, at: start, signed: true, "a reference to \(kind.withArticle)")
        let index = number - TypedstreamTag.firstReferenceNumber
        let range = ByteRange(start, reader.offset)
        let raw = UInt64(truncatingIfNeeded: index)
        guard index >= 0, index < Int128(entries.count) else {
            report(.refOutOfRange(kind: kind.noun, index: index, offset: start, tableSize: entries.count), range: range)
            return .dangling(raw: raw, reason: "out of range (\(TypedstreamIssue.objectTable(entries.count)))")
        }
        let target = Int(index)
        let found = entries[target].kind
        guard found == kind else {
            let what = describe(target)
            report(.refTypeMismatch(offset: start, expected: kind.withArticle, target: target, found: what), range: range)
            return .dangling(raw: raw, reason: "#\(target) is \(what), not \(kind.withArticle)")
        }
        if let chainStart, target >= chainStart {
            report(.classChainCycle(offset: start, target: target), range: range)
            return .dangling(raw: raw, reason: "#\(target) is in its own superclass chain")
        }
        if kind == .object, entries[target].inProgress { noteInProgress(target, at: range) }
        return .object(target)
    }

    /// References to objects still being decoded are legal (views and their superviews) but are cycles.
    private mutating func noteInProgress(_ target: ObjectID, at range: ByteRange) {
        if target == openObjects.last {
            report(.refSelf(id: target, offset: range.start), range: range)
        } else {
            report(.refInProgress(offset: range.start, target: target, className: className(of: target)), range: range)
        }
    }

    /// `*` (FORMATS.md D.4): `85` nil; `84` + shared string, a new object-table entry; or a reference.
    mutating func cStringValue(start: Int) throws(TypedstreamStop) -> FieldValue {
        let head = try reader.readByte("a C string (type '*')", start: start)
        switch head {
        case TypedstreamTag.null:
            return .reference(.null)
        case TypedstreamTag.new:
            let stringAt = reader.offset
            let stringHead = try reader.readByte("a C string (type '*')", start: start)
            let read = try sharedString(head: stringHead, at: stringAt, "a C string")
            if case .null = read {
                report(.cStringNil(offset: start), range: ByteRange(start, reader.offset))
                return .reference(.null)
            }
            let id = entries.count
            entries.append(TypedstreamEntry(kind: .cString, range: ByteRange(start, reader.offset)))
            if case .string(let index) = read {
                let value = sharedValue(index)
                entries[id].value = value
                if Self.hasZeroByte(value) {
                    report(.cStringNulByte(id: id, offset: start), range: sharedStrings[index], to: id)
                }
            } else if case .outOfRange(let index, let range) = read {
                report(stringReferenceDiagnostic(index, range: range, what: "a C string", consequence: ""), to: id)
            }
            return .reference(.object(id))
        default:
            return .reference(try reference(head: head, at: start, expecting: .cString))
        }
    }

    /// The class name of object `id`, escaped for messages ("?" when unknown).
    func className(of id: ObjectID) -> String {
        guard id >= 0, id < entries.count, let c = entries[id].classID, c < entries.count else { return "?" }
        return ValueFormatter.excerpt(entries[c].name ?? "?")
    }

    /// "an object of class NSView", "class NSString", "a C string".
    func describe(_ id: ObjectID) -> String {
        let entry = entries[id]
        switch entry.kind {
        case .cString:
            return "a C string"
        case .classRecord:
            return "class \(ValueFormatter.excerpt(entry.name ?? "?"))"
        case .object:
            return "an object of class \(className(of: id))"
        }
    }
}

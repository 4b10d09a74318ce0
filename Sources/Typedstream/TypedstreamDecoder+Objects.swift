import ArchiveCore

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
    /// groups until `86` (read by the main loop). A replay steps over objects nested in the one it
    /// reads, to where the index says they end.
    private mutating func beginObject(headAt start: Int) throws(TypedstreamStop) {
        if let replaying = replay, replaying.nextID != replaying.target {
            let id = replaying.nextID
            // The index numbered an object here; anything else means the replay went astray: stop.
            guard id < table.count, table.kind(id) == .object, table.start(id) == start else { throw replayAstray() }
            let end = table.objectEnd(id)
            replay?.nextID = table.firstEntry(startingAtOrAfter: end, from: id + 1)
            reader.offset = end
            deliver(.reference(.object(id)), range: table.objectRange(id))
            return
        }
        let id = newEntry(.object, range: ByteRange(start, reader.offset))
        pushObjectFrame(id, start: start)
        openObjects.append(id)
        let classAt = reader.offset
        let head = try reader.readByte("the class of object #\(id)", start: classAt)
        switch head {
        case TypedstreamTag.null:
            report(.objectNilClass(id: id, offset: start), range: ByteRange(classAt, reader.offset))
        case TypedstreamTag.new:
            _ = try classChain(headAt: classAt, forObject: id)
        default:
            _ = try reference(head: head, at: classAt, expecting: .classRecord)
        }
        setObjectEnd(id, reader.offset)
    }

    /// Ends a replay that no longer follows the index (never for an object that decoded cleanly).
    func replayAstray() -> TypedstreamStop {
        .limit(TypedstreamIssue.limitValues(budget: valueBudget, inputSize: input.count, offset: reader.offset)
                .diagnostic(ByteRange(reader.offset, reader.offset)))
    }

    /// A new table entry (in a replay: the number the index gave it, the table unchanged).
    mutating func newEntry(_ kind: TypedstreamEntry.Kind, range: ByteRange) -> ObjectID {
        if let id = replay?.nextID {
            replay?.nextID = id + 1
            return id
        }
        return table.append(kind, range: range)
    }

    mutating func setObjectEnd(_ id: ObjectID, _ end: Int) {
        if replay == nil { table.setObjectEnd(id, end) }
    }

    /// Changes class record `id` (not in a replay, whose table is the index's).
    mutating func updateClassRecord(_ id: ObjectID, _ change: (inout TypedstreamClassRecord) -> Void) {
        if replay == nil { table.updateClassRecord(id, change) }
    }

    /// Ends the object on top of the stack at its `86` (already consumed) and hands it to its group.
    mutating func finishObject(_ id: ObjectID) {
        guard let frame = frames.popLast() else { return }
        setObjectEnd(id, reader.offset)
        if openObjects.last == id { openObjects.removeLast() }
        endTally(of: id, outerFields: frame.count, outerNextCheckpoint: frame.next, outerRunStart: frame.typeRange?.start ?? 0,
                 outerRunType: frame.typeStringIndex ?? -1)
        deliver(.reference(.object(id)), range: ByteRange(frame.start, reader.offset))
    }

    /// New class records from the `84` at `headAt` (consumed) on: name, version, then the superclass in
    /// the same form, until `85` or a reference to an earlier class. Records are numbered subclass
    /// first, each as soon as it starts, so a truncated chain keeps what was read.
    mutating func classChain(headAt: Int, forObject object: ObjectID?) throws(TypedstreamStop) -> Reference {
        let chainStart = nextEntryID
        var recordAt = headAt
        var previous: ObjectID?
        while true {
            let id = newEntry(.classRecord, range: ByteRange(recordAt, reader.offset))
            if let previous { updateClassRecord(previous) { $0.superclass = .object(id) } }
            try readClassRecord(id, at: recordAt)
            if let previous {
                let range = recordRange(id)
                updateClassRecord(previous) { $0.superclassRange = range }
            }
            previous = id
            let nextAt = reader.offset
            let head = try reader.readByte("the superclass of class #\(id)", start: nextAt)
            if head == TypedstreamTag.new {
                recordAt = nextAt
                continue
            }
            let superclass: Reference
            if head == TypedstreamTag.null {
                superclass = .null
            } else {
                superclass = try reference(head: head, at: nextAt, expecting: .classRecord, chainStart: chainStart)
            }
            let range = ByteRange(nextAt, reader.offset)
            updateClassRecord(id) {
                $0.superclass = superclass
                $0.superclassRange = range
            }
            break
        }
        measureChain(from: chainStart)
        return .object(chainStart)
    }

    /// The bytes of class record `id` as read so far.
    private func recordRange(_ id: ObjectID) -> ByteRange {
        replay == nil ? table.classRecord(id).range : ByteRange(0, 0)
    }

    /// Name (shared string) and version (signed integer) of class record `id`.
    private mutating func readClassRecord(_ id: ObjectID, at recordAt: Int) throws(TypedstreamStop) {
        let nameAt = reader.offset
        let nameHead = try reader.readByte("the name of class #\(id)", start: nameAt)
        switch try sharedString(head: nameHead, at: nameAt, "a class name") {
        case .string(let index):
            if replay == nil {
                let name = sharedText(index)
                updateClassRecord(id) { $0.name = name }
            }
        case .null:
            report(.classNilName(id: id, offset: recordAt), range: ByteRange(nameAt, reader.offset), to: id)
        case .outOfRange(let index, let range):
            report(stringReferenceDiagnostic(index, range: range, what: "a class name", consequence: ""), to: id)
        }
        let versionAt = reader.offset
        let versionHead = try reader.readByte("the version of class #\(id)", start: versionAt)
        let (version, _) = try integer(head: versionHead, at: versionAt, signed: true, "the version of class #\(id)")
        guard replay == nil else { return }
        let range = ByteRange(recordAt, reader.offset)
        updateClassRecord(id) {
            $0.version = Int(clamping: version)
            $0.range = range
        }
        checkVersion(of: id, versionRange: ByteRange(versionAt, reader.offset))
    }

    /// Negative versions, and a class name seen before with another version.
    private mutating func checkVersion(of id: ObjectID, versionRange: ByteRange) {
        let record = table.classRecord(id)
        let version = record.version ?? 0
        let name = record.name ?? "?"
        if version < 0 {
            report(.classNegativeVersion(name: ValueFormatter.excerpt(name), id: id, version: version), range: versionRange, to: id)
        }
        guard record.name != nil else { return }
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
        guard replay == nil else { return }
        for id in stride(from: table.count - 1, through: chainStart, by: -1) where table.kind(id) == .classRecord {
            var superDepth = 0
            if case .object(let s)? = table.classRecord(id).superclass, s >= 0, s < table.count, table.kind(s) == .classRecord {
                superDepth = table.classRecord(s).chainDepth
            }
            let depth = superDepth &+ 1
            updateClassRecord(id) { $0.chainDepth = depth }
            if depth == TypedstreamGraph.maxClassChain + 1 {
                report(.classChainTooDeep(id: id, limit: TypedstreamGraph.maxClassChain), range: table.classRecord(id).range, to: id)
            }
        }
    }

    /// A reference number after its head, resolved in the object table with its kind checked.
    mutating func reference(head: UInt8, at start: Int, expecting kind: TypedstreamEntry.Kind,
                            chainStart: Int? = nil) throws(TypedstreamStop) -> Reference {
        let number: Int128
        if !TypedstreamTag.isTag(head) {
            // A one-byte reference (most of them): the number is the head itself.
            number = Int128(Int8(bitPattern: head))
        } else {
            (number, _) = try integer(head: head, at: start, signed: true, "a reference to \(kind.withArticle)")
        }
        let index = number - TypedstreamTag.firstReferenceNumber
        let range = ByteRange(start, reader.offset)
        let raw = UInt64(truncatingIfNeeded: index)
        let tableSize = nextEntryID
        guard index >= 0, index < Int128(tableSize) else {
            report(.refOutOfRange(kind: kind.noun, index: index, offset: start, tableSize: tableSize), range: range)
            return .dangling(raw: raw, reason: "out of range (\(TypedstreamIssue.objectTable(tableSize)))")
        }
        let target = Int(index)
        let found = entryKind(target)
        guard found == kind else {
            let what = describe(target)
            report(.refTypeMismatch(offset: start, expected: kind.withArticle, target: target, found: what), range: range)
            return .dangling(raw: raw, reason: "#\(target) is \(what), not \(kind.withArticle)")
        }
        if let chainStart, target >= chainStart {
            report(.classChainCycle(offset: start, target: target), range: range)
            return .dangling(raw: raw, reason: "#\(target) is in its own superclass chain")
        }
        if kind == .object, replay == nil, isOpen(target) { noteInProgress(target, at: range) }
        return .object(target)
    }

    /// The kind of entry `id` (< `nextEntryID`; a replay's table is the index's).
    func entryKind(_ id: ObjectID) -> TypedstreamEntry.Kind { table.kind(id) }

    /// Whether object `id` is between its `84` and its `86` (open objects are numbered innermost last).
    func isOpen(_ id: ObjectID) -> Bool {
        if openObjects.last == id { return true }
        var low = 0, high = openObjects.count
        while low < high {
            let mid = low + (high - low) / 2
            if openObjects[mid] < id { low = mid + 1 } else { high = mid }
        }
        return low < openObjects.count && openObjects[low] == id
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
            let id = newEntry(.cString, range: ByteRange(start, reader.offset))
            if case .string(let index) = read, replay == nil {
                table.setCStringIndex(id, index)
                if sharedStringHasZeroByte(index) {
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
        guard id >= 0, id < table.count, let c = table.classID(ofObject: id, in: input, bigEndian: reader.bigEndian) else { return "?" }
        return ValueFormatter.excerpt(table.classRecord(c).name ?? "?")
    }

    /// "an object of class NSView", "class NSString", "a C string".
    func describe(_ id: ObjectID) -> String {
        switch entryKind(id) {
        case .cString:
            return "a C string"
        case .classRecord:
            return "class \(ValueFormatter.excerpt(table.classRecord(id).name ?? "?"))"
        case .object:
            return "an object of class \(className(of: id))"
        }
    }
}

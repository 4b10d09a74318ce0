import ArchiveCore

/// Objects and their fields: each value of an object's run becomes a field under its key; a run of
/// `UINibEncoderEmptyKey` values becomes one list field (read on demand past `storedRunLimit` items).
extension NIBArchiveGraph {
    /// Longest run of `UINibEncoderEmptyKey` values whose items are stored in the object; a longer one
    /// is read item by item when shown, so a collection of millions draws its row at once.
    static let storedRunLimit = 1024
    /// Most fields reserved at once for an object's values (a few objects have thousands of values).
    static let reservedFields = 64

    /// Object `id` from its object-table entry, with the problems of its entry and of its values.
    func read(_ id: ObjectID, _ entry: NIBObjectEntry) -> GraphObject {
        var diagnostics: [Diagnostic] = []
        let name = className(entry.classIndex)
        if name == nil {
            diagnostics.append(NIBArchiveIssue.objectClassOutOfRange(id: id, classIndex: entry.classIndex, classes: classNames.table.found)
                .diagnostic(entry.range, object: id))
        }
        let values = layout[.values]
        let run = Self.clippedRun(entry, valueCount: valueBound)
        let (claimedEnd, overflow) = entry.firstValue.addingReportingOverflow(entry.valueCount)
        var fields: [Field] = []
        var complete = !overflow && claimedEnd <= UInt64(run.end)
        for piece in runs.pieces(of: run, id: id) {
            if piece.shownBy == id {
                complete = appendFields(piece.stretch, object: id, to: &fields, diagnostics: &diagnostics) && complete
            } else {
                fields.append(standIn(piece.stretch, owner: piece.shownBy))
            }
        }
        if !complete {
            // A value past the readable ones: the value table has been read to its end.
            diagnostics.append(NIBArchiveIssue.objectValuesOutOfRange(id: id, first: entry.firstValue, count: entry.valueCount,
                                                                     values: values.found, declared: values.declaredCount)
                .diagnostic(entry.range, object: id))
            let from = Swift.max(entry.firstValue, UInt64(values.found))
            fields.append(Field(key: "(missing values)", value: .invalid(
                "values from \(from) on do not exist: the value table has \(English.count(values.found, "readable value"))")))
        }
        return GraphObject(id: id, kind: .instance, className: name, classChain: name.map { [ClassInfo(name: $0)] } ?? [],
                           fields: fields, range: entry.range, diagnostics: diagnostics)
    }

    /// The data values of every object's own run as `read` makes them fields, from the value table
    /// without making objects (`DataValueScanning`): not those under `UINibEncoderEmptyKey` (items of
    /// a list field) nor those another object shows (stand-ins); a run stops at a value it cannot read.
    package func forEachDataValue(_ body: (ObjectID, [UInt8]) -> Void) {
        let table = layout[.values]
        for id in 0..<objectCount {
            guard let entry = objectEntry(id) else { continue }
            for piece in runs.pieces(of: Self.clippedRun(entry, valueCount: valueBound), id: id) where piece.shownBy == id {
                guard piece.stretch.count > 0, var position = table.entryOffset(piece.stretch.first) else { continue }
                for _ in piece.stretch.first..<piece.stretch.end {
                    guard let (value, end) = try? reader.value(at: position) else { break }
                    position = end
                    guard value.type == NIBValueType.data,
                          !(value.keyIndex < UInt64(isEmptyKey.count) && isEmptyKey[Int(value.keyIndex)]) else { continue }
                    body(id, input.bytes(in: value.payload))
                }
            }
        }
    }

    /// A field standing for values an earlier object lists too, shown there (see `NIBValueRuns`).
    private func standIn(_ stretch: NIBValueRuns.Stretch, owner: Int) -> Field {
        let values = stretch.count == 1 ? "value \(stretch.first)" : "values \(stretch.first)…\(stretch.end - 1)"
        let range = valueRange(stretch)
        return Field(key: "(shared values)", value: .sameAs(SameContent(owner: owner, node: stretch.first,
            description: "\(values) (\(stretch.count)), which object #\(owner) lists too")), range: range)
    }

    /// The bytes of the values of `stretch`.
    func valueRange(_ stretch: NIBValueRuns.Stretch) -> ByteRange? {
        let table = layout[.values]
        guard stretch.count > 0, let start = table.entryOffset(stretch.first),
              let last = table.entryOffset(stretch.end - 1), let (entry, _) = try? reader.value(at: last) else { return nil }
        return ByteRange(start, entry.range.end)
    }

    /// Appends the fields of the values in `stretch`, reading them in order from the first; false when
    /// a value of the stretch cannot be read (it lies past the readable value table).
    private func appendFields(_ stretch: NIBValueRuns.Stretch, object id: ObjectID, to fields: inout [Field], diagnostics: inout [Diagnostic]) -> Bool {
        guard stretch.count > 0 else { return true }
        guard var position = layout[.values].entryOffset(stretch.first) else { return false }
        // Room for a field a value at most (a run of empty keys makes one): grown from empty, the
        // fields and a run's items were copied at each doubling, a sixth of reading an object.
        fields.reserveCapacity(fields.count + Swift.min(stretch.count, Self.reservedFields))
        var run = EmptyKeyRun()
        var complete = true
        for index in stretch.first..<stretch.end {
            guard let (entry, end) = try? reader.value(at: position) else {
                complete = false
                break
            }
            position = end
            let (value, problem) = fieldValue(entry, index: index)
            if let problem { diagnostics.append(problem.with(object: .some(id))) }
            if entry.keyIndex < UInt64(isEmptyKey.count), isEmptyKey[Int(entry.keyIndex)] {
                run.add(index, value, entry.range, valuesLeft: stretch.end - index)
                continue
            }
            if let list = run.field(self) { fields.append(list) }
            guard let key = keyName(entry.keyIndex) else {
                diagnostics.append(NIBArchiveIssue.valueKeyOutOfRange(value: index, key: entry.keyIndex, keys: keys.table.found)
                    .diagnostic(entry.range, object: id))
                fields.append(Field(key: "<key \(entry.keyIndex), out of range>", value: value, range: entry.range))
                continue
            }
            fields.append(Field(key: key, value: value, range: entry.range))
        }
        if let list = run.field(self) { fields.append(list) }
        return complete
    }

    /// Consecutive `UINibEncoderEmptyKey` values being collected into one list field.
    private struct EmptyKeyRun {
        var first = -1
        var count = 0
        var items: [FieldValue] = []
        var range: ByteRange?

        /// Adds value `index`; `valuesLeft` (this one included) bounds the room a new run reserves.
        mutating func add(_ index: Int, _ value: FieldValue, _ bytes: ByteRange, valuesLeft: Int) {
            if count == 0 {
                first = index
                range = bytes
                items.reserveCapacity(Swift.min(valuesLeft, NIBArchiveGraph.storedRunLimit))
            }
            count += 1
            range = range.map { ByteRange($0.start, bytes.end) }
            if count <= NIBArchiveGraph.storedRunLimit { items.append(value) } else if !items.isEmpty { items = [] }
        }

        /// The list field of the collected values (nil when none), and a fresh run.
        mutating func field(_ graph: NIBArchiveGraph) -> Field? {
            guard count > 0 else { return nil }
            defer { self = EmptyKeyRun() }
            let list: FieldList
            if count <= NIBArchiveGraph.storedRunLimit {
                list = FieldList(items)
            } else {
                let first = self.first
                list = FieldList(count: count, identity: FieldList.Identity(owner: ObjectIdentifier(graph), node: first)) { [graph] i in
                    graph.valueItem(first + i)
                }
            }
            return Field(key: NIBTextTable.emptyKey, value: .list(list), range: range)
        }
    }

    /// The field value of value `index`, read on its own (items of long lists).
    func valueItem(_ index: Int) -> FieldValue {
        guard let offset = layout[.values].entryOffset(index), let (entry, _) = try? reader.value(at: offset) else {
            return .invalid("value \(index) cannot be read")
        }
        return fieldValue(entry, index: index).0
    }

    /// What a value holds, and the problem of a reference out of range.
    func fieldValue(_ entry: NIBValueEntry, index: Int) -> (FieldValue, Diagnostic?) {
        let at = entry.payload.start
        switch entry.type {
        case NIBValueType.int8: return (integer(at, 1), nil)
        case NIBValueType.int16: return (integer(at, 2), nil)
        case NIBValueType.int32: return (integer(at, 4), nil)
        case NIBValueType.int64: return (integer(at, 8), nil)
        case NIBValueType.falseValue: return (.scalar(.bool(false)), nil)
        case NIBValueType.trueValue: return (.scalar(.bool(true)), nil)
        case NIBValueType.float32:
            return (.scalar(.real(Double(Float(bitPattern: reader.uint32(at: at) ?? 0)), width: 4)), nil)
        case NIBValueType.float64:
            return (.scalar(.real(Double(bitPattern: input.uintLE(at: at, width: 8) ?? 0), width: 8)), nil)
        case NIBValueType.data: return (.scalar(.data(input.bytes(in: entry.payload))), nil)
        case NIBValueType.nilValue: return (.reference(.null), nil)
        case NIBValueType.object:
            let target = reader.uint32(at: at) ?? 0
            if Int(target) < objectCount { return (.reference(.object(Int(target))), nil) }
            let issue = NIBArchiveIssue.valueRefOutOfRange(value: index, target: target, objects: objectCount, declared: layout[.objects].declaredCount)
            return (.reference(.dangling(raw: UInt64(target), reason: issue.message)), issue.diagnostic(entry.payload))
        default:
            // The table is never read past a value of unknown type (`NIBArchiveTable`).
            return (.invalid("value \(index) has unknown type \(entry.type)"), nil)
        }
    }

    /// A signed little-endian integer of `width` bytes, with its width.
    private func integer(_ offset: Int, _ width: Int) -> FieldValue {
        let raw = input.uintLE(at: offset, width: width) ?? 0
        let shift = UInt64(64 - 8 * width)
        let signed = Int64(bitPattern: raw << shift) >> Int64(shift)
        return .scalar(.integer(Int128(signed), width: width))
    }
}

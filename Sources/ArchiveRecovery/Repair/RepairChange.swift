import ArchiveCore

/// One byte a repair changed (or could not decide), told by what it means: the object, class and key
/// the byte belongs to, and the value there before and after (`#12 NSArray NS.objects[4]: #10
/// (NSString) → #13 (NSColor)`, `#7 NSString NS.bytes: "Fo\no" → "Fo\ro"`).
package struct RepairChange: Sendable, Equatable {
    /// Offset of the byte in the repaired bytes.
    package var offset: Int
    /// The object, its class and the key (or element) holding the byte: `#12 NSArray NS.objects[4]`;
    /// `offset 1234` when no object holds it (a table or trailer byte).
    package var place: String
    /// The value there as the damaged bytes read, and as the repaired bytes read (for an undecided
    /// byte: as the repair left it, and the other reading).
    package var before: String
    package var after: String
    /// Whether both readings are equally good and the byte was left as the damaged file has it.
    package var undecided: Bool
    /// Offset of the byte (or of the byte it was added for or taken from) in the damaged bytes.
    package var damagedOffset: Int
    /// Whether the byte belongs to the file's layout (a binary plist's offset table or trailer: where
    /// objects lie, not what they say), which a report lists after the objects' changes.
    package var inLayout = false

    package init(offset: Int, place: String, before: String, after: String, undecided: Bool) {
        self.offset = offset
        self.place = place
        self.before = before
        self.after = after
        self.undecided = undecided
        damagedOffset = offset
    }

    /// `place: before → after`, or `place: before, or after` for an undecided byte.
    package var line: String {
        undecided ? "\(place): \(before), or \(after)" : "\(place): \(before) → \(after)"
    }
}

/// Finds what a byte means in two readings of a file (`RepairChange`): the innermost object of the
/// `located` reading whose bytes hold it, and within it the field whose bytes hold it; the same object
/// and key in the `other` reading give the other value. A list is told by its first element that
/// differs between the readings.
struct RepairChangeDescriber {
    let located: any ObjectGraph
    let index: ObjectRangeIndex
    /// The located reading's binary plist places, for bytes no object holds (nil: not a binary plist).
    let places: BinaryPlistPlaces?

    init(_ located: any ObjectGraph, index: ObjectRangeIndex? = nil, places: BinaryPlistPlaces? = nil) {
        self.located = located
        self.index = index ?? ObjectRangeIndex(located)
        self.places = places
    }

    /// What the byte at `offset` of the located reading is there and in `other`, where it sits at
    /// `otherOffset`. `locatedIsAfter`: the located reading is the repaired one (else the kept one of
    /// an undecided byte, and `other` its alternative). `otherIndex`: `other`'s index when the caller
    /// describes many bytes against the same other reading (else it is built when needed).
    /// `otherPlaces`: the other reading's binary plist places (for a byte no object holds).
    func change(at offset: Int, other: any ObjectGraph, otherOffset: Int, locatedIsAfter: Bool, undecided: Bool,
                otherIndex: ObjectRangeIndex? = nil, otherPlaces: BinaryPlistPlaces? = nil) -> RepairChange {
        guard let id = index.innermost(containing: offset) else {
            // (Told only where the two readings differ there: a byte a conversion added or took away
            // shifts the bytes after it but may leave the entry or element the same.)
            if let places, let otherPlaces, let told = plistPlace(offset, places, other: other, otherPlaces), told.here != told.there {
                var change = RepairChange(offset: offset, place: told.place, before: locatedIsAfter ? told.there : told.here,
                                          after: locatedIsAfter ? told.here : told.there, undecided: undecided)
                if case .trailer? = places.place(of: offset) { change.inLayout = true }
                if case .tableEntry? = places.place(of: offset) { change.inLayout = true }
                return change
            }
            let here = locatedIsAfter ? "0x0D" : "0x0A", there = locatedIsAfter ? "0x0A" : "0x0D"
            return RepairChange(offset: offset, place: "a table, count or trailer byte (in no object)",
                                before: locatedIsAfter ? there : here, after: locatedIsAfter ? here : there, undecided: undecided)
        }
        let object = located.object(id)
        // The same object in the other reading: the same id when both have the same objects (the
        // conversions keep ids), else the object holding the byte there.
        let otherID = other.objectCount == located.objectCount ? id
            : (otherIndex ?? ObjectRangeIndex(other)).innermost(containing: otherOffset) ?? id
        let otherObject = otherID < other.objectCount ? other.object(otherID) : GraphObject(id: otherID, kind: .invalid)
        var place = "#\(id) " + (object.className.map(ValueFormatter.excerpt) ?? (object.value == nil ? object.kind.rawValue : "value"))
        var here: String, there: String
        // The field whose bytes hold the byte, else (a reference stored apart from its value, as in a
        // binary plist's dictionary) the first field whose value differs between the readings.
        if let field = Self.innermostField(of: object, containing: offset) ?? Self.firstDiffering(object, otherObject) {
            place += " " + ValueFormatter.excerpt(field.key)
            let otherField = otherObject.fields.first { $0.key == field.key }
            here = describe(field.value, in: located)
            there = otherField.map { describe($0.value, in: other) } ?? "(no such key)"
            if case .list(let items) = field.value, case .list(let otherItems)? = otherField?.value,
               let i = (0..<Swift.min(items.count, otherItems.count, 100_000)).first(where: { items[$0] != otherItems[$0] }) {
                place += "[\(i)]"
                here = describe(items[i], in: located)
                there = describe(otherItems[i], in: other)
            }
        } else {
            here = object.value.map(ValueFormatter.summary) ?? "its bytes"
            there = otherObject.value.map(ValueFormatter.summary) ?? "its bytes"
        }
        return RepairChange(offset: offset, place: place, before: locatedIsAfter ? there : here, after: locatedIsAfter ? here : there,
                            undecided: undecided)
    }

    /// A byte no decoded object holds, told by the binary plist's structure: a trailer field, an
    /// offset-table entry, a `$objects` entry, or an element of a list field (a UID object stored apart
    /// from the array listing it: `#3 NSDictionary NS.keys[6]`), with the value in each reading.
    private func plistPlace(_ offset: Int, _ places: BinaryPlistPlaces, other: any ObjectGraph, _ otherPlaces: BinaryPlistPlaces)
        -> (place: String, here: String, there: String)? {
        let plistObject = { (id: Int?) in id.map { "plist object \($0)" } ?? "(none)" }
        switch places.place(of: offset) {
        case .trailer(let name)?:
            return (name, "0x0A", "0x0D")
        case .tableEntry(let node)?:
            let at = { (entry: Int?) in entry.map { "at offset \($0)" } ?? "(none)" }
            return ("the offset table's entry for plist object \(node)", at(places.entry(node)), at(otherPlaces.entry(node)))
        case .element(let node, let i)?:
            if let told = listElement(node, i, other: other) { return told }
            let place = node == places.objectsArray ? "$objects[\(i)] (the object #\(i))" : "plist object \(node), element \(i)"
            return (place, plistObject(places.element(i, of: node)), plistObject(otherPlaces.element(i, of: node)))
        case .node(let node, let listedIn)?:
            if let listedIn, let told = listElement(listedIn.container, listedIn.index, other: other) { return told }
            let uid = { (p: BinaryPlistPlaces) -> String in
                if case .uid(let u) = p.tree.node(node).value { return "UID \(u)" } else { return "its bytes" }
            }
            return ("plist object \(node)" + (listedIn == nil ? " (nothing lists it)" : ""), uid(places), uid(otherPlaces))
        case nil:
            return nil
        }
    }

    /// Element `i` of the list field whose bytes are plist object `container`, in both readings.
    private func listElement(_ container: Int, _ i: Int, other: any ObjectGraph) -> (place: String, here: String, there: String)? {
        if let id = places?.keyedID(of: container), id < located.objectCount {
            return dictionaryValue(located.object(id), container, i, other: other)
        }
        guard let range = places?.tree.node(container).range, let id = index.innermost(containing: range.start) else { return nil }
        let object = located.object(id)
        guard let field = object.fields.first(where: { $0.range == range }), case .list(let items) = field.value, i < items.count else { return nil }
        let otherObject = id < other.objectCount ? other.object(id) : GraphObject(id: id, kind: .invalid)
        let there: String
        if case .list(let otherItems)? = otherObject.fields.first(where: { $0.key == field.key })?.value, i < otherItems.count {
            there = describe(otherItems[i], in: other)
        } else {
            there = "(no such element)"
        }
        let holder = object.className.map(ValueFormatter.excerpt) ?? object.kind.rawValue
        return ("#\(id) \(holder) \(ValueFormatter.excerpt(field.key))[\(i)]", describe(items[i], in: located), there)
    }

    /// Value `i` of `object`'s own dictionary (plist object `container`), told by its key, in both readings.
    private func dictionaryValue(_ object: GraphObject, _ container: Int, _ i: Int, other: any ObjectGraph)
        -> (place: String, here: String, there: String)? {
        guard let tree = places?.tree, case .dict(let keys, _) = tree.node(container).value, i < keys.count,
              case .string(let key) = tree.node(keys[i]).value else { return nil }
        let holder = object.className.map(ValueFormatter.excerpt) ?? object.kind.rawValue
        let otherObject = object.id < other.objectCount ? other.object(object.id) : GraphObject(id: object.id, kind: .invalid)
        let value = { (o: GraphObject, g: any ObjectGraph) -> String in
            if key == "$class" { return o.classObjectID.map { "#\($0) (class \(o.className.map(ValueFormatter.excerpt) ?? "?"))" } ?? "(none)" }
            return o.fields.first { $0.rawKey == key || $0.key == key }.map { self.describe($0.value, in: g) } ?? "(no such key)"
        }
        return ("#\(object.id) \(holder) \(ValueFormatter.excerpt(key))", value(object, located), value(otherObject, other))
    }

    /// A one-line value: references with their target's class.
    private func describe(_ value: FieldValue, in graph: any ObjectGraph) -> String {
        switch value {
        case .reference(.object(let id)) where id >= 0 && id < graph.objectCount:
            let target = graph.structure(id)
            let what = target.className.map(ValueFormatter.excerpt) ?? target.value.map(ValueFormatter.summary) ?? target.kind.rawValue
            return "#\(id) (\(what))"
        default:
            return KnownText.describe(value)
        }
    }

    /// The first field of `object` whose value is another in `other` (by key; a key `other` lacks
    /// differs), among their first `limit` fields: one pass over each (a root of tens of thousands
    /// of fields, as a typedstream's can be, was compared field by field with every other).
    static func firstDiffering(_ object: GraphObject, _ other: GraphObject, limit: Int = 100_000) -> Field? {
        var others: [String: FieldValue] = [:]
        for field in other.fields.prefix(limit) where others[field.key] == nil { others[field.key] = field.value }
        return object.fields.prefix(limit).first { others[$0.key] != $0.value }
    }

    /// The field of `object` whose bytes hold `offset`, the shortest when several do.
    static func innermostField(of object: GraphObject, containing offset: Int) -> Field? {
        var best: Field?
        for field in object.fields where field.range.map({ $0.start <= offset && offset < $0.end }) ?? false {
            if best?.range.map({ $0.count > (field.range?.count ?? Int.max) }) ?? true { best = field }
        }
        return best
    }
}

/// Objects of a graph by the bytes they span, for finding the innermost one holding an offset.
struct ObjectRangeIndex {
    /// (start, end, id), by start.
    private let spans: [(start: Int, end: Int, id: ObjectID)]

    /// (start, end, id) of the fields whose bytes lie apart from their object's (a NIB's value table).
    private let fieldSpans: [(start: Int, end: Int, id: ObjectID)]

    init(_ graph: any ObjectGraph) {
        var spans: [(start: Int, end: Int, id: ObjectID)] = []
        var fieldSpans: [(start: Int, end: Int, id: ObjectID)] = []
        for id in 0..<graph.objectCount {
            let object = graph.structure(id)
            if let r = object.range, r.count > 0 { spans.append((r.start, r.end, id)) }
            for field in object.fields {
                if let r = field.range, r.count > 0, !(object.range.map { $0.start <= r.start && r.end <= $0.end } ?? false) {
                    fieldSpans.append((r.start, r.end, id))
                }
            }
        }
        self.spans = Self.sorted(spans)
        self.fieldSpans = Self.sorted(fieldSpans)
    }

    private static func sorted(_ spans: [(start: Int, end: Int, id: ObjectID)]) -> [(start: Int, end: Int, id: ObjectID)] {
        spans.sorted { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end }
    }

    /// The object with the shortest span holding `offset`; else the object of the shortest field span
    /// holding it (a field stored apart from its object).
    func innermost(containing offset: Int) -> ObjectID? {
        Self.innermost(in: spans, containing: offset) ?? Self.innermost(in: fieldSpans, containing: offset)
    }

    private static func innermost(in spans: [(start: Int, end: Int, id: ObjectID)], containing offset: Int) -> ObjectID? {
        // Spans starting at or before `offset`: the last of them, going back while one may still hold it.
        var low = 0, high = spans.count
        while low < high {
            let mid = (low + high) / 2
            if spans[mid].start <= offset { low = mid + 1 } else { high = mid }
        }
        var best: (length: Int, id: ObjectID)?
        var i = low - 1
        var looked = 0
        while i >= 0, looked < 4_096 {
            let span = spans[i]
            if offset < span.end, best.map({ span.end - span.start < $0.length }) ?? true { best = (span.end - span.start, span.id) }
            i -= 1
            looked += 1
        }
        return best?.id
    }
}

import ArchiveCore
import ArchiveDocuments
import ArchivePresentation
import NIBArchive

/// Known Foundation classes as natural values. Only an object whose own class is one of these is
/// read so (a subclass of NSArray keeps its keys: its extra state would be lost), and an object that
/// does not have the layout its class promises falls back to the dictionary of its keys, so a damaged
/// one loses nothing.
///
/// | class | value |
/// |---|---|
/// | NSArray, NSMutableArray | array |
/// | NSSet, NSMutableSet, NSCountedSet | `{"$set": [...]}` |
/// | NSOrderedSet, NSMutableOrderedSet | `{"$orderedSet": [...]}` |
/// | NSDictionary, NSMutableDictionary | dictionary, or `{"$entries": [[k, v], …]}` |
/// | NSString, NSMutableString | string |
/// | NSData, NSMutableData | data |
/// | NSDate | date |
/// | NSNumber | number or bool |
/// | NSNull | null |
/// | NSUUID | `{"$uuid": "…"}` |
/// | NSURL | `{"$url": "…", "$base": …}` |
/// | NSAttributedString, NSMutableAttributedString | `{"$string": "…", "$runs": [{"$range": [s, e], "$attributes": …}]}` |
extension ExportShapes {
    /// The natural value of an instance of a known class, or nil.
    func known(_ o: GraphObject) -> ExportValue? {
        guard let name = o.className, name.utf8.count <= 40, name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        // Made only where a presenter's accessors are used: it holds a copy of the object.
        let k = { KnownObject(object: o, graph: graph, name: name, wantsChildren: false) }
        switch name {
        case "NSArray", "NSMutableArray": return ArrayPresenter.items(of: o, in: graph).map(list)
        case "NSSet", "NSMutableSet", "NSCountedSet": return ArrayPresenter.items(of: o, in: graph).map { .tagged("$set", list($0)) }
        case "NSOrderedSet", "NSMutableOrderedSet": return orderedSet(k()).map { .tagged("$orderedSet", list($0)) }
        case "NSDictionary", "NSMutableDictionary": return dictionary(o, k)
        case "NSString", "NSMutableString": return StringPresenter.text(of: o, in: graph).map { .scalar(.string($0)) }
        case "NSData", "NSMutableData": return DataPresenter.bytes(of: o, in: graph).map { leaf(.data($0)) }
        case "NSDate": return date(k()).map { .scalar(.date($0)) }
        case "NSNumber": return number(k()).map { .scalar(ExportScalar($0)) }
        case "NSNull": return .scalar(.null)
        case "NSUUID": return uuid(k())
        case "NSURL": return url(k())
        case "NSAttributedString", "NSMutableAttributedString": return attributedString(k())
        default: return nil
        }
    }

    private func list(_ items: FieldList) -> ExportValue {
        .array(ExportItems(count: items.count) { value(items[$0]) })
    }

    private func orderedSet(_ k: KnownObject) -> FieldList? {
        if k.isTyped || k.isNib { return ArrayPresenter.items(of: k.object, in: graph) }
        let (items, gap) = k.numbered("NS.object.")
        return gap == nil ? FieldList(items) : nil
    }

    /// NSDictionary: keyed `NS.keys`/`NS.objects` (or `NS.key.N`/`NS.object.N`), typedstream and nib
    /// alternating key and object; nil when the keys and objects do not pair up. `known` makes the
    /// `KnownObject` only for the forms that are not `NS.keys`/`NS.objects`.
    private func dictionary(_ o: GraphObject, _ known: () -> KnownObject) -> ExportValue? {
        var keys: [FieldValue] = [], objects: [FieldValue] = []
        if graph.graphKind == .nibArchive || KnownObject.isTypedstream(o, in: graph) {
            let k = known()
            let values: [FieldValue]
            if k.isNib {
                values = Array(NibStructure.nibArchiveElements(k.object))
            } else {
                let typed = k.typedValues
                let hasCount = typed.first?.isInteger == true
                values = typed.dropFirst(hasCount ? 1 : 0).filter(\.isObject).map(\.value)
            }
            for (i, v) in values.enumerated() {
                if i % 2 == 0 { keys.append(v) } else { objects.append(v) }
            }
        } else {
            // Each field looked up once and its lists read in place: looking `NS.keys` up twice, copying
            // both lists into arrays and zipping them was a fifth of this function on a keyed archive.
            let storedKeys = o.field("NS.keys")?.value, storedObjects = o.field("NS.objects")?.value
            if storedKeys != nil || storedObjects != nil {
                guard case .list(let keyItems)? = storedKeys, case .list(let objectItems)? = storedObjects,
                      keyItems.count == objectItems.count else { return nil }
                return stringKeyedDictionary(keyItems, objectItems)
                    ?? dictionary((0..<keyItems.count).map { (key: dictionaryKey(keyItems[$0]), value: value(objectItems[$0])) })
            }
            let k = known()
            let (numberedKeys, keyGap) = k.numbered("NS.key."), (numberedObjects, objectGap) = k.numbered("NS.object.")
            guard keyGap == nil, objectGap == nil else { return nil }
            keys = numberedKeys
            objects = numberedObjects
        }
        guard keys.count == objects.count else { return nil }
        return dictionary(zip(keys, objects).map { (key: dictionaryKey($0), value: value($1)) })
    }

    /// `dictionary(_:)`'s dictionary for the common case, when every key is a string object whose text
    /// is remembered and no two keys have one text (compared by their numbers, `ExportKeyTexts`, as a
    /// plain property list's are); nil otherwise, for `dictionary(_:)` to decide. Building the pairs and
    /// finding repeats among their texts was half of an NSDictionary's export (issue 39).
    private func stringKeyedDictionary(_ keyItems: FieldList, _ objectItems: FieldList) -> ExportValue? {
        let count = keyItems.count
        var names: [String] = [], numbers: [Int] = []
        names.reserveCapacity(count)
        numbers.reserveCapacity(count)
        for i in 0..<count {
            guard case .reference(.object(let id)) = keyItems[i], id >= 0, id < graph.objectCount,
                  let key = keyTexts.key(of: id, load: { StringPresenter.text(of: graph.object($0), in: graph) }),
                  let number = key.number else { return nil }
            names.append(exportKey(key.text))
            numbers.append(number)
        }
        guard !Self.repeatsANumber(numbers) else { return nil }
        let items = (0..<count).map { value(objectItems[$0]) }
        return .dictionary(ExportEntries(count: count) { (names[$0], items[$0]) })
    }

    /// A dictionary key: the text of a string object, else the key's value. The text is remembered by
    /// object (`ExportKeyTexts`): an archive's dictionaries share their key strings, and reading the
    /// key object again for each dictionary was a tenth of a keyed `--unarchive json`.
    private func dictionaryKey(_ key: FieldValue) -> ExportValue {
        if case .reference(.object(let id)) = key, id >= 0, id < graph.objectCount,
           let text = keyTexts.text(of: id, load: { StringPresenter.text(of: graph.object($0), in: graph) }) {
            return .scalar(.string(text))
        }
        return value(key)
    }

    private func date(_ k: KnownObject) -> Double? {
        if k.isTyped { return k.typedValues.first(where: { $0.isReal || $0.isInteger })?.real }
        return k.real(k.value("NS.time"))
    }

    private func number(_ k: KnownObject) -> ScalarValue? {
        if k.isTyped {
            let values = k.typedValues
            guard values.count == 2, values[0].type == "*" || values[0].type == "+", case .scalar(let s) = values[1].value else { return nil }
            return s
        }
        for key in ["NS.number", "NS.intval", "NS.dblval", "NS.boolval"] {
            if let stored = k.value(key) { return k.scalar(stored) }
        }
        return nil
    }

    private func uuid(_ k: KnownObject) -> ExportValue? {
        guard !k.isTyped, let bytes = k.bytes(k.value("NS.uuidbytes")), bytes.count == 16 else { return nil }
        return .tagged("$uuid", .scalar(.string(SimpleValuePresenter.canonical(bytes))))
    }

    private func url(_ k: KnownObject) -> ExportValue? {
        guard !k.isTyped, let relative = k.text(k.value("NS.relative")) else { return nil }
        var pairs: [(String, ExportValue)] = [("$url", .scalar(.string(relative)))]
        if let base = k.value("NS.base"), case .reference(.object) = base { pairs.append(("$base", value(base))) }
        return .dictionary(ExportEntries(pairs))
    }

    private func attributedString(_ k: KnownObject) -> ExportValue? {
        let (stringValue, stored, notes) = k.isTyped ? AttributedStringPresenter.typed(k) : AttributedStringPresenter.keyed(k)
        guard notes.allSatisfy({ $0 == nil }), let text = k.text(stringValue) else { return nil }
        let units = text.utf16.count
        var start = 0
        var runs: [ExportValue] = []
        for run in stored {
            let length = run.length < 0 ? units : run.length
            let (end, overflow) = start.addingReportingOverflow(length)
            guard !overflow else { return nil }
            let range = ExportValue.array(ExportItems([.scalar(.integer(Int128(start))), .scalar(.integer(Int128(end)))]))
            runs.append(.dictionary(ExportEntries([("$range", range), ("$attributes", value(run.attributes))])))
            start = end
        }
        return .dictionary(ExportEntries([("$string", .scalar(.string(text))), ("$runs", .array(ExportItems(runs)))]))
    }
}

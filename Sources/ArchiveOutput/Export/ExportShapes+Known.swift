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
        let k = KnownObject(object: o, graph: graph, name: name, wantsChildren: false)
        switch name {
        case "NSArray", "NSMutableArray": return ArrayPresenter.items(of: o, in: graph).map(list)
        case "NSSet", "NSMutableSet", "NSCountedSet": return ArrayPresenter.items(of: o, in: graph).map { .tagged("$set", list($0)) }
        case "NSOrderedSet", "NSMutableOrderedSet": return orderedSet(k).map { .tagged("$orderedSet", list($0)) }
        case "NSDictionary", "NSMutableDictionary": return dictionary(k)
        case "NSString", "NSMutableString": return StringPresenter.text(of: o, in: graph).map { .scalar(.string($0)) }
        case "NSData", "NSMutableData": return DataPresenter.bytes(of: o, in: graph).map { leaf(.data($0)) }
        case "NSDate": return date(k).map { .scalar(.date($0)) }
        case "NSNumber": return number(k).map { .scalar(ExportScalar($0)) }
        case "NSNull": return .scalar(.null)
        case "NSUUID": return uuid(k)
        case "NSURL": return url(k)
        case "NSAttributedString", "NSMutableAttributedString": return attributedString(k)
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
    /// alternating key and object; nil when the keys and objects do not pair up.
    private func dictionary(_ k: KnownObject) -> ExportValue? {
        var keys: [FieldValue] = [], objects: [FieldValue] = []
        if k.isTyped || k.isNib {
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
            let storedKeys = k.value("NS.keys"), storedObjects = k.value("NS.objects")
            if storedKeys != nil || storedObjects != nil {
                guard case .list(let keyItems)? = storedKeys, case .list(let objectItems)? = storedObjects,
                      keyItems.count == objectItems.count else { return nil }
                return dictionary((0..<keyItems.count).map { (key: dictionaryKey(keyItems[$0]), value: value(objectItems[$0])) })
            }
            let (numberedKeys, keyGap) = k.numbered("NS.key."), (numberedObjects, objectGap) = k.numbered("NS.object.")
            guard keyGap == nil, objectGap == nil else { return nil }
            keys = numberedKeys
            objects = numberedObjects
        }
        guard keys.count == objects.count else { return nil }
        return dictionary(zip(keys, objects).map { (key: dictionaryKey($0), value: value($1)) })
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

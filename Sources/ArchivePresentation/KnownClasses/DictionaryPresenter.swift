import ArchiveCore
import NIBArchive

/// NSDictionary, NSMutableDictionary.
///
/// Keyed: `NS.keys` and `NS.objects`, parallel inline arrays of UIDs, or `NS.key.N`/`NS.object.N`
/// (FORMATS.md C.6). typedstream: an `i` count, then `@` key, `@` value pairs (D.7).
/// The summary costs no decodes. Children are keyed by the key's text when the key is a string
/// object (by its summary for other keys); keys are decoded only up to `keyDecodeLimit` entries.
enum DictionaryPresenter {
    /// Largest dictionary whose keys are decoded to label the children.
    static let keyDecodeLimit = 1000

    static func present(_ k: KnownObject) -> KnownPresentation? {
        k.isTyped ? typed(k) : k.isNib ? nib(k) : keyed(k)
    }

    /// NIBArchive: `UINibEncoderEmptyKey` values alternating key, object (FORMATS.md E).
    private static func nib(_ k: KnownObject) -> KnownPresentation {
        let items = NibStructure.nibArchiveElements(k.object)
        var keys: [FieldValue] = [], objects: [FieldValue] = []
        for (i, item) in items.enumerated() {
            if i % 2 == 0 { keys.append(item) } else { objects.append(item) }
        }
        return entries(k, FieldList(keys), FieldList(objects), notes: [])
    }

    private static func keyed(_ k: KnownObject) -> KnownPresentation {
        let keysValue = k.value("NS.keys"), objectsValue = k.value("NS.objects")
        if keysValue == nil, objectsValue == nil {
            let (keys, keyGap) = k.numbered("NS.key.")
            let (objects, objectGap) = k.numbered("NS.object.")
            if keys.isEmpty, objects.isEmpty { return k.result(k.name + ", 0 entries", []) }
            let notes = [keyGap.map { "NS.key.\($0) missing" }, objectGap.map { "NS.object.\($0) missing" }]
            return entries(k, FieldList(keys), FieldList(objects), notes: notes)
        }
        var notes: [String?] = []
        let keys = list(keysValue, "NS.keys", &notes), objects = list(objectsValue, "NS.objects", &notes)
        return entries(k, keys, objects, notes: notes)
    }

    /// The items of an inline array; a missing or non-array value adds a note and gives no items.
    private static func list(_ value: FieldValue?, _ key: String, _ notes: inout [String?]) -> FieldList {
        switch value {
        case .list(let items): return items
        case nil: notes.append(key + " missing")
        default: notes.append(key + " is not an inline array")
        }
        return []
    }

    private static func typed(_ k: KnownObject) -> KnownPresentation {
        let (declared, refs) = TypedValues.countAndObjects(k.object.fields)
        let (keys, objects) = alternate(refs)
        var notes: [String?] = []
        if let declared, declared != Int128(keys.count) || keys.count != objects.count {
            notes.append("count says \(declared)")
        }
        return entries(k, keys, objects, notes: notes)
    }

    /// The even items (keys) and the odd items (objects) of `refs`; of a lazily read list, lists read
    /// on access too.
    private static func alternate(_ refs: FieldList) -> (keys: FieldList, objects: FieldList) {
        if let identity = refs.identity {
            return (FieldList(count: (refs.count + 1) / 2, identity: TypedValues.derived(identity, 2)) { refs[2 * $0] },
                    FieldList(count: refs.count / 2, identity: TypedValues.derived(identity, 3)) { refs[2 * $0 + 1] })
        }
        var keys: [FieldValue] = [], objects: [FieldValue] = []
        for (i, v) in refs.enumerated() {
            if i % 2 == 0 { keys.append(v) } else { objects.append(v) }
        }
        return (FieldList(keys), FieldList(objects))
    }

    /// Pairs keys with objects; a missing partner is shown as an invalid value or an index label.
    private static func entries(_ k: KnownObject, _ keys: FieldList, _ objects: FieldList, notes: [String?]) -> KnownPresentation {
        let counts = keys.count == objects.count
            ? KnownText.count(keys.count, "entry", "entries")
            : "\(KnownText.count(keys.count, "key")) / \(KnownText.count(objects.count, "object")) (mismatch)"
        let problems = [ArrayPresenter.problem(in: keys).map { "key " + $0 }, ArrayPresenter.problem(in: objects)]
        let summary = KnownText.join(k.name, counts) + ArrayPresenter.note(notes + problems)
        return k.result(summary, lazy: children(k, keys, objects))
    }

    /// Entries labelled by their keys' text; past `keyDecodeLimit` entries, `[i]` rows made on demand.
    private static func children(_ k: KnownObject, _ keys: FieldList, _ objects: FieldList) -> FieldCollection {
        let total = max(keys.count, objects.count)
        guard total <= keyDecodeLimit else {
            return FieldCollection(count: total) { Field(key: "[\($0)]", value: object(objects, $0)) }
        }
        return FieldCollection((0..<total).map { i in
            let label = i < keys.count ? keyLabel(k, keys[i]) ?? "[\(i)]" : "[\(i)]"
            return Field(key: label, value: object(objects, i))
        })
    }

    /// The object stored for entry `i`, or an invalid value saying it is missing.
    private static func object(_ objects: FieldList, _ i: Int) -> FieldValue {
        i < objects.count ? objects[i] : .invalid("no object for this key (only \(KnownText.count(objects.count, "object")) stored)")
    }

    /// The key's text for a string key, else its summary (one decode, more for nested summaries).
    static func keyLabel(_ k: KnownObject, _ key: FieldValue) -> String? {
        guard case .reference(.object(let id)) = key, let t = k.target(key) else { return nil }
        if let text = StringPresenter.text(of: t, in: k.graph) { return text.isEmpty ? "\"\"" : KnownText.label(text) }
        return k.summary(of: t, id: id)
    }
}

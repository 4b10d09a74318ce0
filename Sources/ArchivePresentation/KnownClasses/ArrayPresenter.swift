import ArchiveCore
import NIBArchive

/// NSArray, NSMutableArray, NSSet, NSMutableSet, NSCountedSet.
///
/// Keyed: `NS.objects` = inline array of UIDs (FORMATS.md C.6). typedstream: an `i` (sets: `I`) count,
/// then one `@` per element (D.7). The summary costs no decodes; children are the element references,
/// made when their rows are asked for. NSCountedSet is read like NSSet; where Apple keeps the counts
/// is UNCERTAIN.
package enum ArrayPresenter {
    /// Items of a long (lazily read) list that the summary looks at for a problem; the full check
    /// looks at all of them.
    static let problemScanLimit = 4096

    static func present(_ k: KnownObject) -> KnownPresentation? {
        k.isTyped ? typed(k) : k.isNib ? nib(k) : keyed(k)
    }

    /// NIBArchive: the elements are the `UINibEncoderEmptyKey` values after `NSInlinedValue` (FORMATS.md E).
    private static func nib(_ k: KnownObject) -> KnownPresentation {
        let items = NibStructure.nibArchiveElements(k.object)
        let summary = KnownText.join(k.name, KnownText.count(items.count, "item")) + note([problem(in: items)])
        return k.result(summary, lazy: .elements(items))
    }

    private static func keyed(_ k: KnownObject) -> KnownPresentation {
        guard let stored = k.value("NS.objects") else { return k.result(k.name + ", NS.objects missing", []) }
        guard case .list(let items) = stored else {
            return k.result(k.name + ", NS.objects is not an inline array (" + KnownText.describe(stored) + ")",
                            [Field(key: "NS.objects", value: stored)])
        }
        let summary = KnownText.join(k.name, KnownText.count(items.count, "item")) + note([problem(in: items)])
        return k.result(summary, lazy: .elements(items))
    }

    private static func typed(_ k: KnownObject) -> KnownPresentation {
        let (declared, items) = TypedValues.countAndObjects(k.object.fields)
        var notes: [String?] = [problem(in: items)]
        if let declared, declared != Int128(items.count) { notes.append("count says \(declared), \(items.count) stored") }
        if declared == nil { notes.append("no count") }
        let summary = KnownText.join(k.name, KnownText.count(items.count, "item")) + note(notes)
        return k.result(summary, lazy: .elements(items))
    }

    /// The elements of an array object, as stored: keyed `NS.objects`, or typedstream `@` values.
    package static func items(of object: GraphObject, in graph: any ObjectGraph) -> FieldList? {
        guard object.kind == .instance else { return nil }
        if KnownObject.isTypedstream(object, in: graph) {
            return TypedValues.countAndObjects(object.fields).objects
        }
        if graph.graphKind == .nibArchive { return NibStructure.nibArchiveElements(object) }
        if case .list(let items) = object.field("NS.objects")?.value { return items }
        return nil
    }

    /// The first element an unarchiver would choke on: a non-reference (corelibs stops there) or nil.
    /// Of a lazily read list only the first `problemScanLimit` items are looked at.
    static func problem(in items: FieldList) -> String? {
        let scanned = items.isLazy ? items.prefix(problemScanLimit) : items[...]
        for (i, item) in zip(scanned.indices, scanned) {
            switch item {
            case .reference(.object): continue
            case .reference(.null), .reference(.conditionalNull): return "item \(i) is nil"
            case .reference(.dangling(let raw, _)): return "item \(i) is a dangling reference \(raw)"
            default: return "item \(i) is not an object reference"
            }
        }
        return nil
    }

    /// ` (a; b)` for the non-nil notes, or empty.
    static func note(_ notes: [String?]) -> String {
        let present = notes.compactMap { $0 }
        return present.isEmpty ? "" : " (" + present.joined(separator: "; ") + ")"
    }
}

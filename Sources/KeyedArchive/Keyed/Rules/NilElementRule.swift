import ArchiveCore

/// Collections cannot hold nil: UID 0 (or a conditional never encoded) inside `NS.objects`/`NS.keys`.
enum NilElementRule: KeyedObjectRule {
    static func check(_ context: KeyedObjectContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for key in ["NS.objects", "NS.keys"] {
            guard let field = context.object.field(key), case .list(let items) = field.value else { continue }
            let scanned = context.scanned(items)
            for (i, item) in zip(scanned.indices, scanned) {
                guard case .reference(let ref) = item else { continue }
                switch ref {
                case .null, .conditionalNull:
                    let place = context.itemNode(of: field, at: i) ?? context.valueNode(of: field)
                    found.append(context.diagnostic(.collectionNilElement, Messages.nilElement(context.id, key, i), at: place))
                default: continue
                }
                if found.count >= 20 { return found }
            }
        }
        return found
    }

    enum Messages {
        static func nilElement(_ id: Int, _ key: String, _ index: Int) -> String {
            "object #\(id) \(key)[\(index)] refers to nil; a collection cannot hold nil (Apple's unarchiver gives no collection at all, swift-corelibs-foundation drops the element, GNUstep raises \"decoded nil in array\")"
        }
    }
}

import ArchiveCore

/// Every UID stored in an object must lead into `$objects`. Each dangling one is located at the value
/// that holds it (in XML, its `CF$UID` dictionary; for a list element, that element), with its own
/// line and column, not at the object around it.
enum DanglingReferenceRule: KeyedObjectRule {
    /// At most this many per object: one damaged list can hold millions.
    static let limit = 50

    static func check(_ context: KeyedObjectContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for field in context.object.fields where found.count < limit {
            switch field.value {
            case .reference(.dangling(let raw, let reason)):
                found.append(context.diagnostic(.refDangling, Messages.dangling(context.id, field.key, raw, reason),
                                                at: context.valueNode(of: field) ?? located(field)))
            case .list(let items):
                let scanned = context.scanned(items)
                for (i, item) in zip(scanned.indices, scanned) where found.count < limit {
                    switch item {
                    case .reference(.dangling(let raw, let reason)):
                        let place = context.itemNode(of: field, at: i) ?? context.valueNode(of: field) ?? located(field)
                        found.append(context.diagnostic(.refDangling, Messages.dangling(context.id, "\(field.key)[\(i)]", raw, reason), at: place))
                    case .list:
                        // A nested list (damaged archives only): its dangling UIDs, located at the item.
                        item.forEachReference { ref in
                            guard case .dangling(let raw, let reason) = ref, found.count < limit else { return }
                            let place = context.itemNode(of: field, at: i) ?? context.valueNode(of: field) ?? located(field)
                            found.append(context.diagnostic(.refDangling, Messages.dangling(context.id, "\(field.key)[\(i)]", raw, reason), at: place))
                        }
                    default:
                        continue
                    }
                }
            default:
                continue
            }
        }
        return found
    }

    /// The field's own bytes when no plist node is known for it (no position: the field's range has none).
    private static func located(_ field: Field) -> PlistNode? {
        field.range.map { PlistNode(.invalid(""), range: $0) }
    }

    enum Messages {
        static func dangling(_ id: Int, _ key: String, _ raw: UInt64, _ reason: String) -> String {
            "object #\(id) key \(ValueFormatter.excerpt(key)): \(reason)"
        }
    }
}

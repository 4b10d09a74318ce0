/// Every UID stored in an object must lead into `$objects`.
enum DanglingReferenceRule: KeyedObjectRule {
    static func check(_ context: KeyedObjectContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for field in context.object.fields {
            field.value.forEachReference(lazyItemLimit: context.lazyItemLimit) { ref in
                if case .dangling(let raw, let reason) = ref, found.count < 50 {
                    found.append(context.diagnostic(.refDangling,
                        Messages.dangling(context.id, field.key, raw, reason), range: field.range))
                }
            }
        }
        return found
    }

    enum Messages {
        static func dangling(_ id: Int, _ key: String, _ raw: UInt64, _ reason: String) -> String {
            "object #\(id) key \(ValueFormatter.excerpt(key)): \(reason)"
        }
    }
}

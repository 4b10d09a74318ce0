import ArchiveCore

/// NSString, NSMutableString.
///
/// Keyed: NSString is a bare string value (not an instance); NSMutableString is an object with
/// `NS.string` = inline string, and `NS.bytes` (UTF-8 data) is accepted too (FORMATS.md C.6).
/// typedstream: a `+` value holding the UTF-8 bytes (D.7). Invalid UTF-8 shows as `\u{FFFD}`.
package enum StringPresenter {
    static func present(_ k: KnownObject) -> KnownPresentation? {
        if let text = text(of: k.object, in: k.graph) { return KnownPresentation(summary: ValueFormatter.quoted(text)) }
        let missing = k.isTyped ? "no + value" : "NS.string missing"
        return KnownPresentation(summary: k.name + ", " + missing)
    }

    /// The text of a string object: a bare string value, or an NSString/NSMutableString instance.
    /// Follows at most one reference (a keyed `NS.string` stored as a UID).
    package static func text(of object: GraphObject, in graph: any ObjectGraph) -> String? {
        switch object.kind {
        case .value:
            if case .string(let s) = object.value { return s }
            return nil
        case .instance:
            guard isString(object) else { return nil }
            if KnownObject.isTypedstream(object, in: graph) {
                return typedText(object)
            }
            return keyedText(object, graph)
        default:
            return nil
        }
    }

    private static func isString(_ object: GraphObject) -> Bool {
        ([object.className].compactMap { $0 } + object.classChain.map(\.name))
            .contains { $0.isLiterally("NSString") || $0.isLiterally("NSMutableString") }
    }

    private static func keyedText(_ object: GraphObject, _ graph: any ObjectGraph) -> String? {
        switch object.field("NS.string")?.value {
        case .scalar(.string(let s)): return s
        case .scalar(.data(let d)): return String(decoding: d, as: UTF8.self)
        case .reference(.object(let id)) where id >= 0 && id < graph.objectCount:
            if case .string(let s) = graph.object(id).value { return s }
        default: break
        }
        if case .scalar(.data(let d)) = object.field("NS.bytes")?.value { return String(decoding: d, as: UTF8.self) }
        return nil
    }

    private static func typedText(_ object: GraphObject) -> String? {
        for v in TypedValues.flatten(object.fields) where v.type == "+" || v.type == "*" {
            switch v.value {
            case .scalar(.data(let d)): return String(decoding: d, as: UTF8.self)
            case .scalar(.string(let s)): return s
            default: continue
            }
        }
        return nil
    }
}

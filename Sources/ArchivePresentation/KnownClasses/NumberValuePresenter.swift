import ArchiveCore

/// NSNumber (object form) and NSValue.
///
/// Keyed (FORMATS.md C.6): an NSNumber object dict holds `NS.number`, or `NS.intval`/`NS.dblval`/
/// `NS.boolval`. NSValue holds `NS.special` (1 point `NS.pointval`, 2 size `NS.sizeval`, 3 rect
/// `NS.rectval`, 4 range `NS.rangeval.location`/`.length`, 12 edge insets `NS.edgeval.*`; other codes are
/// UNCERTAIN and shown by number), or `$0` = type encoding and `$1` = value. typedstream (D.7): a `*`
/// type-encoding string, then the value in that encoding.
enum NumberValuePresenter {
    static func present(_ k: KnownObject) -> KnownPresentation? {
        if k.isTyped { return typed(k) }
        return k.name == "NSNumber" ? number(k) : value(k)
    }

    private static func number(_ k: KnownObject) -> KnownPresentation {
        for key in ["NS.number", "NS.intval", "NS.dblval", "NS.boolval"] {
            guard let stored = k.value(key) else { continue }
            if let s = k.scalar(stored) { return KnownPresentation(summary: ValueFormatter.summary(s)) }
            return KnownPresentation(summary: "NSNumber, \(key) is not a number (" + KnownText.describe(stored) + ")")
        }
        return KnownPresentation(summary: "NSNumber, no value (NS.number, NS.intval, NS.dblval, NS.boolval missing)")
    }

    private static func value(_ k: KnownObject) -> KnownPresentation {
        guard let specialValue = k.value("NS.special") else { return concrete(k) }
        guard let code = k.integer(specialValue) else {
            return KnownPresentation(summary: "NSValue, NS.special is not an integer (" + KnownText.describe(specialValue) + ")")
        }
        switch code {
        case 1: return geometry(k, "point", "NS.pointval")
        case 2: return geometry(k, "size", "NS.sizeval")
        case 3: return geometry(k, "rect", "NS.rectval")
        case 4:
            let location = k.integer(k.value("NS.rangeval.location")).map { "\($0)" } ?? "?"
            let length = k.integer(k.value("NS.rangeval.length")).map { "\($0)" } ?? "?"
            return KnownPresentation(summary: "range {\(location), \(length)}")
        case 12:
            let parts = ["top", "left", "bottom", "right"].map { side in
                k.real(k.value("NS.edgeval." + side)).map(ValueFormatter.real) ?? "?"
            }
            return KnownPresentation(summary: "edge insets {" + parts.joined(separator: ", ") + "}")
        default:
            return KnownPresentation(summary: "NSValue, special type \(code) (not decoded)")
        }
    }

    private static func geometry(_ k: KnownObject, _ kind: String, _ key: String) -> KnownPresentation {
        guard let stored = k.value(key) else { return KnownPresentation(summary: "\(kind), \(key) missing") }
        guard let text = k.text(stored) else { return KnownPresentation(summary: "\(kind), \(key) is not a string") }
        return KnownPresentation(summary: kind + " " + KnownText.inline(text))
    }

    /// A non-special NSValue: `$0` type encoding (string object), `$1` the value.
    private static func concrete(_ k: KnownObject) -> KnownPresentation {
        let typeValue = k.value("$0"), payload = k.value("$1")
        let type = k.text(typeValue)
        let shown = payload.map { k.summary(of: $0) } ?? "no value ($1 missing)"
        let head = type.map { "NSValue of type " + ValueFormatter.quoted($0) } ?? "NSValue, no type ($0 missing)"
        var children: [Field] = []
        if let typeValue { children.append(Field(key: "type", value: typeValue)) }
        if let payload { children.append(Field(key: "value", value: payload)) }
        return k.result(head + ": " + shown, children)
    }

    private static func typed(_ k: KnownObject) -> KnownPresentation {
        let values = k.typedValues
        guard let first = values.first, first.type == "*" || first.type == "+" else {
            return KnownPresentation(summary: k.name + ", no type-encoding string")
        }
        let type = typeText(k, first.value)
        let rest = values.dropFirst().map(\.value)
        let payload: FieldValue? = rest.count == 1 ? rest.first : (rest.isEmpty ? nil : .list(rest))
        let shown = payload.map { KnownText.typed($0) } ?? "no value"
        let summary = k.name == "NSNumber" && type != nil ? shown
            : (type.map { "type " + ValueFormatter.quoted($0) } ?? "unreadable type") + ": " + shown
        var children = [Field(key: "type", value: first.value)]
        if let payload { children.append(Field(key: "value", value: payload)) }
        return k.result(summary, children)
    }

    /// A typedstream C string: inline text or bytes, or a string object in the object table.
    private static func typeText(_ k: KnownObject, _ value: FieldValue) -> String? {
        if case .scalar(.data(let d)) = value { return String(decoding: d, as: UTF8.self) }
        return k.text(value)
    }
}

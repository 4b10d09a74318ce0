/// Small text helpers shared by the known-class presenters.
package enum KnownText {
    /// `1 item`, `3 items`.
    package static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        n == 1 ? "1 \(singular)" : "\(n) \(plural ?? singular + "s")"
    }

    /// `name, detail` or just `name`.
    package static func join(_ name: String, _ parts: String?...) -> String {
        ([name] + parts.compactMap { $0 }).joined(separator: ", ")
    }

    /// Display-safe text of a scalar, or a short description of any other field value.
    package static func describe(_ value: FieldValue) -> String {
        switch value {
        case .scalar(let s): ValueFormatter.summary(s)
        case .list(let items): count(items.count, "item")
        case .invalid(let why): "invalid: " + DisplayText.escapeMessage(why)
        case .sameAs(let same): "same as #\(same.owner)"
        case .reference(let r): reference(r)
        }
    }

    /// `#12`, `nil`, `conditional #3 (never encoded)`, `dangling 99`.
    package static func reference(_ r: Reference) -> String {
        switch r {
        case .object(let id): "#\(id)"
        case .null: "nil"
        case .conditionalNull(let id): "conditional #\(id) (never encoded)"
        case .dangling(let raw, _): "dangling reference \(raw)"
        }
    }

    /// A label built from file text: unescaped (the outline escapes labels) but cut to a sane length.
    package static func label(_ text: String) -> String {
        ValueFormatter.cut(text)
    }

    /// Text of a byte string that should be ASCII (color components): trailing NULs and spaces dropped.
    package static func ascii(_ bytes: [UInt8]) -> String {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0 || bytes[end - 1] == 0x20 { end -= 1 }
        return String(decoding: bytes[0..<end], as: UTF8.self)
    }
}

extension KnownText {
    /// File text shown bare inside a summary (geometry strings, color components): cut and escaped.
    package static func inline(_ text: String) -> String { DisplayText.escape(label(text)) }

    /// Typed values (scalars, structs as lists) as `{1.0, 2.0}`, at most 16 items per level.
    package static func typed(_ value: FieldValue, depth: Int = 0) -> String {
        switch value {
        case .scalar(let s): return ValueFormatter.summary(s)
        case .reference(let r): return reference(r)
        case .invalid(let why): return "invalid: " + DisplayText.escapeMessage(why)
        case .sameAs(let same): return "same as #\(same.owner)"
        case .list(let items):
            guard depth < 8 else { return "{…}" }
            let shown = items.prefix(16).map { typed($0, depth: depth + 1) }
            return "{" + shown.joined(separator: ", ") + (items.count > 16 ? ", …" : "") + "}"
        }
    }
}

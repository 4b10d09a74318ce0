/// Flattens a typedstream object's fields into one typed value per item.
///
/// A decoder may store a group such as `iI` as one field holding a two-item list, or as one field per
/// value; both read the same here.
enum TypedValues {
    static func flatten(_ fields: [Field]) -> [TypedValue] {
        var out: [TypedValue] = []
        out.reserveCapacity(fields.count)
        for field in fields {
            let encoding = field.typeEncoding ?? "?"
            // One character is one type (`@`, `i`): nothing to split (a million-element array's values).
            if encoding.utf8.count == 1 {
                out.append(TypedValue(type: encoding, value: field.value))
                continue
            }
            let types = split(encoding)
            if types.count > 1, case .list(let items) = field.value, items.count == types.count {
                for (t, v) in zip(types, items) { out.append(TypedValue(type: t, value: v)) }
            } else {
                out.append(TypedValue(type: types.count == 1 ? types[0] : encoding, value: field.value))
            }
        }
        return out
    }

    /// Top-level type encodings in `encoding`: `"iI"` → `["i", "I"]`, `"{_NSPoint=ff}@"` → two.
    static func split(_ encoding: String) -> [String] {
        let bytes = Array(encoding.utf8)
        var result: [String] = []
        var i = 0
        while i < bytes.count {
            let end = typeEnd(bytes, from: i)
            result.append(String(decoding: bytes[i..<end], as: UTF8.self))
            i = end
        }
        return result
    }

    /// Index just past the type starting at `start` (always > start).
    private static func typeEnd(_ b: [UInt8], from start: Int) -> Int {
        var i = start
        // Pointers and qualifiers (r n N o O R V) prefix another type.
        while i < b.count - 1, "^rnNoORV".utf8.contains(b[i]) { i += 1 }
        guard i < b.count else { return b.count }
        guard isOpening(b[i]) else { return i + 1 }
        var depth = 0
        while i < b.count {
            if isOpening(b[i]) { depth += 1 }
            if isClosing(b[i]) {
                depth -= 1
                if depth == 0 { return i + 1 }
            }
            i += 1
        }
        return b.count
    }

    private static func isOpening(_ c: UInt8) -> Bool { c == UInt8(ascii: "{") || c == UInt8(ascii: "[") || c == UInt8(ascii: "(") }
    private static func isClosing(_ c: UInt8) -> Bool { c == UInt8(ascii: "}") || c == UInt8(ascii: "]") || c == UInt8(ascii: ")") }
}

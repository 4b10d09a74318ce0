import ArchiveCore
import BinaryPlist

/// Flattens a typedstream object's fields into one typed value per item.
///
/// A decoder may store a group such as `iI` as one field holding a two-item list, or as one field per
/// value; both read the same here.
enum TypedValues {
    static func flatten<Fields: Collection<Field>>(_ fields: Fields) -> [TypedValue] {
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

    /// A collection's count and elements: the first value when it is an integer (nil: none), and the
    /// `@` values after it. When the fields are read on access and all `@` from some position on (a
    /// typedstream array's elements), the elements are a list read on access too: the count and the
    /// first and last elements cost a few reads, not one per element.
    static func countAndObjects(_ fields: FieldCollection) -> (declared: Int128?, objects: FieldList) {
        if let tail = fields.uniformTail, tail.encoding == "@", tail.start >= 0, tail.start <= fields.count,
           let identity = fields.identity.map(elementsIdentity) {
            let head = flatten(fields.prefix(tail.start))
            let declared = head.first.flatMap { $0.isInteger ? $0.integer : nil }
            let before = head.dropFirst(declared == nil ? 0 : 1).filter(\.isObject).map(\.value)
            let start = tail.start, total = before.count + fields.count - start
            return (declared, FieldList(count: total, identity: identity) { i in
                i < before.count ? before[i] : fields[start + i - before.count].value
            })
        }
        let values = flatten(fields)
        let declared = values.first.flatMap { $0.isInteger ? $0.integer : nil }
        return (declared, FieldList(values.dropFirst(declared == nil ? 0 : 1).filter(\.isObject).map(\.value)))
    }

    /// The identity of the element list of the fields read through `identity` (`derived` 1), or of a
    /// list derived from it (2, 3: a dictionary's keys and objects).
    static func elementsIdentity(_ identity: FieldList.Identity) -> FieldList.Identity { derived(identity, 1) }

    static func derived(_ identity: FieldList.Identity, _ part: Int) -> FieldList.Identity {
        FieldList.Identity(owner: identity.owner, node: identity.node &* 4 &+ part)
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

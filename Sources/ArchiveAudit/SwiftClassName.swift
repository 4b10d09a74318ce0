import ArchiveCore

/// A Swift class's runtime name, as `NSStringFromClass` writes it into an archive, read back as
/// `Module.Class`: the old mangling `_TtC<len><module><len><class>` (`_TtC8MyModule6Person`), with
/// nested classes (`_TtCC…`), and the `s` abbreviation for the standard library module; or an
/// already demangled `Module.Class`.
///
/// A bounded parser of its own: one forward pass over at most `lengthLimit` bytes, at most
/// `componentLimit` names, lengths of at most four digits; no recursion. Anything else (generic
/// classes `_TtGC…`, private discriminators, newer manglings) does not demangle, and says so.
package enum SwiftClassName: Sendable, Equatable {
    /// `Module.Class` (nested: `Module.Outer.Inner`).
    case demangled(String)
    /// A Swift mangled name this parser does not read, with why.
    case undemangled(reason: String)

    /// Longest name read, in bytes; names per class; digits of a length.
    static let lengthLimit = 1_024, componentLimit = 16, digitLimit = 4

    /// The Swift reading of `name`, or nil when the name is not a Swift class name.
    package static func parse(_ name: String) -> SwiftClassName? {
        let bytes = Array(name.utf8.prefix(lengthLimit + 1))
        if bytes.starts(with: Array("_Tt".utf8)) { return parseMangled(bytes) }
        return dotted(bytes)
    }

    /// `Module.Class`, when the name has that shape (identifier characters around one or more dots).
    private static func dotted(_ bytes: [UInt8]) -> SwiftClassName? {
        guard bytes.count <= lengthLimit, bytes.contains(UInt8(ascii: ".")) else { return nil }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count <= componentLimit, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isIdentifierByte) }) else { return nil }
        return .demangled(String(decoding: bytes, as: UTF8.self))
    }

    private static func parseMangled(_ bytes: [UInt8]) -> SwiftClassName {
        guard bytes.count <= lengthLimit else { return .undemangled(reason: "longer than \(lengthLimit) bytes") }
        var i = 3
        var nesting = 0
        while i < bytes.count, bytes[i] == UInt8(ascii: "C") {
            nesting += 1
            i += 1
            if nesting > componentLimit { return .undemangled(reason: "more than \(componentLimit) nested classes") }
        }
        guard nesting > 0 else {
            let kind = i < bytes.count && bytes[i] == UInt8(ascii: "G") ? "a generic class" : "not a class name"
            return .undemangled(reason: kind + " in a mangling this reader does not read")
        }
        var names: [String] = []
        // The module, then one name per `C`.
        while names.count < nesting + 1 {
            if names.isEmpty, i < bytes.count, bytes[i] == UInt8(ascii: "s") {
                names.append("Swift")
                i += 1
                continue
            }
            guard let (name, next) = lengthPrefixed(bytes, at: i) else {
                return .undemangled(reason: "no length-prefixed name at byte \(i)")
            }
            names.append(name)
            i = next
        }
        guard i == bytes.count else { return .undemangled(reason: "\(bytes.count - i) bytes left after the class name") }
        return .demangled(names.joined(separator: "."))
    }

    /// A decimal length (1 to `digitLimit` digits, no leading zero) and that many identifier bytes.
    private static func lengthPrefixed(_ bytes: [UInt8], at start: Int) -> (String, Int)? {
        var i = start, length = 0
        while i < bytes.count, i - start < digitLimit, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) {
            if i == start && bytes[i] == UInt8(ascii: "0") { return nil }
            length = length * 10 + Int(bytes[i] - UInt8(ascii: "0"))
            i += 1
        }
        guard i > start, length > 0, length <= bytes.count - i else { return nil }
        let name = bytes[i..<(i + length)]
        guard name.allSatisfy(isIdentifierByte) else { return nil }
        return (String(decoding: name, as: UTF8.self), i + length)
    }

    /// ASCII letters, digits and `_`, and the bytes of non-ASCII identifier characters.
    private static func isIdentifierByte(_ b: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "_") || b >= 0x80
    }
}

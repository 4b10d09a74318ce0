import ArchiveCore

/// A path to a value from a top-level (`$top`) entry through dictionary keys and array indices: what
/// `--extract` reads and the browser's `y p` copies, with a jq form beside it.
package struct KeyPath: Sendable, Equatable, CustomStringConvertible {
    /// One step: a dictionary key (or field name), or an element index.
    package enum Component: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    package var components: [Component]

    package init(_ components: [Component]) { self.components = components }

    /// The `--extract` form, `root.items.3.name`: components joined by `.`, with `\.` for a dot and
    /// `\\` for a backslash inside a key. An index and a key of digits look alike: which one a
    /// component is depends on the container the path reaches.
    package var extractForm: String {
        components.map { component in
            switch component {
            case .index(let i): String(i)
            case .key(let key): Self.escape(key)
            }
        }.joined(separator: ".")
    }

    package var description: String { extractForm }

    /// The jq form, `.root.items[3].name`: a key that is an identifier as `.key`, any other as
    /// `["key"]` (a JSON string), an index as `[3]`; `.` for the empty path.
    package var jqForm: String {
        var out = ""
        for component in components {
            switch component {
            case .index(let i): out += "[\(i)]"
            case .key(let key) where Self.isIdentifier(key): out += "." + key
            case .key(let key): out += (out.isEmpty ? "." : "") + "[" + Self.jsonString(key) + "]"
            }
        }
        return out.isEmpty ? "." : out
    }

    /// The components of an `--extract` path, unescaped, each as written (an index is a component
    /// of digits); nil when the text ends in a lone backslash or escapes a character other than `.`
    /// and `\`.
    package static func parse(extractForm text: String) -> [String]? {
        var components: [String] = []
        var current = ""
        var escaping = false
        for c in text {
            if escaping {
                guard c == "." || c == "\\" else { return nil }
                current.append(c)
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else if c == "." {
                components.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        guard !escaping else { return nil }
        components.append(current)
        return components
    }

    /// `key` with `\` and `.` escaped by a backslash.
    package static func escape(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == 0x2E || $0 == 0x5C }) else { return key }
        var out = ""
        for c in key {
            if c == "." || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out
    }

    /// Whether jq accepts `key` after a dot: ASCII letters, digits and `_`, not starting with a digit.
    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(0x30...0x39).contains(first) else { return false }
        return key.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x5F }
    }

    /// `key` as a JSON string literal: `"` and `\` escaped, control characters as `\uXXXX`.
    static func jsonString(_ key: String) -> String {
        var out = "\""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

import Testing
@testable import ArchiveModel
@testable import OpenStepPlist
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import ArchivePresentation
@testable import ArchiveSources

/// Helpers shared by the XML plist decoder tests.
enum XMLPlistFixture {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">

        """

    /// Decodes the UTF-8 bytes of `xml`.
    static func decode(_ xml: String) -> XMLPlistTree {
        XMLPlistDecoder.decode(InputBytes(Array(xml.utf8)))
    }

    /// Decodes `body` wrapped in the standard prolog and `<plist>`.
    static func decodeWrapped(_ body: String) -> XMLPlistTree {
        decode(header + "<plist version=\"1.0\">\n" + body + "\n</plist>\n")
    }

    /// Byte offset of the `occurrence`-th (0-based) `needle` in `haystack`.
    static func offset(of needle: String, in haystack: String, occurrence: Int = 0) -> Int? {
        let h = Array(haystack.utf8), n = Array(needle.utf8)
        guard !n.isEmpty, n.count <= h.count else { return nil }
        var seen = 0
        for i in 0...(h.count - n.count) where Array(h[i..<(i + n.count)]) == n {
            if seen == occurrence { return i }
            seen += 1
        }
        return nil
    }

    /// A compact rendering of the subtree at `id`: `{k=v,…}`, `[a,b]`, `"s"`, `1`, `1.5`, `true`,
    /// `date(0.0)`, `data(3)`, `uid(4)`, `invalid`.
    static func render(_ tree: any PlistTree, _ id: Int? = nil) -> String {
        guard let id = id ?? tree.rootID else { return "nil" }
        // Explicit stack, like the decoder: rendering a deep tree must not recurse either.
        var out = ""
        var work: [(id: Int?, text: String?)] = [(id, nil)]
        while let item = work.popLast() {
            if let text = item.text {
                out += text
                continue
            }
            guard let node = item.id else { continue }
            switch tree.node(node).value {
            case .array(let ids):
                work.append((nil, "]"))
                for (n, child) in ids.enumerated().reversed() {
                    work.append((child, nil))
                    if n > 0 { work.append((nil, ",")) }
                }
                work.append((nil, "["))
            case .dict(let keys, let values):
                work.append((nil, "}"))
                for n in stride(from: keys.count - 1, through: 0, by: -1) {
                    work.append((values[n], nil))
                    work.append((nil, "="))
                    work.append((keys[n], nil))
                    if n > 0 { work.append((nil, ",")) }
                }
                work.append((nil, "{"))
            case .string(let s): out += "\"\(s)\""
            case .integer(let v, _): out += "\(v)"
            case .real(let v, _): out += "\(v)"
            case .bool(let b): out += "\(b)"
            case .date(let d): out += "date(\(d))"
            case .data(let d): out += "data(\(d.count))"
            case .uid(let u): out += "uid(\(u))"
            default: out += tree.node(node).value.typeName
            }
        }
        return out
    }

    /// All diagnostics (tree and nodes), sorted by offset.
    static func diagnostics(_ tree: any PlistTree) -> [Diagnostic] { tree.fullCheck() }

    /// Every node of `tree` (an XML tree's with the limits of its full check).
    static func nodes(_ tree: any PlistTree) -> [PlistNode] {
        if let xml = tree as? XMLPlistTree { return xml.nodes }
        if let eager = tree as? EagerPlistTree { return eager.nodes }
        return (0..<tree.nodeCount).map(tree.node)
    }

    static func ids(_ tree: any PlistTree) -> [String] { diagnostics(tree).map(\.id) }

    /// Checks the invariants every decode must keep, whatever the input.
    static func checkInvariants(_ tree: any PlistTree, sourceLocation: SourceLocation = #_sourceLocation) {
        let count = tree.input.count
        var referenced = [Bool](repeating: false, count: tree.nodeCount)
        if let root = tree.rootID {
            #expect(root >= 0 && root < tree.nodeCount, "root id out of range", sourceLocation: sourceLocation)
        }
        for (id, node) in nodes(tree).enumerated() {
            #expect(node.value != .invalid(""), "node \(id) was never finished", sourceLocation: sourceLocation)
            if let range = node.range {
                #expect(range.start >= 0 && range.end <= count, "node \(id) range \(range) outside input", sourceLocation: sourceLocation)
            } else {
                Issue.record("node \(id) has no range", sourceLocation: sourceLocation)
            }
            #expect(node.position != nil, "node \(id) has no position", sourceLocation: sourceLocation)
            if case .dict(let keys, let values) = node.value {
                #expect(keys.count == values.count, sourceLocation: sourceLocation)
                for key in keys where key >= 0 && key < tree.nodeCount {
                    if case .string = tree.node(key).value {} else {
                        Issue.record("dict \(id) has a non-string key node \(key)", sourceLocation: sourceLocation)
                    }
                }
            }
            for child in node.value.childIDs {
                guard child > id, child < tree.nodeCount else {
                    Issue.record("node \(id) has child \(child) out of order or range", sourceLocation: sourceLocation)
                    continue
                }
                #expect(!referenced[child], "node \(child) referenced twice", sourceLocation: sourceLocation)
                referenced[child] = true
                if let outer = node.range, let inner = tree.node(child).range {
                    #expect(inner.start >= outer.start && inner.end <= outer.end,
                            "child \(child) \(inner) outside parent \(id) \(outer)", sourceLocation: sourceLocation)
                }
            }
        }
        for d in diagnostics(tree) where d.id != "xml.diagnostics.suppressed" {
            #expect(d.range != nil && d.position != nil, "diagnostic \(d) is not located", sourceLocation: sourceLocation)
            // A zero byte at the start makes the input UTF-16 or UTF-32, whose problems are `text.encoding.*`.
            #expect(d.id.hasPrefix("xml.") || d.id.hasPrefix("text.encoding."), "\(d)", sourceLocation: sourceLocation)
        }
    }
}

import Testing
@testable import ArchiveModel
@testable import OpenStepPlist
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveSources

/// Helpers shared by the OpenStep decoder tests.
enum OpenStepTestSupport {
    static func decode(_ text: String) -> EagerPlistTree { decode(Array(text.utf8)) }

    static func decode(_ bytes: [UInt8]) -> EagerPlistTree { OpenStepPlistDecoder.decode(InputBytes(bytes)) }

    /// A compact rendering of the subtree at `id` for value assertions: strings quoted, data as
    /// `<hex>`, dicts `{"k"="v";}`, arrays `("a","b")`, GNUstep values `I5 R1.5 BY D0.0`, invalid `!`.
    /// Recursive: use it only on small trees.
    static func dump(_ tree: EagerPlistTree, _ id: Int? = nil) -> String {
        guard let id = id ?? tree.rootID else { return "nil" }
        switch tree.node(id).value {
        case .string(let s): return s.debugDescription
        case .data(let bytes): return "<" + bytes.map { byteHex($0) }.joined() + ">"
        case .array(let ids): return "(" + ids.map { dump(tree, $0) }.joined(separator: ",") + ")"
        case .dict(let keys, let values):
            return "{" + zip(keys, values).map { dump(tree, $0) + "=" + dump(tree, $1) + ";" }.joined() + "}"
        case .integer(let v, _): return "I\(v)"
        case .real(let v, _): return "R\(v)"
        case .bool(let v): return v ? "BY" : "BN"
        case .date(let v): return "D\(v)"
        default: return "!"
        }
    }

    /// The diagnostics as `id@line:column`, in order.
    static func located(_ tree: EagerPlistTree) -> [String] {
        tree.openDiagnostics.map { "\($0.id)@\($0.position.map(\.description) ?? "-")" }
    }

    static func ids(_ tree: EagerPlistTree) -> [String] { tree.openDiagnostics.map(\.id) }

    /// The value node of `key` in the dict at `dictID` (the root by default).
    static func child(_ tree: EagerPlistTree, _ key: String, in dictID: Int? = nil) -> Int? {
        guard let id = dictID ?? tree.rootID, case .dict(let keys, let values) = tree.node(id).value else { return nil }
        for (k, v) in zip(keys, values) {
            if case .string(key) = tree.node(k).value { return v }
        }
        return nil
    }

    /// The source text of node `id`.
    static func source(_ tree: EagerPlistTree, _ id: Int) -> String {
        guard let range = tree.node(id).range else { return "" }
        return String(decoding: tree.input.bytes(in: range), as: UTF8.self)
    }

    /// Checks the tree's invariants: ranges inside the input, positions matching range starts
    /// (when `positions`), children after their parent and used once, keys are strings, every
    /// node but the root referenced, diagnostics located, node diagnostics empty.
    static func checkInvariants(_ tree: EagerPlistTree, positions: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        let count = tree.input.count
        var lineStarts = [0]
        if positions {
            for i in 0..<count {
                let b = tree.input.byte(at: i)
                if b == 0x0A || (b == 0x0D && tree.input.byte(at: i + 1) != 0x0A) { lineStarts.append(i + 1) }
            }
        }
        var referenced = [Int](repeating: 0, count: tree.nodeCount)
        for (id, node) in tree.nodes.enumerated() {
            #expect(node.diagnostics.isEmpty, sourceLocation: sourceLocation)
            guard let range = node.range else {
                Issue.record("node \(id) has no range", sourceLocation: sourceLocation)
                continue
            }
            #expect(range.start >= 0 && range.end <= count, "node \(id) range \(range)", sourceLocation: sourceLocation)
            if positions {
                let line = lastLine(lineStarts, atOrBefore: range.start)
                let expected = TextPosition(line: line + 1, column: range.start - lineStarts[line] + 1)
                #expect(node.position == expected, "node \(id)", sourceLocation: sourceLocation)
            }
            for child in node.value.childIDs {
                guard child > id, child < tree.nodeCount else {
                    Issue.record("node \(id) has child \(child)", sourceLocation: sourceLocation)
                    continue
                }
                referenced[child] += 1
            }
            if case .dict(let keys, let values) = node.value {
                #expect(keys.count == values.count, sourceLocation: sourceLocation)
                for key in keys where key < tree.nodeCount {
                    guard case .string = tree.node(key).value else {
                        Issue.record("key \(key) of node \(id) is not a string", sourceLocation: sourceLocation)
                        continue
                    }
                }
            }
        }
        for id in 0..<tree.nodeCount where id != tree.rootID && referenced[id] != 1 {
            Issue.record("node \(id) is referenced \(referenced[id]) times", sourceLocation: sourceLocation)
        }
        if let root = tree.rootID { #expect(root == 0 && referenced[root] == 0, sourceLocation: sourceLocation) }
        for d in tree.openDiagnostics {
            // A zero byte at the start makes the input UTF-16 or UTF-32, whose problems are `text.encoding.*`.
            #expect((d.id.hasPrefix("openstep.") || d.id.hasPrefix("text.encoding.")) && d.range != nil && d.position != nil, "\(d)", sourceLocation: sourceLocation)
            #expect(d.message.first.map { !$0.isUppercase } ?? false, "\(d)", sourceLocation: sourceLocation)
        }
    }

    /// Index of the last element of the sorted `starts` that is <= `offset`.
    private static func lastLine(_ starts: [Int], atOrBefore offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }
}

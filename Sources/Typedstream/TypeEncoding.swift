import ArchiveCore

/// A parsed typedstream type-encoding string (`"@"`, `"iI"`, `"{_NSRect={_NSPoint=ff}{_NSSize=ff}}"`, …).
///
/// Nodes live in one flat array and point at their children by index; the parser uses an explicit
/// stack, so the nesting depth of a string read from a file never becomes recursion depth.
/// Parsing stops at the first unsupported or malformed element, which is kept as a leaf so that the
/// values before it can still be decoded (FORMATS.md D.5).
final class TypeEncoding: Sendable {
    /// One element of the encoding.
    struct Node: Sendable {
        enum Kind: Sendable, Equatable {
            /// A one-character type: `c C B s S i I l L q Q f d * @ # : % + !`.
            case scalar(UInt8)
            /// `[Nt]`: `count` elements of the single child type.
            case array(count: Int)
            /// `{name=…}`: the children in order.
            case structure(name: String?)
            /// A type the format cannot carry (`( ^ ? b v` …); `position` is its index in the string.
            case unsupported(UInt8, position: Int)
            /// A broken encoding (unbalanced brackets, a missing array length, …).
            case malformed(String, position: Int)
        }
        var kind: Kind
        /// The encoding text of this element (as shown in a field's `typeEncoding`).
        var text: String
        var children: [Int]
        /// Fewest payload bytes a value of this type can occupy (saturating).
        var minSize: Int
    }

    /// Longest struct/array nesting accepted; deeper strings are reported as malformed.
    static let maxDepth = 256

    let nodes: [Node]
    /// The top-level elements, one value each.
    let roots: [Int]
    /// The raw string.
    let bytes: [UInt8]

    /// Whether every element is decodable (no unsupported or malformed node anywhere).
    let isFullyDecodable: Bool
    /// The type character and text of a fully decodable one-character encoding (`i`, `@`, `+`): most
    /// groups, looked up once here rather than in the node table at every group.
    let singleScalar: (code: UInt8, text: String)?

    /// The characters `@encode` uses for one-character types that typedstreams carry.
    static let scalarCodes: Set<UInt8> = Set("cCBsSiIlLqQfd*@#:%+!".utf8)

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var parser = Parser(bytes: bytes)
        parser.run()
        nodes = parser.nodes
        roots = parser.roots
        isFullyDecodable = !parser.sawProblem
        if isFullyDecodable, parser.roots.count == 1, case .scalar(let code) = parser.nodes[parser.roots[0]].kind {
            singleScalar = (code, parser.nodes[parser.roots[0]].text)
        } else {
            singleScalar = nil
        }
    }

    /// The first unsupported or malformed node reachable from `roots`, in string order.
    var firstProblem: Node? {
        nodes.first { node in
            switch node.kind {
            case .unsupported, .malformed: true
            default: false
            }
        }
    }
}

extension TypeEncoding {
    /// Builds the node table from the string bytes, left to right, with a stack of open compounds.
    private struct Parser {
        let bytes: [UInt8]
        var nodes: [Node] = []
        var roots: [Int] = []
        var sawProblem = false
        /// Open `[` / `{` nodes with the byte index where they started.
        private var open: [(node: Int, start: Int)] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func run() {
            var i = 0
            while i < bytes.count, !sawProblem {
                let c = bytes[i]
                switch c {
                case UInt8(ascii: "["): i = openArray(at: i)
                case UInt8(ascii: "{"): i = openStruct(at: i)
                case UInt8(ascii: "]"), UInt8(ascii: "}"): i = close(c, at: i)
                default:
                    if TypeEncoding.scalarCodes.contains(c) {
                        let size = c == UInt8(ascii: "!") ? 0 : 1
                        attach(Node(kind: .scalar(c), text: String(decoding: [c], as: UTF8.self), children: [], minSize: size), at: i)
                    } else {
                        problem(.unsupported(c, position: i), at: i)
                    }
                    i += 1
                }
            }
            if !sawProblem, let innermost = open.last {
                let missing = open.count
                problem(.malformed("missing \(missing) closing bracket\(missing == 1 ? "" : "s")", position: bytes.count), at: innermost.start)
            }
            finishOpenTexts()
        }

        /// `[` digits: the element type follows.
        private mutating func openArray(at start: Int) -> Int {
            var i = start + 1
            var count = 0
            var digits = 0
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                let (times, o1) = count.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(Int(bytes[i] - 0x30))
                if o1 || o2 {
                    problem(.malformed("array length is too large", position: start), at: start)
                    return bytes.count
                }
                count = sum
                digits += 1
                i += 1
            }
            if digits == 0 {
                problem(.malformed("array has no length", position: start), at: start)
                return bytes.count
            }
            push(Node(kind: .array(count: count), text: "", children: [], minSize: 0), at: start)
            return i
        }

        /// `{name=` or `{` directly followed by the member types (no `=` before the next bracket).
        private mutating func openStruct(at start: Int) -> Int {
            var j = start + 1
            while j < bytes.count, !"={}[]()".utf8.contains(bytes[j]) { j += 1 }
            if j < bytes.count, bytes[j] == UInt8(ascii: "=") {
                let name = String(decoding: bytes[(start + 1)..<j], as: UTF8.self)
                push(Node(kind: .structure(name: name), text: "", children: [], minSize: 0), at: start)
                return j + 1
            }
            push(Node(kind: .structure(name: nil), text: "", children: [], minSize: 0), at: start)
            return start + 1
        }

        private mutating func close(_ c: UInt8, at i: Int) -> Int {
            guard let top = open.last else {
                problem(.malformed("unbalanced '\(Character(UnicodeScalar(c)))'", position: i), at: i)
                return i + 1
            }
            let node = nodes[top.node]
            switch (node.kind, c) {
            case (.array, UInt8(ascii: "]")):
                if node.children.count != 1 {
                    problem(.malformed("array has " + English.count(node.children.count, "element type"), position: i), at: i)
                    return i + 1
                }
            case (.structure, UInt8(ascii: "}")):
                break
            default:
                problem(.malformed("'\(Character(UnicodeScalar(c)))' does not close the open bracket at \(top.start)", position: i), at: i)
                return i + 1
            }
            open.removeLast()
            nodes[top.node].text = String(decoding: bytes[top.start...i], as: UTF8.self)
            nodes[top.node].minSize = minSize(of: top.node)
            return i + 1
        }

        private func minSize(of index: Int) -> Int {
            let node = nodes[index]
            switch node.kind {
            case .array(let count):
                guard let child = node.children.first else { return 0 }
                let (product, overflow) = count.multipliedReportingOverflow(by: nodes[child].minSize)
                return overflow ? Int.max : product
            case .structure:
                var total = 0
                for child in node.children {
                    let (sum, overflow) = total.addingReportingOverflow(nodes[child].minSize)
                    total = overflow ? Int.max : sum
                }
                return total
            default:
                return node.minSize
            }
        }

        private mutating func push(_ node: Node, at start: Int) {
            if open.count >= TypeEncoding.maxDepth {
                problem(.malformed("nesting deeper than \(TypeEncoding.maxDepth) levels", position: start), at: start)
                return
            }
            let index = attach(node, at: start)
            if !sawProblem { open.append((index, start)) }
        }

        /// Adds `node` as the next child of the innermost open compound (or as a root) and returns its index.
        @discardableResult
        private mutating func attach(_ node: Node, at position: Int) -> Int {
            let index = nodes.count
            if let top = open.last {
                if case .array = nodes[top.node].kind, !nodes[top.node].children.isEmpty {
                    problem(.malformed("array has more than one element type", position: position), at: position)
                    return index
                }
                nodes.append(node)
                nodes[top.node].children.append(index)
            } else {
                nodes.append(node)
                roots.append(index)
            }
            return index
        }

        /// Records the first problem as a leaf where the bad element stands; parsing stops after it.
        private mutating func problem(_ kind: Node.Kind, at position: Int) {
            guard !sawProblem else { return }
            let shown = position < bytes.count ? String(decoding: bytes[position...], as: UTF8.self) : ""
            let leaf = Node(kind: kind, text: shown, children: [], minSize: 0)
            let index = nodes.count
            nodes.append(leaf)
            if let top = open.last {
                nodes[top.node].children.append(index)
            } else {
                roots.append(index)
            }
            sawProblem = true
        }

        /// Compounds left open by a problem get the rest of the string as their text.
        private mutating func finishOpenTexts() {
            for entry in open.reversed() where nodes[entry.node].text.isEmpty {
                nodes[entry.node].text = String(decoding: bytes[entry.start...], as: UTF8.self)
                nodes[entry.node].minSize = minSize(of: entry.node)
            }
        }
    }
}

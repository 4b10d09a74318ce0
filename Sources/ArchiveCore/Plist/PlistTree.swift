/// A decoded property list as a table of nodes addressed by id.
///
/// Binary and XML plists decode nodes lazily, on `node(_:)` (XML after one structural scan); OpenStep
/// plists parse up front. Either way a broken
/// input still yields a tree: whatever could not be decoded is an `.invalid` node with diagnostics.
package protocol PlistTree: AnyObject, Sendable {
    /// The container format.
    var format: ContainerFormat { get }
    /// The input the tree was decoded from.
    var input: InputBytes { get }
    /// Number of node ids (valid ids are `0..<nodeCount`).
    var nodeCount: Int { get }
    /// The id of the root node, or nil when there is none (e.g. an unreadable trailer).
    var rootID: Int? { get }
    /// Problems found while opening (header, trailer, offset table; all diagnostics for text formats).
    var openDiagnostics: [Diagnostic] { get }
    /// The node with `id`; an id out of range gives an `.invalid` node.
    func node(_ id: Int) -> PlistNode
    /// Whether node `id` is the string `text` (binary trees answer without decoding the node).
    func isString(_ id: Int, equalTo text: String) -> Bool
    /// The element ids of node `id` when it is an array or set, nil otherwise (binary trees answer
    /// without reading the elements; see `PlistArrayElements`).
    func arrayElements(_ id: Int) -> PlistArrayElements?
    /// The values of dictionary `id`, or the elements of array or set `id`; nil for other nodes (binary
    /// trees answer without reading the references).
    func containerValues(_ id: Int) -> PlistArrayElements?
    /// The bytes of node `id` when it is a data value, nil for any other node (binary and XML trees
    /// answer other nodes without decoding them).
    func dataValue(_ id: Int) -> [UInt8]?
    /// Every diagnostic the whole input produces, including all nodes, overlap, cycle and
    /// unreferenced-byte checks. Can take a while on a huge input; `progress` gets a fraction and
    /// returns false to cancel.
    func fullCheck(progress: (Double) -> Bool) -> [Diagnostic]
    /// The content this tree writes once and lists more than once (see `PlistSharing`). Found on the
    /// first call, in a pass over all nodes (whole-file passes make it); nothing for text formats.
    func sharing() -> PlistSharing
    /// `sharing()` as far as it is known now: showing one node never waits for the pass.
    var knownSharing: PlistSharing { get }
    /// The Unicode encoding of a text format's input (XML, OpenStep); nil for binary formats.
    var textEncoding: TextEncoding? { get }
}

extension PlistTree {
    package func sharing() -> PlistSharing { .none }
    package var knownSharing: PlistSharing { .none }
    package var textEncoding: TextEncoding? { nil }

    package func containerValues(_ id: Int) -> PlistArrayElements? {
        let node = node(id)
        switch node.value {
        case .dict(_, let values): return PlistArrayElements(ids: values, isSet: false, range: node.range)
        case .array(let ids): return PlistArrayElements(ids: ids, isSet: false, range: node.range)
        case .set(let ids): return PlistArrayElements(ids: ids, isSet: true, range: node.range)
        default: return nil
        }
    }

    package func dataValue(_ id: Int) -> [UInt8]? {
        if case .data(let bytes) = node(id).value { return bytes }
        return nil
    }

    /// Whether node `id` is the string `text` (binary trees answer without decoding the node).
    package func isString(_ id: Int, equalTo text: String) -> Bool {
        if case .string(let s) = node(id).value { return s.isLiterally(text) }
        return false
    }

    /// `fullCheck` without progress reporting.
    package func fullCheck() -> [Diagnostic] { fullCheck(progress: { _ in true }) }
}

/// A plist tree whose nodes were all parsed up front (OpenStep).
package final class EagerPlistTree: PlistTree, Sendable {
    package let format: ContainerFormat
    package let input: InputBytes
    package let nodes: [PlistNode]
    package let rootID: Int?
    package let openDiagnostics: [Diagnostic]
    package let textEncoding: TextEncoding?

    package init(format: ContainerFormat, input: InputBytes, nodes: [PlistNode], rootID: Int?, diagnostics: [Diagnostic],
                textEncoding: TextEncoding? = nil) {
        self.textEncoding = textEncoding
        self.format = format
        self.input = input
        self.nodes = nodes
        self.rootID = rootID
        self.openDiagnostics = diagnostics
    }

    package var nodeCount: Int { nodes.count }

    package func node(_ id: Int) -> PlistNode {
        guard id >= 0, id < nodes.count else {
            return PlistNode(.invalid("node \(id) does not exist (the tree has \(nodes.count) nodes)"), range: nil)
        }
        return nodes[id]
    }

    package func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] {
        var all = openDiagnostics
        for node in nodes { all.append(contentsOf: node.diagnostics) }
        return all.sortedByOffset()
    }
}

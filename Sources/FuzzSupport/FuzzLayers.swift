import ArchiveModel
@_spi(ArchiveInternals) import ArchiveCore

/// Per-layer checks for the libFuzzer targets: each target exercises one layer deeply and cheaply, so a
/// run reaches 10^8 executions in hours, not weeks. The whole stack on one input (`FuzzCheck.document`:
/// full check, index, outline, `--dump`, `--json`) is the corruption campaign's job and the render
/// target's; the format targets stop at the layer they own.
public enum FuzzLayers {
    /// A decoder's promises: every node up to `nodeLimit` decodes, its range and diagnostics lie inside
    /// the input, a child id outside the tree (a broken reference) reads as an invalid node, and the
    /// container check's diagnostics are located inside the input too.
    package static func decoder(_ tree: any PlistTree, nodeLimit: Int = 1_024) -> [String] {
        var problems = FuzzCheck.tree(tree, nodeLimit: 0)
        let count = tree.nodeCount, size = tree.input.count
        for id in 0..<Swift.min(count, nodeLimit) {
            let node = tree.node(id)
            problems += located(node.diagnostics, inside: size, "node \(id)")
            if let r = node.range, r.start < 0 || r.end > size || r.start > r.end {
                problems.append("node \(id): range \(r) outside the input (\(size) bytes)")
            }
            for child in node.value.childIDs.prefix(64) where child < 0 || child >= count {
                if case .invalid = tree.node(child).value { continue }
                problems.append("node \(id): child \(child) outside \(count) nodes does not read as invalid")
                break
            }
            if id < elementCheckLimit { problems += elements(tree, id, node) }
            if problems.count > 20 { return problems }
        }
        problems += located(tree.fullCheck(), inside: size, "container check")
        return problems
    }

    /// Nodes whose lazy element lists are compared with their decoded values.
    static let elementCheckLimit = 256

    /// The lazy element reads (`arrayElements`, `containerValues`, which a binary tree answers from the
    /// container's header alone) must list the ids the decoded node lists, and stay inside the input.
    static func elements(_ tree: any PlistTree, _ id: Int, _ node: PlistNode) -> [String] {
        var problems: [String] = []
        let size = tree.input.count
        for (what, lazy) in [("arrayElements", tree.arrayElements(id)), ("containerValues", tree.containerValues(id))] {
            if let r = lazy?.range, r.start < 0 || r.end > size || r.start > r.end {
                problems.append("node \(id): \(what) range \(r) outside the input (\(size) bytes)")
            }
        }
        let decoded: (array: [Int]?, values: [Int]?)
        switch node.value {
        case .array(let ids), .set(let ids): decoded = (ids, ids)
        case .dict(_, let values): decoded = (nil, values)
        default: return problems
        }
        if let ids = decoded.array, tree.arrayElements(id).map(Array.init) != ids {
            problems.append("node \(id): arrayElements lists \(tree.arrayElements(id).map { Array($0.prefix(8)) } ?? []) but the node lists \(ids.prefix(8))")
        }
        if let values = decoded.values, tree.containerValues(id).map(Array.init) != values {
            problems.append("node \(id): containerValues lists \(tree.containerValues(id).map { Array($0.prefix(8)) } ?? []) but the node lists \(values.prefix(8))")
        }
        return problems
    }

    /// A graph layer's promises: the invariants on up to `objectLimit` objects and located full-check
    /// diagnostics. No index, outline or rendering.
    public static func graph(_ graph: any ObjectGraph, objectLimit: Int = 2_048) -> [String] {
        var problems = GraphInvariants.violations(graph, limit: objectLimit)
        problems += located(graph.fullCheck(), inside: graph.input.count, "full check")
        for id in [-1, graph.objectCount, Int.max, Int.min] { _ = GraphValidation.shownObject(id, in: graph); _ = graph.structure(id) }
        return problems
    }

    /// Diagnostics whose range is not inside `size` bytes.
    static func located(_ diagnostics: [Diagnostic], inside size: Int, _ what: String) -> [String] {
        diagnostics.compactMap { d in
            guard let r = d.range, r.start < 0 || r.end > size || r.start > r.end else { return nil }
            return "\(what) diagnostic \(d.id): range \(r) outside the input (\(size) bytes)"
        }
    }
}

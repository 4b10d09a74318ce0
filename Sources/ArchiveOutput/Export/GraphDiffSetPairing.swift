import ArchiveCore

/// The elements of two sets put in a matching order for `GraphDiff`, which compares arrays by index:
/// elements with equal content (a string, a number) first, then elements of the same class, each in
/// their stored order; what is left is paired in order, and the longer set's rest comes last.
enum GraphDiffSetPairing {
    /// Sets larger than this are compared in stored order (the keys cost a decode per element).
    static let limit = 100_000

    static func paired(_ x: ExportItems, _ y: ExportItems, _ a: ExportShapes, _ b: ExportShapes) -> (ExportItems, ExportItems) {
        guard x.count <= limit, y.count <= limit else { return (x, y) }
        let xs = (0..<x.count).map { x[$0] }, ys = (0..<y.count).map { y[$0] }
        var order = [Int?](repeating: nil, count: xs.count)
        var used = [Bool](repeating: false, count: ys.count)
        for key in [content, kind] {
            var waiting: [String: [Int]] = [:]
            for j in ys.indices.reversed() where !used[j] {
                if let k = key(ys[j], b) { waiting[k, default: []].append(j) }
            }
            for i in xs.indices where order[i] == nil {
                guard let k = key(xs[i], a), let j = waiting[k]?.popLast() else { continue }
                order[i] = j
                used[j] = true
            }
        }
        var rest = ys.indices.filter { !used[$0] }[...]
        var pairedY: [ExportValue] = []
        var unpairedX: [ExportValue] = []
        var pairedX: [ExportValue] = []
        for i in xs.indices {
            if let j = order[i] ?? rest.popFirst() {
                pairedX.append(xs[i])
                pairedY.append(ys[j])
            } else {
                unpairedX.append(xs[i])
            }
        }
        return (ExportItems(pairedX + unpairedX), ExportItems(pairedY + rest.map { ys[$0] }))
    }

    /// What an element holds: its scalar (text in full); nil for anything else.
    private static func content(_ value: ExportValue, _ shapes: ExportShapes) -> String? {
        switch value {
        case .scalar(let s): return scalarKey(s)
        case .object(let id):
            if case .scalar(let s) = shapes.shape(of: id).value { return scalarKey(s) }
            return nil
        case .array, .dictionary, .embedded: return nil
        }
    }

    /// What an element is: its class for an object.
    private static func kind(_ value: ExportValue, _ shapes: ExportShapes) -> String? {
        if case .object(let id) = value { return "class " + (shapes.graph.structure(id).className ?? "?") }
        return GraphDiffText.summary(value, in: shapes)
    }

    private static func scalarKey(_ s: ExportScalar) -> String {
        if case .string(let text) = s { return "string " + text }
        return GraphDiffText.scalarSummary(s)
    }
}

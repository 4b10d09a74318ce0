import ArchiveCore
import ArchiveDocuments
import ArchivePresentation

/// The side-by-side walk behind `GraphDiff`, with an explicit stack of tasks.
struct GraphDiffWalk {
    let a: ExportShapes
    let b: ExportShapes
    /// The object of the other graph each object was paired with (-1: not yet), and the path node
    /// where (for the message of a reference that points elsewhere).
    private var pairA: [Int32], pairB: [Int32], pairedAt: [Int32]
    /// Path nodes: parent node and component; node 0 is the document root.
    private var pathParent: [Int32] = [-1], pathComponent: [String] = [""]

    typealias Holders = (a: ObjectID?, b: ObjectID?)

    private enum Task {
        case compare(ExportValue, ExportValue, path: Int32, holders: Holders)
        case arrays(ExportItems, ExportItems, next: Int, path: Int32, holders: Holders)
        case dictionaries(ExportEntries, ExportEntries, DictionaryIndex, next: Int, path: Int32, holders: Holders)
    }

    /// Where each key is in both dictionaries.
    private struct DictionaryIndex {
        var inA: [LiteralText: Int] = [:]
        var inB: [LiteralText: Int] = [:]
    }

    /// Levels of embedded archives above this walk (0 for the inputs), and the bytes the whole diff
    /// may open to compare embedded archives (`GraphDiffWalk+Embedded.swift`).
    let depth: Int
    let budget: EmbeddedBudget
    /// Data objects (`a`'s id, `b`'s id) whose embedded archives were compared: a pair met again
    /// through another path is not opened again (as a paired object is not walked again).
    var comparedArchives = Set<ObjectPair>()

    struct ObjectPair: Hashable {
        let a: ObjectID, b: ObjectID
    }

    init(a: ExportShapes, b: ExportShapes, depth: Int = 0, budget: EmbeddedBudget) {
        self.a = a
        self.b = b
        self.depth = depth
        self.budget = budget
        pairA = [Int32](repeating: -1, count: Swift.max(0, Swift.min(a.graph.objectCount, Int(Int32.max))))
        pairB = [Int32](repeating: -1, count: Swift.max(0, Swift.min(b.graph.objectCount, Int(Int32.max))))
        pairedAt = [Int32](repeating: 0, count: pairA.count)
    }

    mutating func run(_ report: (GraphDiff.Difference) -> Void) {
        var stack: [Task] = [.compare(a.root, b.root, path: 0, holders: (nil, nil))]
        while let task = stack.popLast() {
            switch task {
            case .compare(let x, let y, let path, let holders):
                compare(x, y, path, holders, &stack, report)
            case .arrays(let x, let y, let next, let path, let holders):
                guard next < Swift.max(x.count, y.count) else { continue }
                stack.append(.arrays(x, y, next: next + 1, path: path, holders: holders))
                let child = node(path, String(next))
                if next >= x.count {
                    report(difference(.added, child, nil, y[next], holders))
                } else if next >= y.count {
                    report(difference(.removed, child, x[next], nil, holders))
                } else {
                    stack.append(.compare(x[next], y[next], path: child, holders: holders))
                }
            case .dictionaries(let x, let y, let index, let next, let path, let holders):
                // First the keys of x in order (changed or removed), then those only y has (added).
                guard next < x.count + y.count else { continue }
                stack.append(.dictionaries(x, y, index, next: next + 1, path: path, holders: holders))
                if next < x.count {
                    let (key, value) = x[next]
                    let child = node(path, key)
                    if let j = index.inB[LiteralText(key)] {
                        if isClassKey(key) { compareClass(value, y[j].value, child, holders, report) } else if key == "$set",
                           case .array(let xs) = value, case .array(let ys) = y[j].value {
                            // A set has no order: its elements are paired by content, then by class.
                            let (px, py) = GraphDiffSetPairing.paired(xs, ys, a, b)
                            stack.append(.arrays(px, py, next: 0, path: child, holders: holders))
                        } else {
                            stack.append(.compare(value, y[j].value, path: child, holders: holders))
                        }
                    } else {
                        report(difference(.removed, child, value, nil, holders))
                    }
                } else {
                    let (key, value) = y[next - x.count]
                    if index.inA[LiteralText(key)] == nil {
                        let child = node(path, key)
                        report(difference(.added, child, nil, value, holders))
                    }
                }
            }
        }
    }

    private func isClassKey(_ key: String) -> Bool {
        !a.isPlainPlist && (key.isLiterally("$class") || key.isLiterally("$classVersions"))
    }

    private mutating func compare(_ x: ExportValue, _ y: ExportValue, _ path: Int32, _ holders: Holders,
                                  _ stack: inout [Task], _ report: (GraphDiff.Difference) -> Void) {
        // The values as met (an object reference names the object in the report), then expanded.
        let (metX, metY) = (x, y)
        var x = x, y = y, holders = holders
        if case .object(let i) = x, case .object(let j) = y {
            // Met again where it was paired: nothing to read (only objects that are not leaves are paired).
            if i >= 0, i < pairA.count, pairA[i] == Int32(truncatingIfNeeded: j) { return }
            let (sx, leafX) = a.shape(of: i), (sy, leafY) = b.shape(of: j)
            if !leafX, !leafY, i >= 0, i < pairA.count, j >= 0, j < pairB.count {
                if pairA[i] == Int32(j) { return }
                if pairA[i] >= 0 || pairB[j] >= 0 {
                    var d = difference(.reference, path, x, y, holders)
                    d.note = pairNote(i, j)
                    report(d)
                    return
                }
                pairA[i] = Int32(j)
                pairB[j] = Int32(i)
                pairedAt[i] = path
                holders = (i, j)
            }
            x = sx
            y = sy
        } else if case .object(let i) = x {
            x = a.shape(of: i).value
        } else if case .object(let j) = y {
            y = b.shape(of: j).value
        }
        switch (x, y) {
        case (.scalar(let s), .scalar(let t)):
            if !s.isSame(as: t), !embeddedDifferences(s, t, objects: (metX, metY), path, report) {
                report(difference(.changed, path, metX, metY, holders))
            }
        case (.array(let s), .array(let t)):
            stack.append(.arrays(s, t, next: 0, path: path, holders: holders))
        case (.dictionary(let s), .dictionary(let t)):
            var index = DictionaryIndex()
            for k in 0..<s.count { index.inA[LiteralText(s[k].key)] = k }
            for k in 0..<t.count { index.inB[LiteralText(t[k].key)] = k }
            stack.append(.dictionaries(s, t, index, next: 0, path: path, holders: holders))
        default:
            report(difference(.changed, path, metX, metY, holders))
        }
    }

    /// `$class` and `$classVersions` compared whole: one difference naming both chains.
    private func compareClass(_ x: ExportValue, _ y: ExportValue, _ path: Int32, _ holders: Holders, _ report: (GraphDiff.Difference) -> Void) {
        let s = GraphDiffText.chain(x), t = GraphDiffText.chain(y)
        guard s.count == t.count, zip(s, t).allSatisfy({ $0.isLiterally($1) }) else {
            var d = difference(.classChanged, path, x, y, holders)
            d.a?.summary = s.joined(separator: " < ")
            d.b?.summary = t.joined(separator: " < ")
            return report(d)
        }
    }

    private func pairNote(_ i: ObjectID, _ j: ObjectID) -> String {
        var parts: [String] = []
        if pairA[i] >= 0 { parts.append("the first archive's #\(i) was paired with the second's #\(pairA[i]) at \(pathText(pairedAt[i]))") }
        if pairB[j] >= 0 { parts.append("the second archive's #\(j) was paired with the first's #\(pairB[j])") }
        return parts.joined(separator: "; ")
    }

    private mutating func node(_ parent: Int32, _ component: String) -> Int32 {
        pathParent.append(parent)
        pathComponent.append(component)
        return Int32(truncatingIfNeeded: pathParent.count - 1)
    }

    func components(_ node: Int32) -> [String] {
        var parts: [String] = []
        var current = Int(node)
        while current > 0, current < pathParent.count {
            parts.append(pathComponent[current])
            current = Int(pathParent[current])
        }
        return parts.reversed()
    }

    func pathText(_ node: Int32) -> String {
        let parts = components(node)
        return parts.isEmpty ? "the document root" : KeyPath.escapedForm(parts)
    }

    private func difference(_ kind: GraphDiff.Kind, _ path: Int32, _ x: ExportValue?, _ y: ExportValue?, _ holders: Holders) -> GraphDiff.Difference {
        GraphDiff.Difference(kind: kind, path: components(path),
                             a: x.map { GraphDiffText.side($0, holder: holders.a, in: a) },
                             b: y.map { GraphDiffText.side($0, holder: holders.b, in: b) })
    }
}

import ArchiveCore

/// The objects NSKeyedUnarchiver would decode and the order it would decode them in: depth first from
/// the top-level keys (`root` first), each object's references in the order its fields are stored
/// (the order its encodeWithCoder: wrote them, which initWithCoder: usually reads them in).
///
/// One iterative pass (an explicit stack: nesting is input-controlled), each object read once. Per
/// object it keeps only its parent and the field that first reached it (three integers), so memory
/// is proportional to the object count; key paths are rebuilt on demand. References back to an object
/// still being decoded (an ancestor on the stack) are kept as `BackEdge`s, at most `backEdgeLimit`.
package struct DecodeWalk: Sendable {
    /// A reference to an object whose decoding has begun and not ended: the cycle from `target` down
    /// to `from` (at most `memberLimit` of its objects, `target` first).
    package struct BackEdge: Sendable, Equatable {
        package var from: ObjectID
        package var target: ObjectID
        package var members: [ObjectID]
        package var field: Int
        package var item: Int
    }

    /// First visits, in decode order.
    package let order: [ObjectID]
    /// The deepest nesting met (the root is at depth 1) and the first object at that depth.
    package let maxDepth: Int, deepest: ObjectID?
    package let backEdges: [BackEdge]
    /// Back edges met in all (`backEdges` keeps the first `backEdgeLimit`).
    package let backEdgeCount: Int
    /// Whether `progress` stopped the walk before it ended (the walk then holds what it had reached).
    package let stopped: Bool
    /// -1 for an object reached from the top level; -2 for one not reached.
    let parent: [Int]
    /// The index of the field (of the parent, or of `topLevel`) and of the list item (-1: none).
    let field: [Int], item: [Int]
    let topKeys: [String]

    static let backEdgeLimit = 1_000, memberLimit = 256

    /// Walks `graph` from its top level (`root` first, then the other `$top` keys), or from the top-level
    /// field named `only` alone; with `walking` false, nothing (an empty walk). `progress` hears the share
    /// of objects visited (0...1) every few thousand; false from it stops the walk where it is.
    package init(graph: any ObjectGraph, only: String? = nil, walking: Bool = true, progress: (Double) -> Bool = { _ in true }) {
        let count = max(0, graph.objectCount)
        let read = graph.makeStructureReader()
        var builder = Builder(count: count)
        var meter = AuditProgress(total: count)
        let top = graph.topLevel
        topKeys = top.map(\.key)
        let starts = top.indices.filter { walking && (only == nil || top[$0].key.isLiterally(only ?? "")) }
            .sorted { (top[$0].key.isLiterally("root") ? 0 : 1, $0) < (top[$1].key.isLiterally("root") ? 0 : 1, $1) }
        for index in starts {
            for child in Self.children(of: [top[index]], count: count) {
                guard !meter.stopped else { break }
                builder.enter(child, parent: -1, field: index, depth: 1, read: read)
                builder.run(read: read) { meter.tick(progress) }
            }
        }
        stopped = meter.stopped
        order = builder.order
        maxDepth = builder.maxDepth
        deepest = builder.deepest
        backEdges = builder.backEdges
        backEdgeCount = builder.backEdgeCount
        parent = builder.parent
        field = builder.field
        item = builder.item
    }

    /// Whether decoding reaches `id`.
    package func reaches(_ id: ObjectID) -> Bool { id >= 0 && id < parent.count && parent[id] != -2 }

    /// The references of `fields` to objects in range, in order: (target, field index, item index or -1).
    static func children(of fields: [Field], count: Int) -> [(ObjectID, Int, Int)] {
        var out: [(ObjectID, Int, Int)] = []
        for (f, field) in fields.enumerated() where !field.isShortcut {
            if case .reference(let r) = field.value {
                if let id = r.objectID, id >= 0, id < count { out.append((id, Int(f), -1)) }
                continue
            }
            var i: Int = 0
            field.value.forEachReference { r in
                if let id = r.objectID, id >= 0, id < count { out.append((id, Int(f), i)) }
                i += 1
            }
        }
        return out
    }
}

extension DecodeWalk {
    /// The mutable state of one walk.
    struct Builder {
        struct Frame {
            var id: ObjectID
            var children: [(ObjectID, Int, Int)]
            var next = 0
        }
        var state: [UInt8]
        var parent: [Int], field: [Int], item: [Int]
        /// Where each object on the stack is in it (read only while the object is on the stack).
        var stackPosition: [Int]
        var order: [ObjectID] = []
        var stack: [Frame] = []
        var maxDepth = 0, deepest: ObjectID?
        var backEdges: [BackEdge] = []
        var backEdgeCount = 0

        init(count: Int) {
            state = [UInt8](repeating: 0, count: count)
            parent = [Int](repeating: -2, count: count)
            field = [Int](repeating: -1, count: count)
            item = [Int](repeating: -1, count: count)
            stackPosition = [Int](repeating: 0, count: count)
        }

        /// Visits `child` (first visit: recorded and pushed; on the stack: a back edge).
        mutating func enter(_ child: (ObjectID, Int, Int), parent from: Int, field f: Int, depth: Int,
                            read: (ObjectID) -> GraphObject) {
            let (id, childField, childItem) = child
            switch state[id] {
            case 0:
                state[id] = 1
                parent[id] = from
                field[id] = from == -1 ? f : childField
                item[id] = childItem
                order.append(id)
                if depth > maxDepth { maxDepth = depth; deepest = id }
                let fields = Array(read(id).fields)
                stackPosition[id] = stack.count
                stack.append(Frame(id: id, children: DecodeWalk.children(of: fields, count: state.count)))
            case 1:
                backEdgeCount += 1
                guard backEdges.count < DecodeWalk.backEdgeLimit, from >= 0 else { return }
                // O(1): a hostile archive can give a deep stack many references back to its bottom.
                let start = min(stackPosition[id], stack.count)
                let members = stack[start...].prefix(DecodeWalk.memberLimit).map(\.id)
                backEdges.append(BackEdge(from: from, target: id, members: members, field: childField, item: childItem))
            default:
                return
            }
        }

        /// Decodes depth first until the stack is empty, or `proceed` (asked once per step) says stop.
        mutating func run(read: (ObjectID) -> GraphObject, proceed: () -> Bool) {
            while let top = stack.last, proceed() {
                guard top.next < top.children.count else {
                    state[top.id] = 2
                    stack.removeLast()
                    continue
                }
                let child = top.children[top.next]
                stack[stack.count - 1].next += 1
                enter(child, parent: top.id, field: child.1, depth: stack.count + 1, read: read)
            }
        }
    }
}

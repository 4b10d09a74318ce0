import ArchiveCore
import ArchiveDocuments
import ArchivePresentation

/// Walks the resolved document (`ExportShapes`) and sends it to a sink, with no recursion: each
/// object is written in full where it is first met; a later visit of it, and so every cycle, is a
/// reference marker `{"$ref": id, "$path": "root.items.3"}` naming the object and where its full copy
/// is, so the output is finite (a DAG with 2^64 paths is written in its size) and drops nothing.
/// A bare string or data value of up to `repeatedLeafLimit` bytes is written again where it is met
/// again (the common case of one string listed by many objects), while the bytes so repeated stay
/// within `repeatByteBudget` (as `--json`'s: 16 MiB plus four times the input); past it, a repeat of
/// one of `leafRepeatMinimum` bytes or more is the marker too (`refusedRepeats` counts them), so a
/// hostile file listing one 1 KB string a million times cannot write a gigabyte. A longer value is
/// written once too.
///
/// A plain property list is converted as `plutil -convert` would: a container listed twice (a binary
/// plist writer may share one) is written again in full, while the output stays within
/// `repeatBudget` events; past it, and for a cycle, the marker.
public struct ArchiveExporter {
    package let shapes: ExportShapes
    /// Whether an object met again is written again (within the budget) rather than referenced.
    let repeatsShared: Bool
    /// Events (values, container starts) written before a repeat is refused: 1M plus 8 per object.
    let repeatBudget: Int
    private var events = 0
    /// Objects whose shape is being written (a visit of one of them is a cycle).
    private var isOpen: [Bool]
    /// Longest string or data value written again at each visit.
    package static let repeatedLeafLimit = 1024
    /// Shortest string or data value whose repeats count against `repeatByteBudget` (a marker would
    /// not be much shorter than a shorter one): `--json`'s `JSONRepeats.minimumLength`.
    static let leafRepeatMinimum = JSONRepeats.minimumLength
    /// Bytes of short leaves written again before a repeat is a marker.
    let repeatByteBudget: Int
    private var repeatedBytes = 0
    /// Repeats of leaves written as markers because `repeatByteBudget` was spent.
    public private(set) var refusedRepeats = 0
    /// Per object: whether it is a leaf of `leafRepeatMinimum…repeatedLeafLimit` bytes written already.
    private var leafWritten: [Bool]
    /// Steps spent over one export on the `$path`s of reference markers; past it, markers carry the
    /// id alone (only a hostile graph, deep and referenced from everywhere, gets there).
    static let pathStepBudget = 20_000_000

    /// Per object: -2 not written yet, -1 written under no other object, else the object it was
    /// written under; `tailSpans` gives its path from there as a run of `tailParts` (made into text
    /// only when a marker names it: issue 39, no `String` per value written).
    private var parents: [Int32]
    private var tailSpans: [TailSpan]
    private var tailParts: [PathPart] = []
    private var pathSteps = 0

    /// One component of a path in the document, made into extract-form text when a marker needs it.
    enum PathPart {
        /// A component already in extract form (the prefix a caller gives).
        case escaped(String)
        /// A dictionary key, escaped when written.
        case key(String)
        /// An array index.
        case index(Int)

        var text: String {
            switch self {
            case .escaped(let s): s
            case .key(let k): KeyPath.escape(k)
            case .index(let i): String(i)
            }
        }
    }

    /// Where an object's path from the object it was written under sits in `tailParts`.
    struct TailSpan {
        var start = 0
        var count = 0
    }

    /// `repeatByteBudget`: bytes of short strings and data written again where they are met again
    /// (`JSONRenderer.defaultRepeatBudget` of the input by default).
    public init(shapes: ExportShapes, repeatsShared: Bool? = nil, repeatByteBudget: Int? = nil) {
        self.shapes = shapes
        self.repeatsShared = repeatsShared ?? shapes.isPlainPlist
        let count = Swift.max(0, Swift.min(shapes.graph.objectCount, Int(Int32.max)))
        repeatBudget = 1_000_000 + 8 * count
        self.repeatByteBudget = Swift.max(0, repeatByteBudget ?? JSONRenderer.defaultRepeatBudget(inputSize: shapes.graph.input.count))
        leafWritten = [Bool](repeating: false, count: count)
        parents = [Int32](repeating: -2, count: count)
        tailSpans = [TailSpan](repeating: TailSpan(), count: count)
        isOpen = [Bool](repeating: false, count: self.repeatsShared ? count : 0)
    }

    private enum Container {
        case array(ExportItems)
        case dictionary(ExportEntries)
    }

    /// One open array or dictionary: the next child to write, and the object it is the shape of.
    private struct Frame {
        var container: Container
        var next = 0
        var owner: ObjectID?
    }

    /// Writes `value`, which sits at `prefix` in the document (extract-form components), then
    /// finishes the sink.
    public mutating func write<S: ExportSink>(_ value: ExportValue, at prefix: [String] = [], to sink: inout S) {
        writeValue(value, at: prefix, to: &sink)
        sink.finish()
    }

    /// `write` without finishing the sink: also how an embedded archive's root is written, by an
    /// exporter of its own (its object ids are its own) into the same sink. The depth limit of
    /// embedded archives bounds that recursion.
    private mutating func writeValue<S: ExportSink>(_ value: ExportValue, at prefix: [String], to sink: inout S) {
        var frames: [Frame] = []
        // The path of the value being written: `prefix`, then one component per open frame.
        var path = prefix.map(PathPart.escaped)
        // Enclosing objects written in full: (id, path length where the object sits).
        var owners: [(id: ObjectID, depth: Int)] = []
        var pending: (value: ExportValue, owner: ObjectID?)? = (value, nil)
        while true {
            if let (v, owner) = pending {
                pending = nil
                events += 1
                switch v {
                case .scalar(let s): sink.scalar(s)
                case .object(let id): pending = visit(id, path: path, owners: owners, to: &sink)
                case .array(let items):
                    sink.beginArray()
                    open(Frame(container: .array(items), owner: owner), &frames, &path, &owners)
                case .dictionary(let entries):
                    sink.beginDictionary()
                    open(Frame(container: .dictionary(entries), owner: owner), &frames, &path, &owners)
                case .embedded(let inner):
                    var nested = ArchiveExporter(shapes: inner)
                    nested.writeValue(inner.root, at: path.map(\.text), to: &sink)
                    events += nested.events
                    refusedRepeats += nested.refusedRepeats
                }
                continue
            }
            guard var frame = frames.popLast() else { break }
            switch frame.container {
            case .array(let items) where frame.next < items.count:
                path[path.count - 1] = .index(frame.next)
                pending = (items[frame.next], nil)
            case .dictionary(let entries) where frame.next < entries.count:
                let (key, v) = entries[frame.next]
                path[path.count - 1] = .key(key)
                sink.key(key)
                pending = (v, nil)
            case .array:
                sink.endArray()
                close(frame, &path, &owners)
                continue
            case .dictionary:
                sink.endDictionary()
                close(frame, &path, &owners)
                continue
            }
            frame.next += 1
            frames.append(frame)
        }
    }

    private mutating func open(_ frame: Frame, _ frames: inout [Frame], _ path: inout [PathPart], _ owners: inout [(id: ObjectID, depth: Int)]) {
        if let owner = frame.owner {
            owners.append((owner, path.count))
            if owner < isOpen.count { isOpen[owner] = true }
        }
        frames.append(frame)
        path.append(.index(0))
    }

    private mutating func close(_ frame: Frame, _ path: inout [PathPart], _ owners: inout [(id: ObjectID, depth: Int)]) {
        path.removeLast()
        guard let owner = frame.owner else { return }
        owners.removeLast()
        if owner < isOpen.count { isOpen[owner] = false }
    }

    /// Object `id` met at `path`: its shape to write next (owned by it), or nil when it was written
    /// here already (a small leaf, or a reference marker).
    private mutating func visit<S: ExportSink>(_ id: ObjectID, path: [PathPart], owners: [(id: ObjectID, depth: Int)],
                                                to sink: inout S) -> (ExportValue, ObjectID?)? {
        let tracked = id >= 0 && id < parents.count
        if tracked, leafWritten[id] { return repeatLeaf(id, to: &sink) }
        if tracked, parents[id] != -2 {
            // A container again (a long text or data value never: the budget counts values, not bytes).
            if repeatsShared, id < isOpen.count, !isOpen[id], events < repeatBudget {
                let shape = shapes.shape(of: id).value
                if case .scalar = shape {} else { return (shape, id) }
            }
            marker(id, to: &sink)
            return nil
        }
        let (shape, isLeaf) = shapes.shape(of: id)
        if isLeaf, case .scalar(let s) = shape, s.payloadSize <= Self.repeatedLeafLimit {
            if tracked, s.payloadSize >= Self.leafRepeatMinimum {
                leafWritten[id] = true
                record(id, path: path, owners: owners)
            }
            sink.scalar(s)
            return nil
        }
        guard tracked else { return (shape, nil) }
        record(id, path: path, owners: owners)
        return (shape, id)
    }

    /// A leaf of `leafRepeatMinimum` bytes or more met again: written again within the byte budget,
    /// else the marker.
    private mutating func repeatLeaf<S: ExportSink>(_ id: ObjectID, to sink: inout S) -> (ExportValue, ObjectID?)? {
        guard case .scalar(let s) = shapes.shape(of: id).value else {
            marker(id, to: &sink)
            return nil
        }
        if s.payloadSize <= repeatByteBudget - repeatedBytes {
            repeatedBytes += s.payloadSize
            sink.scalar(s)
        } else {
            refusedRepeats += 1
            marker(id, to: &sink)
        }
        return nil
    }

    /// Notes object `id` as written at `path`, under the innermost enclosing object.
    private mutating func record(_ id: ObjectID, path: [PathPart], owners: [(id: ObjectID, depth: Int)]) {
        let owner = owners.last
        parents[id] = owner.map { Int32(truncatingIfNeeded: $0.id) } ?? -1
        let from = owner?.depth ?? 0
        if from < path.count {
            tailSpans[id] = TailSpan(start: tailParts.count, count: path.count - from)
            tailParts.append(contentsOf: path[from...])
        }
    }

    /// `{"$ref": id, "$path": …}` for an object written before.
    private mutating func marker<S: ExportSink>(_ id: ObjectID, to sink: inout S) {
        sink.beginDictionary()
        sink.key("$ref")
        sink.scalar(.integer(Int128(id)))
        if let path = firstPath(of: id) {
            sink.key("$path")
            sink.scalar(.string(path))
        }
        sink.endDictionary()
    }

    /// Where object `id` was written in full, in extract form; nil past the step budget.
    mutating func firstPath(of id: ObjectID) -> String? {
        var parts: [String] = []
        var current = id
        while current >= 0, current < parents.count {
            pathSteps += 1
            guard pathSteps <= Self.pathStepBudget else { return nil }
            let span = tailSpans[current]
            if span.count > 0 {
                parts.append(tailParts[span.start..<(span.start + span.count)].map(\.text).joined(separator: "."))
            }
            let parent = Int(parents[current])
            if parent < 0 { break }
            current = parent
        }
        return parts.reversed().joined(separator: ".")
    }
}

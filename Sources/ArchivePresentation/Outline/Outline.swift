import ArchiveCore
import ArchiveDocuments

/// Lazily expanded tree rows over an `ObjectGraph`, shared by the browser and `--dump` (`--json` writes
/// each object's stored structure, not rows).
///
/// Children are addressed by index so that a million-element collection costs nothing until its rows
/// are asked for. Not thread-safe: it caches the last decoded objects.
package final class Outline {
    package let graph: any ObjectGraph
    /// Whole-graph facts (referrer counts, lost and found). Nil until built; set it when ready.
    package var index: GraphIndex?
    /// Decoded views, the least recently used evicted first.
    var views: ViewCache
    private var lostCache: (index: GraphIndex, ids: [ObjectID])?
    /// Data rows made already (`fieldNode(_:at:)`), with the bytes they hold.
    private var dataRows: (rows: [DataRowKey: OutlineNode], bytes: Int) = ([:], 0)
    /// Views held apart from the cache (`hold(_:)`), with how many holds each has.
    private var held: [ObjectID: (view: ObjectView, count: Int)] = [:]
    /// Objects decoded into views so far: a count of work for tests (a walk over every row should
    /// decode each object once).
    package private(set) var viewsMade = 0

    /// Whether a view's object carries its per-object rules' diagnostics (`GraphValidation.shownObject`)
    /// besides its decoder's: false for a front end that shows a full check's diagnostics instead
    /// (`--dump`), which then decodes each object without judging it a second time.
    let judgesObjects: Bool

    /// `viewCapacity`: most decoded views kept; `viewBudget`: their most estimated bytes (the most
    /// recently used few are kept whatever they cost).
    package init(graph: any ObjectGraph, index: GraphIndex? = nil, judgesObjects: Bool = true, viewCapacity: Int = 4_096,
                viewBudget: Int = 32 << 20) {
        self.graph = graph
        self.index = index
        self.judgesObjects = judgesObjects
        views = ViewCache(capacity: viewCapacity, costBudget: viewBudget)
    }

    /// The top-level rows: every top-level entry, then "lost and found" when the index knows of any.
    package func roots() -> [OutlineNode] {
        var rows = graph.topLevel.map { node(label: $0.key, value: $0.value, range: $0.range) }
        if let index, index.unreachable.contains(where: { graph.object($0).kind != .nullMarker }) {
            rows.append(OutlineNode(label: "lost and found", value: .list([]), summary: "objects nothing reaches from the top level",
                                    source: .lostAndFound, isGroup: true))
        }
        return rows
    }

    /// Number of children of `node`.
    package func childCount(of node: OutlineNode) -> Int {
        switch node.source {
        case .none: 0
        case .object(let id): view(id).children.count + (view(id).isKnown ? 1 : 0)
        // The stored fields of the cached view: decoding the object again per row made listing an
        // object of n fields cost n decodes of n fields.
        case .rawFields(let id): view(id).object.fields.count
        case .list(let items): items.count
        case .lostAndFound: lostObjects().count
        }
    }

    /// The child of `node` at `position` (must be below `childCount(of:)`).
    package func child(of node: OutlineNode, at position: Int) -> OutlineNode {
        switch node.source {
        case .none:
            return OutlineNode(label: "?", value: .invalid("no children"), summary: "")
        case .object(let id):
            let v = view(id)
            if position < v.children.count { return fieldNode(v.children[position], at: DataRowKey(object: id, raw: false, position: position)) }
            return OutlineNode(label: "raw fields", value: .list([]), target: nil, summary: v.object.fields.count == 1 ? "1 stored field" : "\(v.object.fields.count) stored fields",
                               source: .rawFields(id), isGroup: true)
        case .rawFields(let id):
            let fields = view(id).object.fields
            return position < fields.count ? fieldNode(fields[position], at: DataRowKey(object: id, raw: true, position: position)) : node
        case .list(let items):
            return position < items.count ? self.node(label: "[\(position)]", value: items[position], range: nil) : node
        case .lostAndFound:
            let lost = lostObjects()
            let id = position < lost.count ? lost[position] : 0
            return self.node(label: "#\(id)", value: .reference(.object(id)), range: nil)
        }
    }

    /// All children of `node` (convenience for small nodes and tests).
    package func children(of node: OutlineNode) -> [OutlineNode] {
        (0..<childCount(of: node)).map { child(of: node, at: $0) }
    }

    /// Number of referrers of `id`, when the index is built.
    package func referrerCount(of id: ObjectID) -> Int? {
        guard let index, id >= 0, id < index.referrerCounts.count else { return nil }
        return Int(index.referrerCounts[id])
    }

    /// The lost objects, computed once per index: `child(of:at:)` asks for them on every row.
    private func lostObjects() -> [ObjectID] {
        guard let index else { return [] }
        if let cached = lostCache, cached.index === index { return cached.ids }
        let ids = index.unreachable.filter { graph.object($0).kind != .nullMarker }
        lostCache = (index, ids)
        return ids
    }

    /// A field's row, kept when it shows data: its summary (a bookmark's is decoded) and its
    /// embedded-format probe are worked out once, not on every frame that shows the row.
    private func fieldNode(_ field: Field, at key: DataRowKey) -> OutlineNode {
        guard case .scalar(.data(let bytes)) = field.value else { return fieldNode(field) }
        if let row = dataRows.rows[key] { return row }
        let row = fieldNode(field)
        if dataRows.rows.count >= Self.dataRowLimit || dataRows.bytes > Self.dataRowByteLimit { dataRows = ([:], 0) }
        dataRows.rows[key] = row
        dataRows.bytes += bytes.count
        return row
    }

    /// Most data rows kept, and most bytes of data they hold, before the rows kept start over.
    static let dataRowLimit = 4_096
    static let dataRowByteLimit = 32 << 20

    /// Where a field's row is: the object, whether among its raw fields, and the position.
    struct DataRowKey: Hashable {
        var object: ObjectID
        var raw: Bool
        var position: Int
    }

    private func fieldNode(_ field: Field) -> OutlineNode {
        var row = node(label: field.key, value: field.value, range: field.range)
        row.fieldKey = field.key
        return row
    }

    /// A key as a row shows it: at most `ValueFormatter.summaryLimit` characters (a dictionary can name
    /// one 100 KB string as the key of 20,000 entries; every row holding all of it was 2 GB).
    static func cut(_ key: String) -> String { ValueFormatter.cut(key) }

    /// A row for `value` stored under `label`; an empty key is shown as `""` (as the dictionary
    /// presenter shows an empty string key), not as nothing.
    package func node(label rawLabel: String, value: FieldValue, range: ByteRange?) -> OutlineNode {
        let label = rawLabel.isEmpty ? "\"\"" : DisplayText.escape(Self.cut(rawLabel))
        switch value {
        case .scalar(let s):
            var row = OutlineNode(label: label, value: value, className: s.typeName, summary: DataPresenter.valueSummary(s), range: range)
            if case .data(let bytes) = s { row.embeddedProbe = .some(EmbeddedArchive.format(of: bytes)) }
            return row
        case .list(let items):
            return OutlineNode(label: label, value: value, className: "list", summary: items.count == 1 ? "1 item" : "\(items.count) items", range: range,
                               source: items.isEmpty ? .none : .list(items))
        case .invalid(let why):
            return OutlineNode(label: label, value: value, summary: DisplayText.escapeMessage(why), state: .invalid(why), range: range, severity: .error)
        case .sameAs(let same):
            // Like a reference to the owner: following or expanding it shows the owner's fields.
            return OutlineNode(label: label, value: value, target: same.owner, summary: "same as #\(same.owner): " + DisplayText.escape(same.description),
                               range: range)
        case .reference(let ref):
            return referenceNode(label: label, value: value, ref: ref, range: range)
        }
    }

    private func referenceNode(label: String, value: FieldValue, ref: Reference, range: ByteRange?) -> OutlineNode {
        switch ref {
        case .null:
            return OutlineNode(label: label, value: value, summary: "nil", state: .null, range: range)
        case .conditionalNull(let id):
            return OutlineNode(label: label, value: value, target: nil, summary: "conditional #\(id), never encoded",
                               state: .conditionalNull, range: range)
        case .dangling(let raw, let reason):
            return OutlineNode(label: label, value: value, summary: "→ \(raw): " + DisplayText.escapeMessage(reason), state: .dangling(reason), range: range, severity: .error)
        case .object(let id):
            let v = view(id)
            let expandable = !v.children.isEmpty || v.isKnown
            return OutlineNode(label: label, value: value, target: id, className: (v.object.className ?? v.object.value?.typeName).map { DisplayText.escape(ValueFormatter.cut($0)) },
                               summary: v.summary, range: v.object.range, severity: v.object.diagnostics.worstSeverity,
                               source: expandable ? .object(id) : .none)
        }
    }

    /// The decoded object with its presentation, cached (`ViewCache`: a wide object whose children are
    /// being listed stays cached, and walks over trees of up to thousands of objects decode each once).
    package func view(_ id: ObjectID) -> ObjectView {
        if let held = held[id] { return held.view }
        if let cached = views.view(id) { return cached }
        let object = judgesObjects ? GraphValidation.shownObject(id, in: graph) : graph.object(id)
        let v = ObjectView(object: object, graph: graph)
        viewsMade += 1
        views.insert(v, for: id)
        return v
    }

    /// Keeps the view of `id` whatever the cache evicts, until as many `release(_:)` calls: a walk
    /// holds the objects whose children it is listing (`--dump` lists an object of 20,000 fields
    /// while the views of those fields' targets would push it out of the cache).
    package func hold(_ id: ObjectID) {
        if let entry = held[id] {
            held[id] = (entry.view, entry.count + 1)
        } else {
            held[id] = (view(id), 1)
        }
    }

    /// Drops the cached view of `id` (unless held): a walk that will not show the object again
    /// leaves the cache to the views it will (`--dump`, once every child of a row is written).
    package func forget(_ id: ObjectID) {
        guard held[id] == nil else { return }
        views.remove(id: id)
    }

    /// Ends one `hold(_:)` of `id`.
    package func release(_ id: ObjectID) {
        guard let entry = held[id] else { return }
        held[id] = entry.count > 1 ? (entry.view, entry.count - 1) : nil
    }
}

/// References collected from objects in id order, as flat arrays. Parts collected in parallel are
/// concatenated in order, so the result is the same as a sequential pass.
public struct GraphEdges: Sendable {
    let objectCount: Int
    /// Each reference's source, target, field and item. Without positions only `to` is kept per
    /// reference, and the sources as runs (below): read them as `sources`.
    @usableFromInline package var from: [Int32] = [], to: [Int32] = [], field: [Int32] = [], item: [Int32] = []
    /// Without positions, the sources of the references in runs: the next `runLengths[r]` references
    /// come from `runSources[r]`. A check adds references object by object, so a run an object
    /// instead of a source a reference (the peak of a large keyed archive's check holds them).
    @usableFromInline package var runSources: [Int32] = [], runLengths: [UInt32] = []
    /// Whether `field` and `item` are kept (a `GraphIndex` names referrers by them), and `from`;
    /// reachability (`GraphReachability`) needs only the sources and `to`, and a full check keeps only those.
    @usableFromInline let recordsPositions: Bool
    /// `$class` links and plist dictionary keys: they keep objects reachable but are not referrers.
    var linkFrom: [Int32] = [], linkTo: [Int32] = []
    /// For each link, whether it is a `$class` link (else a dictionary key).
    var linkIsClass: [Bool] = []
    /// Reachability through content written once that several objects list (see `SharedListLink`):
    /// holder → content and content → what its owner refers to in it.
    var sharedLinks: [(from: EdgeEndpoint, to: EdgeEndpoint)] = []

    package init(objectCount: Int) { self.init(objectCount: objectCount, recordsPositions: true) }

    /// Edges that keep `field` and `item` only when `recordsPositions`.
    package init(objectCount: Int, recordsPositions: Bool) {
        self.objectCount = objectCount
        self.recordsPositions = recordsPositions
    }

    /// The top-level references followed by `parts` in order.
    package init(top: [Field], objectCount: Int, parts: [GraphEdges]) {
        var joined = parts
        self.init(top: top, objectCount: objectCount, consuming: &joined)
    }

    /// The top-level references followed by `parts` in order, each part released once it is joined
    /// (`parts` is left empty), so that the joined edges and the parts are not all alive at once.
    package init(top: [Field], objectCount: Int, consuming parts: inout [GraphEdges]) {
        self.init(objectCount: objectCount, recordsPositions: parts.allSatisfy(\.recordsPositions))
        addFields(of: -1, FieldCollection(top))
        let total = parts.reduce(0) { $0 + $1.to.count }
        to.reserveCapacity(to.count + total)
        if recordsPositions { from.reserveCapacity(from.count + total); field.reserveCapacity(field.count + total); item.reserveCapacity(item.count + total) }
        for i in parts.indices {
            let part = parts[i]
            parts[i] = GraphEdges(objectCount: 0)
            to += part.to
            if recordsPositions {
                from += part.from; field += part.field; item += part.item
            } else if part.recordsPositions {
                for s in part.from { addSource(s) }
            } else {
                runSources += part.runSources; runLengths += part.runLengths
            }
            linkFrom += part.linkFrom; linkTo += part.linkTo; linkIsClass += part.linkIsClass
            sharedLinks += part.sharedLinks
        }
        parts = []
    }

    /// Adds the references of `object`.
    package mutating func add(_ object: GraphObject) {
        let source = Int32(truncatingIfNeeded: object.id)
        addFields(of: source, object.fields)
        if let c = object.classObjectID { addLink(source, c, isClass: true) }
        for c in object.auxiliaryReferences { addLink(source, c, isClass: false) }
        for link in object.sharedListLinks { addSharedLink(object.id, link) }
    }

    /// Adds one reference of object `source` as `add(_:)` records it: to `target`, from field `field`
    /// (the field's position among the object's fields), item `item` of a list (-1 for a field that
    /// is not a list). `target` must be an object id below `objectCount`.
    /// SPI-public and inlinable: the keyed check adds one per reference from another target (see
    /// `OffsetColumn`).
    @_spi(ArchiveInternals) @inlinable
    public mutating func addReference(from source: ObjectID, to target: ObjectID, field: Int, item: Int) {
        addSource(Int32(truncatingIfNeeded: source)); to.append(Int32(truncatingIfNeeded: target))
        if recordsPositions { self.field.append(Int32(truncatingIfNeeded: field)); self.item.append(Int32(truncatingIfNeeded: item)) }
    }

    /// Records the source of the next reference: in `from`, or without positions in its run.
    @inlinable
    mutating func addSource(_ source: Int32) {
        guard !recordsPositions else { from.append(source); return }
        if let last = runSources.last, last == source, let length = runLengths.last, length < UInt32.max {
            runLengths[runLengths.count - 1] = length + 1
        } else {
            runSources.append(source); runLengths.append(1)
        }
    }

    /// Each reference's source (`from`, or the runs written out).
    package var sources: [Int32] {
        guard !recordsPositions else { return from }
        var all: [Int32] = []
        all.reserveCapacity(to.count)
        for (s, length) in zip(runSources, runLengths) { all.append(contentsOf: repeatElement(s, count: Int(length))) }
        return all
    }

    /// Adds the `$class` link of object `source` as `add(_:)` records it.
    package mutating func addClassLink(from source: ObjectID, to target: ObjectID) {
        addLink(Int32(truncatingIfNeeded: source), target, isClass: true)
    }

    /// A holder reaches the shared content; the content reaches what the owner read in it.
    private mutating func addSharedLink(_ holder: ObjectID, _ link: SharedListLink) {
        let content = EdgeEndpoint.sharedContent(node: link.node)
        guard let targets = link.targets else {
            sharedLinks.append((.object(holder), content))
            return
        }
        for t in targets where t >= 0 && t < objectCount { sharedLinks.append((content, .object(t))) }
    }

    private mutating func addLink(_ source: Int32, _ target: ObjectID, isClass: Bool) {
        guard target >= 0, target < objectCount else { return }
        linkFrom.append(source)
        linkTo.append(Int32(truncatingIfNeeded: target))
        linkIsClass.append(isClass)
    }

    private mutating func addFields(of source: Int32, _ fields: FieldCollection) {
        let n = objectCount
        for (fi, f) in fields.enumerated() where !f.isShortcut {
            var itemIndex: Int32 = -1
            if case .list = f.value { itemIndex = 0 }
            f.value.forEachReference { ref in
                if case .object(let t) = ref, t >= 0, t < n {
                    addSource(source); to.append(Int32(truncatingIfNeeded: t))
                    if recordsPositions { field.append(Int32(truncatingIfNeeded: fi)); item.append(itemIndex) }
                }
                if itemIndex >= 0 { itemIndex += 1 }
            }
        }
    }
}

/// One end of a link through shared content: an object, or content the file writes once and several
/// objects list (a shared inline list, a shared `$objects` dictionary, a container whose offset other
/// table entries repeat), named by its plist node. The index makes each such content one node of its
/// own after the objects, so holders reach the owner's targets without repeating them.
package enum EdgeEndpoint: Sendable, Hashable {
    case object(ObjectID)
    case sharedContent(node: Int)
}

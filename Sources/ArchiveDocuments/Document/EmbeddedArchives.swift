import ArchiveCore

/// The one service that finds the archives inside a document and opens them as children in the
/// document tree (`DocumentNode`). The check, `--dump`, `--json` and the browser's `o` all use it, so
/// they agree on which data values hold an archive, where its bytes are in the file and how deep
/// archives inside archives are followed.
///
/// An archive's place is where its bytes are stored: a bare data object's value, or data inline in an
/// object's field. A row showing an NSData instance, the data object its `NS.data` refers to, or that
/// field itself all lead to the same place, so each archive is found once however many rows show it.
package enum EmbeddedArchives {
    /// Levels of archives inside archives that are found and opened below the input, by every front end.
    package static let maxDepth = 3

    /// Whether archives inside `node` are found and opened (it lies above the depth limit).
    package static func looksInside(_ node: DocumentNode) -> Bool { node.depth < maxDepth }

    /// Hands `body` each archive directly inside `node`, in object order, until it returns false;
    /// nothing below the depth limit.
    package static func forEach(in node: DocumentNode, _ body: (FoundArchive) -> Bool) {
        guard looksInside(node) else { return }
        node.document.forEachArchive(body)
    }

    /// Every data value of `graph` that holds an archive, one at a time until `body` returns false:
    /// bare data objects' values, then data stored inline in each object's fields (NSData's `NS.data`
    /// that refers to a bare data object is found as that object).
    static func forEach(in graph: any ObjectGraph, _ body: (FoundArchive) -> Bool) {
        forEach(in: graph, holders: ArchiveHoldingObjects(), body)
    }

    /// `forEach(in:_:)` over the objects `holders` found (searched by the first caller of a document,
    /// remembered for the next).
    static func forEach(in graph: any ObjectGraph, holders: ArchiveHoldingObjects, _ body: (FoundArchive) -> Bool) {
        let ids = holders.ids(in: graph)
        guard !ids.isEmpty else { return }
        let read = graph.makeStructureReader()
        for id in ids {
            let object = read(id)
            if case .data(let bytes)? = object.value,
               let found = found(bytes, at: .dataValue(object: id, field: nil), range: object.range, holder: object, in: graph),
               !body(found) { return }
            for field in object.fields {
                if case .scalar(.data(let bytes)) = field.value,
                   let found = found(bytes, at: .dataValue(object: id, field: field.key), range: field.range, holder: object, in: graph),
                   !body(found) { return }
            }
        }
    }

    /// The archive stored in object `id`: its own data value, or an NSData/NSMutableData instance's
    /// bytes (its `NS.data` or `NS.bytes`, inline or a reference to a data object; a typedstream's
    /// byte array), at the place where those bytes are stored.
    package static func stored(in holder: GraphObject, id: ObjectID, graph: any ObjectGraph,
                       object: (ObjectID) -> GraphObject) -> FoundArchive? {
        if case .data(let bytes)? = holder.value {
            return found(bytes, at: .dataValue(object: id, field: nil), range: holder.range, holder: holder, in: graph)
        }
        guard holder.kind == .instance, FoundationClassFamily.isData(holder) else { return nil }
        let named = ["NS.data", "NS.bytes"].compactMap { holder.field($0) }
        for field in named + holder.fields {
            switch field.value {
            case .scalar(.data(let bytes)):
                return found(bytes, at: .dataValue(object: id, field: field.key), range: field.range, holder: holder, in: graph)
            case .reference(.object(let target)) where named.contains(where: { $0.key == field.key }) && target >= 0 && target < graph.objectCount:
                let data = object(target)
                guard case .data(let bytes)? = data.value else { continue }
                return found(bytes, at: .dataValue(object: target, field: nil), range: data.range, holder: data, in: graph)
            default:
                continue
            }
        }
        return nil
    }

    /// `bytes` as a found archive when they hold one, with where they lie in the graph's input: at the
    /// end of the range they were read from or of the object holding them.
    package static func found(_ bytes: [UInt8], format known: ContainerFormat? = nil, at place: ArchivePlace, range: ByteRange?, holder: GraphObject,
                      in graph: any ObjectGraph) -> FoundArchive? {
        guard let format = known ?? EmbeddedArchive.format(of: bytes) else { return nil }
        let candidates = [range, holder.range].compactMap { $0 }
        return FoundArchive(place: place, bytes: bytes, format: format, range: range,
                            offset: EmbeddedArchive.offset(of: bytes, candidates: candidates, in: graph.input))
    }

    /// `found`, opened as a child of `parent`; nil past the depth limit, or when `budget` (if given)
    /// has no room for its bytes. `displayName` (display-safe) names the document; by default its place.
    package static func open(_ found: FoundArchive, in parent: DocumentNode, budget: EmbeddedBudget? = nil,
                            displayName: String? = nil) -> DocumentNode? {
        guard looksInside(parent) else { return nil }
        if let budget, !budget.spend(found.bytes.count) { return nil }
        let document = EmbeddedArchive.open(found.bytes, displayName: displayName ?? found.place.description)
        return DocumentNode(document: document, parent: parent, found: found)
    }

    /// A data value's bytes opened as an archive, for the export verbs (which meet values, not
    /// outline rows): nil when they hold no archive, when `budget` has no room for them, or when they
    /// do not decode at all (better kept as the bytes they are). The caller keeps to `maxDepth`.
    static func openValue(_ bytes: [UInt8], budget: EmbeddedBudget) -> (format: ContainerFormat, document: ArchiveDocument)? {
        openValue(bytes, format: EmbeddedArchive.format(of: bytes), budget: budget)
    }

    /// `openValue(_:budget:)` for bytes whose `EmbeddedArchive.format(of:)` the caller has (`format`).
    package static func openValue(_ bytes: [UInt8], format: ContainerFormat?, budget: EmbeddedBudget) -> (format: ContainerFormat, document: ArchiveDocument)? {
        // A bookmark is exported as the data it is: its graph is a view of the record, not an archive's objects.
        guard let format, !format.isRecord, budget.spend(bytes.count) else { return nil }
        let document = EmbeddedArchive.open(bytes, name: "embedded \(format.shortName)")
        guard !(document.graph is UnreadableGraph) else { return nil }
        return (format, document)
    }

    /// The archive found past the start of an input this tool cannot read (behind a header of another
    /// format), if any.
    package static func archiveAfterHeader(in node: DocumentNode) -> FoundArchive? {
        guard let graph = node.document.graph as? UnreadableGraph, let inside = graph.archiveInside else { return nil }
        let bytes = graph.input.bytes(in: ByteRange(inside.offset, graph.input.count))
        return FoundArchive(place: .afterHeader(offset: inside.offset), bytes: bytes, format: inside.format,
                            range: ByteRange(inside.offset, graph.input.count), offset: inside.offset)
    }

    /// A start of an archive or record as a container's data values hold it: one form of a format's
    /// raw signature, with the descriptor that confirms it (raw forms only).
    struct ArchiveStart {
        let bytes: [UInt8]
        /// The raw signature, when `bytes` are it (not its base64 or hex form).
        let raw: FormatSignature?
        let descriptor: any FormatDescriptor
    }

    /// The starts of the archives and records this tool decodes as a container's data values hold
    /// them, derived from the registry's raw signatures (`FormatSignature`): raw in a binary plist's
    /// data or a typedstream's byte array, base64 in an XML plist's `<data>`, hex in an OpenStep
    /// plist's `<…>`. An alias record has no signature, so its end tag (FF FF 00 00) stands for it (in
    /// base64 at each of its three alignments).
    static func archiveStarts(in container: ContainerFormat) -> [ArchiveStart] {
        switch container {
        case .xmlPlist: base64Starts
        case .openStepPlist: hexStarts
        default: rawStarts
        }
    }

    private static let rawStarts = FormatRegistry.signatures.map { ArchiveStart(bytes: $0.signature.bytes, raw: $0.signature, descriptor: $0.descriptor) }
    private static let base64Starts = FormatRegistry.signatures.flatMap { entry in
        entry.signature.base64Forms.map { ArchiveStart(bytes: $0, raw: nil, descriptor: entry.descriptor) }
    }
    private static let hexStarts = FormatRegistry.signatures.flatMap { entry in
        entry.signature.hexForms.map { ArchiveStart(bytes: $0, raw: nil, descriptor: entry.descriptor) }
    }

    /// Whether `start` at `offset` goes on as its format does (`FormatDescriptor.confirms`: a raw
    /// `book` is followed by bookmark data's header). Base64 and hex starts need no more.
    static func confirms(_ start: ArchiveStart, at offset: Int, in input: InputBytes) -> Bool {
        guard let raw = start.raw else { return true }
        return start.descriptor.confirms(raw, at: offset, in: input)
    }

    /// Whether `input` holds the start of an archive anywhere past its first byte, as a `container`
    /// holds data: one pass over the bytes that spares the object-by-object search the files (nearly
    /// all) that embed nothing.
    static func mayHoldArchives(_ input: InputBytes, container: ContainerFormat) -> Bool {
        let starts = archiveStarts(in: container)
        // A bit per pair of bytes that begins a start, so the pass over the bytes is two loads and a
        // test each: with a table of first bytes alone, the references and offsets of a binary plist
        // (full of 0x04 and 0xFF) sent one byte in ten to the list of starts, 8% of a keyed check.
        let pairs = startPairs(in: container)
        let bytes = input.buffer
        guard bytes.count > 2 else { return false }
        return pairs.withUnsafeBufferPointer { pairs in
            var pair = Int(bytes[0]) << 8 | Int(bytes[1])
            for offset in 1..<(bytes.count - 1) {
                pair = (pair << 8 | Int(bytes[offset + 1])) & 0xFFFF
                guard pairs[pair >> 6] >> UInt64(pair & 63) & 1 != 0 else { continue }
                if starts.contains(where: { input.matches($0.bytes, at: offset) && confirms($0, at: offset, in: input) }) { return true }
            }
            // The last byte begins no pair: only a start of one byte (none today) could be there.
            let last = bytes.count - 1
            return starts.contains { $0.bytes.count == 1 && input.matches($0.bytes, at: last) && confirms($0, at: last, in: input) }
        }
    }

    /// Per container, a bit for each pair of bytes that begins one of its starts (a start of one byte,
    /// should there be one, marks every pair it begins).
    private static func startPairs(in container: ContainerFormat) -> [UInt64] {
        switch container {
        case .xmlPlist: base64Pairs
        case .openStepPlist: hexPairs
        default: rawPairs
        }
    }

    private static let rawPairs = pairTable(rawStarts)
    private static let base64Pairs = pairTable(base64Starts)
    private static let hexPairs = pairTable(hexStarts)

    private static func pairTable(_ starts: [ArchiveStart]) -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: 1024)
        for start in starts {
            guard let first = start.bytes.first else { continue }
            let seconds = start.bytes.count > 1 ? [start.bytes[1]] : Array(0...255)
            for second in seconds {
                let pair = Int(first) << 8 | Int(second)
                bits[pair >> 6] |= 1 << UInt64(pair & 63)
            }
        }
        return bits
    }
}

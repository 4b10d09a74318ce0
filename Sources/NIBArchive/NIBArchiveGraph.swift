import Synchronization
import ArchiveCore

/// A compiled nib in the NIBArchive format (UINibEncoder's; FORMATS.md E) as an `ObjectGraph`.
///
/// Opening reads the header and walks the four tables once, keeping where their entries are; an object
/// is decoded (its class name, its values with their keys) when it is asked for. Object ids are the
/// positions in the object table, `#0` being the root a loader starts from, so ids agree with other nib
/// tools. Every value is a field, in stored order; a run of values under `UINibEncoderEmptyKey` (the
/// elements of a collection, or values encoded without a key) is one field holding them as a list.
package final class NIBArchiveGraph: ObjectGraph, DataValueScanning, Sendable {
    package let input: InputBytes
    let reader: NIBArchiveReader
    package let layout: NIBArchiveLayout
    let keys: NIBTextTable
    let classNames: NIBTextTable
    let runs: NIBValueRuns
    /// Whether key *i* is `UINibEncoderEmptyKey`, by key index (a lookup for every value read).
    let isEmptyKey: [Bool]
    package let openDiagnostics: [Diagnostic]
    private let topLevelCache = Mutex<[Field]?>(nil)
    /// Objects of more than `storedRunLimit` values, as last decoded: decoding one reads all its values
    /// (to find its runs), and the browser asks for the object again for each of its rows.
    private let largeObjects = Mutex<[ObjectID: GraphObject]>([:])

    package init(input: InputBytes) {
        self.input = input
        reader = NIBArchiveReader(input: input)
        layout = NIBArchiveLayout(input: input)
        let keys = NIBTextTable(.keys, layout: layout, reader: reader)
        self.keys = keys
        isEmptyKey = (0..<keys.table.found).map { keys.emptyKeys.contains($0) }
        classNames = NIBTextTable(.classNames, layout: layout, reader: reader)
        let objectTable = layout[.objects], valueTable = layout[.values]
        let reader = self.reader
        // Runs in ibtool's order need nothing more; others are sorted, and their owners assigned over
        // the values that exist (which reads the value table).
        runs = NIBValueRuns(gapsInOrder: objectTable.gapsInOrder) {
            let valueCount = valueTable.found
            var runs: [NIBValueRuns.Stretch] = []
            var position = objectTable.offset
            for _ in 0..<objectTable.found {
                guard let (entry, end) = try? reader.object(at: position) else { break }
                position = end
                runs.append(Self.clippedRun(entry, valueCount: valueCount))
            }
            return (runs, valueCount)
        }
        objectCount = objectTable.found
        var open = layout.openDiagnostics + keys.diagnostics + classNames.diagnostics
        if objectTable.found == 0, input.count >= NIBArchiveLayout.headerSize {
            open.append(NIBArchiveIssue.rootMissing(declared: objectTable.declaredCount)
                .diagnostic(ByteRange(start: NIBArchiveLayout.countField(.objects), count: 8)))
        }
        openDiagnostics = open.sortedByOffset()
    }

    package var container: ContainerFormat { .nibArchive }
    package var graphKind: GraphKind { .nibArchive }
    package var archiveKind: String { "NIBArchive" }
    /// The objects that could be read from the object table.
    package let objectCount: Int
    /// The header's coder version (9 or 10 in known nibs), when the header is complete.
    package var coderVersion: UInt32? { layout.coderVersion }

    /// `root` (object #0, where a loader starts), then the nib's way-in rows: its file's owner,
    /// top-level objects and connections (`NibStructure`), found on first use.
    package var topLevel: [Field] {
        guard objectCount > 0 else { return [] }
        if let known = topLevelCache.withLock({ $0 }) { return known }
        let rows = [Field(key: "root", value: .reference(.object(0)), range: objectRange(0))]
            + NibStructure.shortcuts(root: object(0), in: self) { $0.kind == .instance ? NibStructure.nibArchiveElements($0) : nil }
        topLevelCache.withLock { $0 = rows }
        return rows
    }

    /// The object-table entry of object `id` and its bytes.
    func objectEntry(_ id: ObjectID) -> NIBObjectEntry? {
        guard let offset = layout[.objects].entryOffset(id) else { return nil }
        return try? reader.object(at: offset).0
    }

    /// The bytes of object `id`'s entry in the object table.
    func objectRange(_ id: ObjectID) -> ByteRange? { objectEntry(id)?.range }

    /// How far objects' runs of values are read: up to the declared count while the runs are in
    /// ibtool's order (a value past the end of the readable table then stops the read); with runs that
    /// overlap, the values that exist, which `NIBValueRuns` assigned to owners.
    var valueBound: Int { runs.overlapping ? layout[.values].found : Int(layout[.values].declaredCount) }

    /// An object's run of values clipped to `valueCount` values.
    static func clippedRun(_ entry: NIBObjectEntry, valueCount: Int) -> NIBValueRuns.Stretch {
        let first = Int(Swift.min(entry.firstValue, UInt64(valueCount)))
        let (end, overflow) = entry.firstValue.addingReportingOverflow(entry.valueCount)
        return NIBValueRuns.Stretch(first: first, end: overflow ? valueCount : Int(Swift.min(end, UInt64(valueCount))))
    }

    /// The text of key `index`, if the key exists.
    func keyName(_ index: UInt64) -> String? { index < UInt64(Int.max) ? keys.text(Int(index), reader) : nil }

    /// The name of class `index`, if it exists.
    func className(_ index: UInt64) -> String? { index < UInt64(Int.max) ? classNames.text(Int(index), reader) : nil }

    package func object(_ id: ObjectID) -> GraphObject {
        guard id >= 0, id < objectCount, let entry = objectEntry(id) else {
            return GraphObject(id: id, kind: .invalid, diagnostics: [NIBArchiveIssue.objectNoSuchID(id: id, objects: objectCount).diagnostic(nil)])
        }
        guard entry.valueCount > UInt64(Self.storedRunLimit) else { return read(id, entry) }
        if let known = largeObjects.withLock({ $0[id] }) { return known }
        let object = read(id, entry)
        largeObjects.withLock { cache in
            if cache.count >= 16 { cache.removeAll(keepingCapacity: true) }
            cache[id] = object
        }
        return object
    }

    package func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] {
        NIBArchiveCheck(graph: self).run(progress: progress)
    }

    /// Objects the root does not reach (references are judged as each object is read).
    package func graphRuleDiagnostics(reachability: GraphReachability) -> [Diagnostic] { NIBUnreachableRule.check(self, reachability: reachability) }
}

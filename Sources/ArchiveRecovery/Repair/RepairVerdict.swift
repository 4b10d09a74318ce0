import ArchiveCore
import ArchiveDocuments

/// How one reading of a damaged file decodes, in the terms the repair search and its acceptance rule
/// compare readings by: the format's own check (its invariants: reference ranges and kinds, lengths,
/// tables, class records, every object referenced) and the objects the reading gives back.
///
/// Counting errors alone can be gamed by a wrong reading: a keyed archive whose top dictionary no
/// longer leads to `$objects` has two errors instead of a thousand, and no objects. So a reading is
/// judged first by the objects it keeps (reachable from the top, decoding without an error of their
/// own), which no wrong reading raises, and its problems are compared only between readings that keep
/// at least as many (`isAcceptable(against:)`).
struct RepairVerdict: Sendable, Equatable {
    /// Objects in the graph (`$objects` entries, typedstream objects, NIB objects, plist nodes), and
    /// in the archives its data values hold.
    var objects = 0
    /// Objects reachable from the top level that decode and carry no error of their own (an embedded
    /// archive's: reachable from its top and valid).
    var kept = 0
    /// Errors and warnings of the format's check (`damage.*` causes aside: they are conclusions).
    var errors = 0
    var warnings = 0
    /// Notes that break an invariant every writer keeps: an object or bytes nothing refers to (other
    /// notes, such as a typedstream's header, are facts about a sound file and are not counted).
    var notes = 0
    /// Offset of the first error, in the reading's own bytes (nil when it has none), and the end of its
    /// range (an error inside an embedded archive covers the data value holding it).
    var firstError: Int?
    var firstErrorEnd: Int?
    /// Whether the top level leads to a root that decodes.
    var rootIntact = false
    /// References to an object numbered before the one referring, that nothing else refers to. Archivers
    /// number an object when they first meet it, so such a reference is unusual: between readings the
    /// verdict finds equally good, the one with fewer is the likelier (a tie-break, never a verdict).
    var inversions = 0
    /// Descents in lists and slots holding an unusual kind (`WriterLikelihood`): tie-breaks too.
    var listDescents = 0
    var slotMismatches = 0
    /// The same by key alone (a weaker measure, compared only when the others are equal).
    var keyMismatches = 0

    /// Whether this reading fits the way archivers write better than `other` (a tie-break between
    /// readings the verdict finds equally good): fewer inversions, descents and slot mismatches, then
    /// fewer key mismatches.
    func fitsWriterBetter(than other: RepairVerdict) -> Bool {
        let mine = inversions + listDescents + slotMismatches, theirs = other.inversions + other.listDescents + other.slotMismatches
        return mine != theirs ? mine < theirs : keyMismatches < other.keyMismatches
    }

    /// A reading with no error and no warning.
    var isClean: Bool { errors == 0 && warnings == 0 }

    /// Whether this reading may replace `baseline` (the damaged file as it is): it keeps at least the
    /// objects the baseline keeps, with the root intact when the baseline had it.
    func isAcceptable(against baseline: RepairVerdict) -> Bool {
        kept >= baseline.kept && (rootIntact || !baseline.rootIntact)
    }

    /// Whether this reading is better than `other`: fewer errors, then more objects kept, then fewer
    /// warnings, then fewer notes (the order in which problems say a reading is wrong).
    func isBetter(than other: RepairVerdict) -> Bool {
        if errors != other.errors { return errors < other.errors }
        if kept != other.kept { return kept > other.kept }
        if warnings != other.warnings { return warnings < other.warnings }
        return notes < other.notes
    }

    /// What this reading keeps, told against `baseline`'s (for a refusal): `12 of 40 objects, the root
    /// lost, against 565 with the root intact as the bytes are`.
    func keptText(against baseline: RepairVerdict) -> String {
        "\(kept) of " + English.count(objects, "object") + (rootIntact ? "" : ", the root lost") + ", against \(baseline.kept)"
            + (baseline.rootIntact ? " with the root intact" : "") + " as the bytes are"
    }

    /// Whether neither reading is better than the other.
    func ties(_ other: RepairVerdict) -> Bool {
        errors == other.errors && kept == other.kept && warnings == other.warnings && notes == other.notes
    }
}

/// Judges readings: opens the bytes as a document (the format detected as for any input), runs the
/// format's full check and walks the graph once for reachability. Counts the judgements it made, the
/// budget the searches spend.
struct RepairJudge {
    private(set) var judgements = 0

    mutating func judge(_ bytes: [UInt8]) -> RepairVerdict {
        judgements += 1
        return Self.verdict(ArchiveDocument.open(InputBytes(bytes), name: "").graph)
    }

    /// Notes that say a writer's invariant is broken: no archiver writes an object, or bytes, that
    /// nothing refers to.
    static let invariantNotes: Set<String> = [
        "bplist.bytes.unreferenced", "bplist.object.unreferenced", "keyed.object.unreachable", "nib.object.unreachable",
        "typedstream.object.unreachable",
    ]

    /// The verdict on an opened graph.
    static func verdict(_ graph: any ObjectGraph) -> RepairVerdict {
        var verdict = RepairVerdict()
        // The archives inside data values count: a CR in an embedded binary plist is the file's damage too.
        let diagnostics = EmbeddedCheck.fullCheck(of: graph)
        var objectsWithErrors = Set<Int>()
        for d in diagnostics where !d.id.hasPrefix("damage.") {
            switch d.severity {
            case .error:
                verdict.errors += 1
                if let object = d.object { objectsWithErrors.insert(object) }
                if let r = d.range {
                    if verdict.firstError.map({ r.start < $0 }) ?? true {
                        verdict.firstError = r.start
                        verdict.firstErrorEnd = r.end
                    } else if r.start == verdict.firstError {
                        verdict.firstErrorEnd = Swift.max(verdict.firstErrorEnd ?? r.end, r.end)
                    }
                }
            case .warning: verdict.warnings += 1
            case .note: if Self.invariantNotes.contains(d.id) { verdict.notes += 1 }
            }
        }
        let invalid = measure(graph, objectsWithErrors: objectsWithErrors, into: &verdict).invalid
        verdict.rootIntact = rootIntact(graph) { invalid[$0] }
        let node = DocumentNode(root: graph, name: "input")
        addEmbedded(of: node, budget: EmbeddedBudget(for: node), depth: 0, into: &verdict)
        return verdict
    }

    /// Adds `graph`'s objects, the ones kept (reachable from the top, valid, with no error of their
    /// own) and the writer's measures to `verdict`; returns which objects are invalid and how many
    /// nothing reaches.
    @discardableResult
    static func measure(_ graph: any ObjectGraph, objectsWithErrors: Set<Int>, into verdict: inout RepairVerdict)
        -> (invalid: [Bool], unreachable: Int) {
        let n = graph.objectCount
        verdict.objects += n
        var edges = GraphEdges(objectCount: n)
        var invalid = [Bool](repeating: false, count: n)
        var likelihood = WriterLikelihood(objectCount: n)
        for id in 0..<n {
            let object = graph.structure(id)
            invalid[id] = object.kind == .invalid
            edges.add(object)
            likelihood.add(object)
        }
        let reach = GraphReachability(edges: GraphEdges(top: graph.topLevel, objectCount: n, parts: [edges]))
        for (from, to) in zip(edges.from, edges.to) where from >= 0 && to >= 0 && to < from && Int(to) < n {
            if reach.referrerCounts[Int(to)] == 1 { verdict.inversions += 1 }
        }
        verdict.listDescents += likelihood.listDescents(referrerCounts: reach.referrerCounts)
        verdict.slotMismatches += likelihood.slotMismatches()
        verdict.keyMismatches += likelihood.keyMismatches()
        var unreachable = 0
        for id in 0..<n {
            if !reach.reachable[id] { unreachable += 1 } else if !invalid[id] && !objectsWithErrors.contains(id) { verdict.kept += 1 }
        }
        return (invalid, unreachable)
    }

    /// The archives in `node`'s data values (an iMessage body's keyed archive inside a typedstream),
    /// measured the same way: their objects kept, the ones nothing reaches (as the notes an archive
    /// of their own would get), and the writer's measures, so that a CR inside one is judged by its
    /// own structure. Down to the embedded depth limit, within `budget`.
    private static func addEmbedded(of node: DocumentNode, budget: EmbeddedBudget, depth: Int, into verdict: inout RepairVerdict) {
        guard depth < EmbeddedArchives.maxDepth else { return }
        var seen = Set<ByteRange>()
        EmbeddedArchives.forEach(in: node) { found in
            if let range = found.range, !seen.insert(range).inserted { return true }
            guard let child = EmbeddedArchives.open(found, in: node, budget: budget) else { return true }
            verdict.notes += measure(child.document.graph, objectsWithErrors: [], into: &verdict).unreachable
            addEmbedded(of: child, budget: budget, depth: depth + 1, into: &verdict)
            return true
        }
    }

    /// Whether the top level of `graph` leads to a root that decodes: a value of its own, or a
    /// reference to an object that is not invalid (`isInvalid`, asked only for ids in range; by
    /// default the object's structure is read).
    static func rootIntact(_ graph: any ObjectGraph, isInvalid: ((Int) -> Bool)? = nil) -> Bool {
        let n = graph.objectCount
        let invalid = isInvalid ?? { graph.structure($0).kind == .invalid }
        return graph.topLevel.contains { field in
            switch field.value {
            case .scalar, .list: return true
            case .reference: return field.value.objectID.map { $0 >= 0 && $0 < n && !invalid($0) } ?? false
            case .invalid, .sameAs: return false
            }
        }
    }
}

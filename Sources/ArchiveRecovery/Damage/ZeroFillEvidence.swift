import ArchiveCore

/// `damage.zero-filled`: runs of zero bytes where the decoders found errors: data that never reached
/// the disk, a wiped page, sectors an imaging tool could not read.
///
/// Two kinds of evidence. A binary plist's problems are local to the bytes they name, so a problem
/// touching a long run (64 bytes, or any run ending the file) counts. A typedstream or NIBArchive is read
/// as a stream or a table of entries whose diagnostics can span the run (an object left open, a table
/// read no further), so only a problem that *starts* in the run counts: the decoder read structure
/// from the zeros there and found none (a varint of zeros never ends, `00` where a type string,
/// class or `86` belongs is a reference past the table). Their runs count from 16 bytes: small
/// files have small blocks, and the problem in the run is what makes it evidence.
enum ZeroFillEvidence {
    /// Runs shorter than this (not at the end of the file) are ordinary data.
    static let minimumRun = 64
    /// The same for a run that ends the file.
    static let minimumEndRun = 32
    /// The same for formats judged by where their problems start (typedstream, NIBArchive).
    static let minimumStructuralRun = 16
    /// How far before a run a structural problem may start and still be its: a multi-byte read (an
    /// integer's tag, a varint) that began just before the zeros.
    static let structuralLead = 8
    /// Runs reported one by one; more are summed up in a note.
    static let reportedRuns = 3

    static func find(_ context: DamageContext) -> [Diagnostic] {
        let n = context.input.count
        let structural = context.isStructural
        let runs = context.statistics.zeroRuns.filter {
            structural ? $0.count >= minimumStructuralRun : ($0.count >= minimumRun || ($0.end == n && $0.count >= minimumEndRun))
        }
        guard !runs.isEmpty else { return [] }
        var found: [(ByteRange, [Diagnostic])] = []
        if structural {
            found = structuralEvidence(runs, context.errors, notReadFromZeros: context.traits.notReadFromBytes)
        } else {
            // Problems that lie in a run: errors and warnings, and what zeros read as (a binary plist's
            // null objects: NSKeyedArchiver never writes one).
            let zerosRead = context.traits.zerosReadAs
            let located = context.diagnostics.filter { ($0.severity >= .warning || zerosRead.contains($0.id)) && !$0.id.hasPrefix("damage.") }
            for run in runs {
                // Problems lying wholly in the run come first: they are the clearest evidence.
                let touching = located.filter { d in d.range.map { $0.overlaps(run) || (run.contains($0.start) && $0.count == 0) } ?? false }
                let contained = touching.filter { d in d.range.map { $0.start >= run.start && $0.end <= run.end } ?? false }
                let inside = contained + touching.filter { d in !(d.range.map { $0.start >= run.start && $0.end <= run.end } ?? false) }
                if !inside.isEmpty || (run.end == n && context.errors.contains { $0.range.map { $0.end > n - 32 } ?? false }) { found.append((run, inside)) }
            }
        }
        var out: [Diagnostic] = []
        for (run, inside) in found.prefix(reportedRuns) {
            var notes = inside.prefix(4).map { d in DiagnosticNote("in the zeros: \(d.id): \(d.message)", range: d.range) }
            let more = inside.count - 4
            if more > 0 { notes.append(DiagnosticNote("\(English.count(more, "more problem")) \(more == 1 ? "lies" : "lie") in these zero bytes")) }
            out.append(Diagnostic(DamageCode.zeroFilled, message(run, n: n, problems: inside.count), range: run, notes: notes))
        }
        if found.count > reportedRuns, var last = out.popLast() {
            last = last.with(notes: last.notes + [DiagnosticNote("\(found.count - reportedRuns) more runs of zero bytes hold problems")])
            out.append(last)
        }
        return out
    }

    /// The runs in which errors start (`startsIn`), with those errors: the error starts sorted once and
    /// each run's found by binary search, so many runs and many errors cost no product of the two.
    /// Errors that start where no structure was read (`notReadFromZeros`: the decoder's recovery, an
    /// object left open, the end met inside a value, as the format's `DamageTraits` list them) are not
    /// evidence.
    private static func structuralEvidence(_ runs: [ByteRange], _ errors: [Diagnostic], notReadFromZeros: Set<String>)
        -> [(ByteRange, [Diagnostic])] {
        let located = errors.compactMap { d in d.range.map { (range: $0, diagnostic: d) } }
            .filter { !notReadFromZeros.contains($0.diagnostic.id) }
            .sorted { $0.range.start < $1.range.start }
        var found: [(ByteRange, [Diagnostic])] = []
        for run in runs {
            let from = run.start - structuralLead
            var low = 0, high = located.count
            while low < high {
                let mid = low + (high - low) / 2
                if located[mid].range.start < from { low = mid + 1 } else { high = mid }
            }
            var inside: [Diagnostic] = []
            while low < located.count, located[low].range.start < run.end {
                if startsIn(run, located[low].range) { inside.append(located[low].diagnostic) }
                low += 1
            }
            if !inside.isEmpty { found.append((run, inside)) }
        }
        return found
    }

    /// Whether `range` starts in `run`, or just before it and reaches into it.
    private static func startsIn(_ run: ByteRange, _ range: ByteRange) -> Bool {
        run.contains(range.start) || (range.start < run.start && range.start >= run.start - structuralLead && range.end > run.start)
    }

    static func message(_ run: ByteRange, n: Int, problems: Int) -> String {
        let place = run.end == n
            ? "the last \(ValueFormatter.byteCount(run.count)) of the file (from offset \(run.start)) are all zero"
            : "bytes \(run.start) to \(run.end - 1) (\(ValueFormatter.byteCount(run.count))) are all zero"
        let alignment = alignmentText(run)
        let where_ = run.end == n ? ", where the end of the archive (its last objects, offset table or trailer) must be" : ", where the archive's data must be"
        return place + where_ + (problems > 0 ? "; \(English.count(problems, "problem")) \(problems == 1 ? "lies" : "lie") in them" : "") + alignment
    }

    /// `; the run covers whole 4 KiB pages` when it starts and ends on page (or sector) boundaries.
    static func alignmentText(_ run: ByteRange) -> String {
        for (size, name) in [(4096, "4 KiB pages"), (512, "512-byte sectors")] where run.start % size == 0 && run.count >= size && run.count % size == 0 {
            return "; the run covers whole \(name), as unwritten or wiped storage does"
        }
        return ""
    }
}

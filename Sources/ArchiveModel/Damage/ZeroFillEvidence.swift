/// `damage.zero-filled`: runs of zero bytes where the decoders found errors: data that never reached
/// the disk, a wiped page, sectors an imaging tool could not read.
enum ZeroFillEvidence {
    /// Runs shorter than this (not at the end of the file) are ordinary data.
    static let minimumRun = 64
    /// Runs reported one by one; more are summed up in a note.
    static let reportedRuns = 3

    static func find(_ context: DamageContext) -> [Diagnostic] {
        let n = context.input.count
        let runs = context.statistics.zeroRuns.filter { $0.count >= minimumRun || $0.end == n }
        guard !runs.isEmpty else { return [] }
        // Problems that lie in a run: errors and warnings, and null objects (NSKeyedArchiver never writes one).
        let located = context.diagnostics.filter { ($0.severity >= .warning || $0.id == "bplist.marker.null") && !$0.id.hasPrefix("damage.") }
        var found: [(ByteRange, [Diagnostic])] = []
        for run in runs {
            // Problems lying wholly in the run come first: they are the clearest evidence.
            let touching = located.filter { d in d.range.map { $0.overlaps(run) || (run.contains($0.start) && $0.count == 0) } ?? false }
            let contained = touching.filter { d in d.range.map { $0.start >= run.start && $0.end <= run.end } ?? false }
            let inside = contained + touching.filter { d in !(d.range.map { $0.start >= run.start && $0.end <= run.end } ?? false) }
            if !inside.isEmpty || (run.end == n && context.errors.contains { $0.range.map { $0.end > n - 32 } ?? false }) { found.append((run, inside)) }
        }
        var out: [Diagnostic] = []
        for (run, inside) in found.prefix(reportedRuns) {
            var notes = inside.prefix(4).map { d in DiagnosticNote("in the zeros: \(d.id): \(d.message)", range: d.range) }
            if inside.count > 4 { notes.append(DiagnosticNote("\(inside.count - 4) more problems lie in these zero bytes")) }
            out.append(Diagnostic(DamageCode.zeroFilled, message(run, n: n, problems: inside.count), range: run, notes: notes))
        }
        if found.count > reportedRuns, var last = out.popLast() {
            last = last.with(notes: last.notes + [DiagnosticNote("\(found.count - reportedRuns) more runs of zero bytes hold problems")])
            out.append(last)
        }
        return out
    }

    static func message(_ run: ByteRange, n: Int, problems: Int) -> String {
        let place = run.end == n
            ? "the last \(ValueFormatter.byteCount(run.count)) of the file (from offset \(run.start)) are all zero"
            : "bytes \(run.start) to \(run.end - 1) (\(ValueFormatter.byteCount(run.count))) are all zero"
        let alignment = alignmentText(run)
        let where_ = run.end == n ? ", where the end of the archive (its last objects, offset table or trailer) must be" : ", where the archive's data must be"
        return place + where_ + (problems > 0 ? "; \(English.count(problems, "problem")) lie in them" : "") + alignment
    }

    /// `; the run covers whole 4 KiB pages` when it starts and ends on page (or sector) boundaries.
    static func alignmentText(_ run: ByteRange) -> String {
        for (size, name) in [(4096, "4 KiB pages"), (512, "512-byte sectors")] where run.start % size == 0 && run.count >= size && run.count % size == 0 {
            return "; the run covers whole \(name), as unwritten or wiped storage does"
        }
        return ""
    }
}

import ArchiveModel

/// The report of `--salvage` and `--repair`: what was repaired, kept, replaced and dropped, where
/// (object ids and byte ranges in the repaired input), and whether the new file reads cleanly.
struct RescueSummary {
    let kind: CLIModes.RescueKind
    let input: InputSource
    let output: [UInt8]
    let size: Int
    let report: SalvageReport
    let notUndone: [String]
    /// What the read-back finds in the new file (none expected): errors and warnings of the check,
    /// values other readers refuse.
    let problemsAfter: [SalvageReadBack.Problem]

    /// Change lines printed as text; `--json` lists all.
    static let textLimit = 200

    /// Text for standard error, every piece from the file escaped.
    func writeText(_ out: FileOutput) {
        let outName = CLIModes.isStandardOutput(output) ? "standard output" : DisplayText.escape(bytes: output)
        var head = "archive-browse: \(input.displayName): wrote \(outName) (\(ValueFormatter.byteCount(size)))"
        if kind == .salvage { head += ": " + report.summary }
        out.write(head + "\n")
        for step in report.repairs {
            var line = "  repaired: " + step.summary + " (\(ValueFormatter.byteCount(step.sizeBefore)) → \(ValueFormatter.byteCount(step.sizeAfter)))"
            if step.candidatesTried > 0 { line += "; \(English.count(step.candidatesTried, "reading")) tried" }
            if !step.undecided.isEmpty {
                line += "; \(English.count(step.undecided.count, "byte")) undecided, left as they were, at "
                    + step.undecided.prefix(8).map(String.init).joined(separator: ", ") + (step.undecided.count > 8 ? ", …" : "")
            }
            out.write(DisplayText.escapeMessage(line) + "\n")
            writeChanges(step.changes, heading: nil, to: out)
            writeChanges(step.alternatives, heading: "undecided: nothing in the format tells these readings apart (the reading written, or the other):", to: out)
            if step.stoppedEarly { out.write("    the search stopped at its budget or time limit: what it had not examined is left as it was\n") }
        }
        for why in notUndone { out.write(DisplayText.escapeMessage("  not repaired: " + why) + "\n") }
        for note in report.notes where !QuietNotes.isOn { out.write(DisplayText.escapeMessage("  note: " + note) + "\n") }
        for change in report.changes.prefix(Self.textLimit) {
            var place = change.object.map { "#\($0)" } ?? "root"
            if let key = change.key { place += " " + key }
            if let range = change.range { place += " \(range)" }
            out.write(DisplayText.escapeMessage("  \(place): \(change.action.rawValue): \(change.reason)") + "\n")
        }
        if report.changes.count > Self.textLimit {
            out.write("  … \(report.changes.count - Self.textLimit) more (--json lists every change)\n")
        }
        if !report.repairs.isEmpty, !report.changes.isEmpty { out.write("  (offsets are in the repaired bytes)\n") }
        for problem in problemsAfter.prefix(5) {
            out.write(DisplayText.escapeMessage("  the new file still has: " + problem.line) + "\n")
        }
    }

    /// Changes by meaning, one line per place (repeats at one place counted), up to `textLimit` lines.
    private func writeChanges(_ changes: [RepairChange], heading: String?, to out: FileOutput) {
        guard !changes.isEmpty else { return }
        if let heading { out.write("    " + heading + "\n") }
        var order: [String] = []
        var byPlace: [String: (first: RepairChange, count: Int)] = [:]
        // What objects say first; the offset table and trailer (where they lie) after, as one line.
        let layout = changes.filter(\.inLayout)
        for change in changes where !change.inLayout {
            if let seen = byPlace[change.place] { byPlace[change.place] = (seen.first, seen.count + 1) } else {
                byPlace[change.place] = (change, 1)
                order.append(change.place)
            }
        }
        for place in order.prefix(Self.textLimit) {
            guard let (first, count) = byPlace[place] else { continue }
            let times = count > 1 ? " (\(count) bytes here; the first shown)" : ""
            out.write(DisplayText.escapeMessage("    \(first.line)\(times) [offset \(first.offset)]") + "\n")
        }
        if order.count > Self.textLimit { out.write("    … \(order.count - Self.textLimit) more places (--json lists each byte)\n") }
        if let first = layout.first {
            let more = layout.count > 1 ? " (\(layout.count) bytes of the offset table and trailer; the first shown)" : ""
            out.write(DisplayText.escapeMessage("    \(first.line)\(more) [offset \(first.offset)]") + "\n")
        }
    }

    /// One JSON document on one line.
    func writeJSON(_ out: FileOutput) {
        var w = JSONWriter()
        w.beginObject()
        w.field("file"); w.string(input.jsonName)
        w.field("output"); w.string(String(validating: output, as: UTF8.self) ?? DisplayText.escape(bytes: output))
        w.field("mode"); w.string(kind == .salvage ? "salvage" : "repair")
        w.field("size"); w.int(size)
        w.field("repairs"); w.beginArray()
        for step in report.repairs {
            w.element(); w.beginObject()
            w.field("mechanism"); w.string(step.mechanism.rawValue)
            w.field("summary"); w.string(step.summary)
            w.field("bytesChanged"); w.int(step.bytesChanged)
            w.field("sizeBefore"); w.int(step.sizeBefore)
            w.field("sizeAfter"); w.int(step.sizeAfter)
            w.field("candidatesTried"); w.int(step.candidatesTried)
            w.field("undecided"); w.beginArray()
            for offset in step.undecided { w.element(); w.int(offset) }
            w.endArray()
            w.field("stoppedEarly"); w.bool(step.stoppedEarly)
            if let side = step.side { w.field("side"); w.string(side.rawValue) }
            w.field("changes"); Self.writeChanges(step.changes, &w)
            w.field("alternatives"); Self.writeChanges(step.alternatives, &w)
            w.endObject()
        }
        w.endArray()
        w.field("notRepaired"); Self.writeStrings(notUndone, &w)
        if kind == .salvage {
            w.field("objects"); w.int(report.objectCount)
            w.field("kept"); w.int(report.keptObjects)
            w.field("contentValues"); w.int(report.contentValues)
            w.field("notes"); Self.writeStrings(report.notes, &w)
            w.field("changes"); w.beginArray()
            for change in report.changes {
                w.element(); w.beginObject()
                w.field("action"); w.string(change.action.rawValue)
                w.field("object"); if let object = change.object { w.int(object) } else { w.null() }
                w.field("key"); if let key = change.key { w.string(key) } else { w.null() }
                w.field("range"); JSONRenderer.writeRange(change.range, &w)
                w.field("reason"); w.string(change.reason)
                w.endObject()
            }
            w.endArray()
        }
        w.field("problemsAfter"); w.int(problemsAfter.count)
        w.field("readBack"); w.beginArray()
        for problem in problemsAfter {
            w.element(); w.beginObject()
            w.field("id"); if let id = problem.id { w.string(id) } else { w.null() }
            w.field("message"); w.string(problem.message)
            w.field("range"); JSONRenderer.writeRange(problem.range, &w)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        out.line(w.text)
        out.flush()
    }

    /// `[{"offset", "place", "before", "after", "layout"}]`.
    static func writeChanges(_ changes: [RepairChange], _ w: inout JSONWriter) {
        w.beginArray()
        for change in changes {
            w.element(); w.beginObject()
            w.field("offset"); w.int(change.offset)
            w.field("place"); w.string(change.place)
            w.field("before"); w.string(change.before)
            w.field("after"); w.string(change.after)
            w.field("layout"); w.bool(change.inLayout)
            w.endObject()
        }
        w.endArray()
    }

    /// `["…", …]`.
    static func writeStrings(_ strings: [String], _ w: inout JSONWriter) {
        w.beginArray()
        for s in strings { w.element(); w.string(s) }
        w.endArray()
    }
}
